import {
  closestCenter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import type { Like } from '@shared/anime'
import type { Folder } from '@shared/board'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { nameIn, UNSORTED } from './board-model'
import type { Change } from './board-query'
import { folderDropId } from './folder-section'
import { BOARD } from './strings'

type DragData = { type: 'like' | 'folder'; folder: string; empty?: boolean } | undefined

const dataOf = (entry: { data: { current?: unknown } } | null): DragData =>
  entry?.data.current as DragData

/**
 * Where what is dragged may land: a folder among the user's folders; a title on another title,
 * or in a folder that shows none (empty or closed), which takes it at its end.
 */
function accepts(dragged: DragData, target: DragData): boolean {
  if (dragged === undefined || target === undefined) return false
  if (dragged.type === 'folder') return target.type === 'folder' && target.folder !== UNSORTED
  return target.type === 'like' || target.empty === true
}

/**
 * Titles go where the pointer is: onto a card, else into the folder under it; with the keyboard
 * (no pointer), where the arrow keys put them. Folders only ever land among folders.
 */
export const collisions: CollisionDetection = (args) => {
  const dragged = dataOf(args.active)
  const candidates = args.droppableContainers.filter((container) =>
    accepts(dragged, dataOf(container)),
  )
  if (dragged?.type === 'like') {
    const types = new Map(args.droppableContainers.map((entry) => [entry.id, dataOf(entry)?.type]))
    const isCard = (hit: { id: UniqueIdentifier }) => types.get(hit.id) === 'like'
    if (args.pointerCoordinates === null) {
      // The keyboard put the card on the place the arrow chose: a folder showing no titles when
      // it covers no title, else the title nearest.
      const covered = rectIntersection({ ...args, droppableContainers: candidates })
      if (covered.length > 0 && !covered.some(isCard)) return covered
      return closestCenter({ ...args, droppableContainers: candidates.filter(isCard) })
    }
    const under = pointerWithin(args)
    const card = under.find(isCard)
    if (card !== undefined) return [card]
    if (under.length > 0) return under
  }
  return closestCenter({ ...args, droppableContainers: candidates })
}

/** The arrow keys move a title or a folder to the next place it may land, as collisions say. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { context } = args
  const all = context.droppableContainers
  const dragged = dataOf(context.active)
  // sortableKeyboardCoordinates reads the droppables through these two methods only.
  const droppableContainers = {
    ...all,
    get: (id: UniqueIdentifier) => all.get(id),
    getEnabled: () => all.getEnabled().filter((entry) => accepts(dragged, dataOf(entry))),
  } as typeof all
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...context, droppableContainers },
  })
}

/**
 * Dragging on the board, with the mouse, a finger or the keyboard: the sensors, what a screen
 * reader hears as a title or a folder moves, and the change a drop makes. `clearFailure` takes
 * away the notice of a change that failed before the drop makes its own.
 */
export function useBoardDrag({
  folders,
  groups,
  likeById,
  makeChange,
  moveToFolder,
  clearFailure,
}: {
  folders: readonly Folder[]
  groups: ReadonlyMap<string, Like[]>
  likeById: ReadonlyMap<string, Like>
  makeChange: (change: Change) => void
  moveToFolder: (id: string, folderId: string | null) => void
  clearFailure: () => void
}) {
  const strings = useStrings('board', BOARD)
  const language = useLanguage()
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  )

  const folderName = (key: string) =>
    key === UNSORTED ? strings.unsorted : (folders.find((folder) => folder.id === key)?.name ?? '')
  const nameOfDrag = (id: string | number) => {
    const like = likeById.get(String(id))
    if (like !== undefined) return nameIn(like.anime, language)
    return folderName(String(id).replace(/^folder:/, ''))
  }
  const placeOf = (id: string | number) =>
    likeById.has(String(id)) ? nameOfDrag(id) : strings.dnd.folderPlace(nameOfDrag(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) => strings.dnd.picked(nameOfDrag(active.id)),
    onDragOver: ({ active, over }) =>
      over === null
        ? strings.dnd.notOver(nameOfDrag(active.id))
        : strings.dnd.over(nameOfDrag(active.id), placeOf(over.id)),
    onDragEnd: ({ active, over }) =>
      over === null
        ? strings.dnd.droppedNowhere(nameOfDrag(active.id))
        : strings.dnd.dropped(nameOfDrag(active.id), placeOf(over.id)),
    onDragCancel: ({ active }) => strings.dnd.cancelled(nameOfDrag(active.id)),
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = dataOf(active)
    const to = dataOf(over)
    if (over === null || from === undefined || to === undefined || active.id === over.id) return
    clearFailure()
    if (from.type === 'folder') {
      const ids = folders.map((folder) => folderDropId(folder.id))
      const oldIndex = ids.indexOf(String(active.id))
      const newIndex = ids.indexOf(String(over.id))
      if (oldIndex < 0 || newIndex < 0) return
      const moved = arrayMove(ids, oldIndex, newIndex)
      const after = moved[newIndex - 1]
      makeChange({
        kind: 'moveFolder',
        id: from.folder,
        after: after === undefined ? null : after.replace(/^folder:/, ''),
      })
      return
    }
    const id = String(active.id)
    const target = to.folder
    const folderId = target === UNSORTED ? null : target
    const ids = (groups.get(target) ?? []).map((like) => like.anime.id)
    if (to.type === 'folder') {
      if (target === from.folder) return
      moveToFolder(id, folderId)
      return
    }
    const overIndex = ids.indexOf(String(over.id))
    if (target === from.folder) {
      const moved = arrayMove(ids, ids.indexOf(id), overIndex)
      makeChange({ kind: 'moveLike', id, folderId, after: moved[overIndex - 1] ?? null })
    } else {
      // Into another folder: where the card it was dropped on stood, that card after it.
      makeChange({ kind: 'moveLike', id, folderId, after: ids[overIndex - 1] ?? null })
    }
  }

  return {
    sensors,
    onDragEnd,
    accessibility: {
      announcements,
      screenReaderInstructions: { draggable: strings.dnd.instructions },
    },
  }
}
