import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react'
import {
  closestCenter,
  DndContext,
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
import { arrayMove, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import type { AnimeSummary, Like } from '@shared/anime'
import { PinResultSchema, type PinAllowance } from '@shared/plans'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useLanguage, useMessages, useStrings } from '@client/lib/i18n/i18n'
import {
  filtersInUse,
  foldersInOrder,
  likesByFolder,
  shown,
  UNSORTED,
  yearsOf,
} from './board-model'
import { useBoard, useBoardChanges, type Change } from './board-query'
import { useBoardView } from './board-view'
import { BoardFilterBar } from './filter-bar'
import { folderDropId, FolderSection, type FolderActions } from './folder-section'
import { NewFolderForm } from './new-folder-form'
import { PinnedRow } from './pinned-row'
import type { CardActions } from './title-card'
import { BOARD } from './strings'

const NONE: Like[] = []

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
const collisions: CollisionDetection = (args) => {
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

/** The titles' translation in the language shown, when the data has one. */
function nameIn(anime: AnimeSummary, language: string): string {
  if (anime.lang === language) return anime.title
  const translated =
    language === 'ja' || language === 'en' ? anime.translations[language]?.[0] : undefined
  return translated ?? anime.title
}

/**
 * The board (/favorites, signed in): the liked titles as cards in folders, Unsorted first; the
 * folders and the titles in them in the user's order, kept by the server. Every change shows at
 * once and is rolled back, with a message, when the server refuses it.
 */
export function Board({
  uid,
  handle,
  allowance,
  onAllowance,
}: {
  uid: string
  /** The user's handle: a public folder's page is at /@handle/slug ('' while they have none). */
  handle: string
  /** The account's pins this period (the profile's), undefined while it loads. */
  allowance: PinAllowance | undefined
  /** Told the pins left after each pin, as the server counted them. */
  onAllowance: (allowance: PinAllowance) => void
}) {
  const strings = useStrings('board', BOARD)
  const t = useMessages()
  const language = useLanguage()
  const board = useBoard(uid)
  const [failure, setFailure] = useState<{ kind: Change['kind']; message: string } | null>(null)
  const [removed, setRemoved] = useState<Like[]>([])
  const [selecting, setSelecting] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [justOpened, setJustOpened] = useState<string | null>(null)
  const makeChange = useBoardChanges(uid, (change, error) =>
    setFailure({ kind: change.kind, message: errorMessage(error) }),
  )
  const view = useBoardView(board.isSuccess)
  const { sort } = view

  const folders = useMemo(() => foldersInOrder(board.data?.folders ?? []), [board.data?.folders])
  // A folder filter names a folder that is still there (another device may have deleted it).
  const filters = useMemo(
    () =>
      view.filters.folder === 'all' ||
      view.filters.folder === UNSORTED ||
      folders.some((folder) => folder.id === view.filters.folder)
        ? view.filters
        : { ...view.filters, folder: 'all' },
    [view.filters, folders],
  )
  const groups = useMemo(() => likesByFolder(board.data?.likes ?? []), [board.data?.likes])
  const years = useMemo(() => yearsOf(board.data?.likes ?? []), [board.data?.likes])
  const titleOf = useCallback((anime: AnimeSummary) => nameIn(anime, language), [language])
  // The cards follow a new filter or sort in a render React may interrupt, so typing in the
  // text filter stays quick on a board of a thousand titles.
  const shownFilters = useDeferredValue(filters)
  const shownSort = useDeferredValue(sort)
  // Dragging follows the order shown: the user's own, with no filter on.
  const orderable = shownSort === 'order' && !filtersInUse(shownFilters)
  const visible = useMemo(() => {
    const each = new Map<string, Like[]>()
    for (const key of [UNSORTED, ...folders.map((folder) => folder.id)]) {
      each.set(key, shown(groups.get(key) ?? [], shownFilters, shownSort, titleOf))
    }
    return each
  }, [groups, folders, shownFilters, shownSort, titleOf])
  const filteredOut = useMemo(() => {
    const each = new Map<string, Like[]>()
    for (const [key, likes] of groups) {
      const kept = new Set(visible.get(key)?.map((like) => like.anime.id))
      each.set(
        key,
        likes.filter((like) => !kept.has(like.anime.id)),
      )
    }
    return each
  }, [groups, visible])
  // "Move up" and "Move down" name the neighbour to follow; only in the user's own order.
  const places = useMemo(() => {
    const each = new Map<
      string,
      { upAfter: string | null | undefined; downAfter: string | undefined }
    >()
    if (!orderable) return each
    for (const likes of groups.values()) {
      likes.forEach((like, index) =>
        each.set(like.anime.id, {
          upAfter: index === 0 ? undefined : index === 1 ? null : likes[index - 2]?.anime.id,
          downAfter: likes[index + 1]?.anime.id,
        }),
      )
    }
    return each
  }, [groups, orderable])

  // The cards' actions read the latest board through a ref, so one object serves every render
  // and the memoised cards never re-render for it.
  const latest = useRef({ groups, makeChange, onAllowance })
  useLayoutEffect(() => {
    latest.current = { groups, makeChange, onAllowance }
  })
  const cardActions = useMemo<CardActions>(
    () => ({
      move: (id, folderId, after) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'moveLike', id, folderId, after })
      },
      moveToFolder: (id, folderId) => {
        setFailure(null)
        const others = (latest.current.groups.get(folderId ?? UNSORTED) ?? []).filter(
          (like) => like.anime.id !== id,
        )
        latest.current.makeChange({
          kind: 'moveLike',
          id,
          folderId,
          after: others.at(-1)?.anime.id ?? null,
        })
      },
      setStatus: (id, status) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'status', id, status })
      },
      saveNote: (id, note, saved) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'note', id, note }, saved)
      },
      remove: (like) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'removeMany', ids: [like.anime.id] }, () =>
          setRemoved([like]),
        )
      },
      pin: (id) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'pin', id }, (answer) => {
          const pinned = PinResultSchema.safeParse(answer)
          if (pinned.success) latest.current.onAllowance(pinned.data.allowance)
        })
      },
      unpin: (id) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'unpin', id })
      },
      toggleSelected: (id) =>
        setSelected((old) => {
          const next = new Set(old)
          if (!next.delete(id)) next.add(id)
          return next
        }),
      nameOf: (anime) => nameIn(anime, language),
    }),
    [language],
  )
  const folderActions = useMemo<FolderActions>(
    () => ({
      rename: (id, name) => latest.current.makeChange({ kind: 'renameFolder', id, name }),
      setPublic: (id, shown) =>
        latest.current.makeChange({ kind: 'folderPublic', id, public: shown }),
      remove: (id) => latest.current.makeChange({ kind: 'deleteFolder', id }),
      move: (id, after) => latest.current.makeChange({ kind: 'moveFolder', id, after }),
    }),
    [],
  )

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  )

  const likeById = useMemo(
    () => new Map((board.data?.likes ?? []).map((like) => [like.anime.id, like])),
    [board.data?.likes],
  )
  const pinned = useMemo(
    () =>
      (board.data?.pinned ?? []).flatMap((id) => {
        const like = likeById.get(id)
        return like === undefined ? [] : [like]
      }),
    [board.data?.pinned, likeById],
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
    setFailure(null)
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
      cardActions.moveToFolder(id, folderId)
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

  // The placeholder and the board are keyed apart: were the board to take over the placeholder's
  // elements, its tools would be drawn where a placeholder card stood and move into place, a
  // shift of the page a reader sees. The placeholder is a screen high, as the room the page kept
  // for the board before the session was known (favorites-page.tsx).
  if (board.isPending) {
    return (
      <div
        key="loading"
        aria-busy="true"
        aria-label={strings.loading}
        className="grid min-h-dvh content-start gap-3 sm:grid-cols-2"
      >
        <div className="h-24 animate-pulse rounded-2xl bg-accent-soft" />
        <div className="h-24 animate-pulse rounded-2xl bg-accent-soft" />
      </div>
    )
  }
  if (board.isError) {
    return (
      <div className="space-y-3">
        <Notice tone="error">{`${strings.failed} ${t(errorMessage(board.error))}`}</Notice>
        <Button variant="secondary" busy={board.isFetching} onClick={() => void board.refetch()}>
          {strings.tryAgain}
        </Button>
      </div>
    )
  }

  const total = board.data.likes.length
  const shownCount = [...visible.values()].reduce((sum, likes) => sum + likes.length, 0)
  const sections = [null, ...folders].filter(
    (folder) => filters.folder === 'all' || filters.folder === (folder?.id ?? UNSORTED),
  )
  const selectedIds = board.data.likes
    .filter((like) => selected.has(like.anime.id))
    .map((like) => like.anime.id)

  return (
    <div key="board" className="space-y-5">
      {total === 0 && (
        <div className="rounded-2xl border border-dashed border-line bg-raised p-5">
          <p className="font-bold text-ink">{strings.empty.title}</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-ink-muted">
            {strings.empty.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      )}
      <div role="group" aria-label={strings.toolbar} className="flex flex-wrap items-end gap-3">
        <NewFolderForm
          onCreate={(name, done) => {
            setFailure(null)
            makeChange({ kind: 'newFolder', name }, done)
          }}
        />
        {total > 0 && (
          <button
            type="button"
            aria-pressed={selecting}
            onClick={() => {
              setSelecting(!selecting)
              setSelected(new Set())
            }}
            className="rounded-full border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-accent-soft aria-pressed:bg-accent-soft"
          >
            {selecting ? strings.select.done : strings.select.start}
          </button>
        )}
      </div>
      {total > 0 && (
        <BoardFilterBar
          filters={filters}
          sort={sort}
          years={years}
          folders={folders}
          onFilters={view.setFilters}
          onClear={view.clearFilters}
          onSort={view.setSort}
          summary={strings.filters.shown(shownCount, total)}
          orderable={orderable}
        />
      )}
      {selecting && (
        <SelectionBar
          count={selectedIds.length}
          folders={folders}
          onMove={(folderId) => {
            setFailure(null)
            makeChange({ kind: 'moveMany', ids: selectedIds, folderId }, () =>
              setSelected(new Set()),
            )
          }}
          onRemove={() => {
            const gone = board.data.likes.filter((like) => selected.has(like.anime.id))
            setFailure(null)
            makeChange({ kind: 'removeMany', ids: selectedIds }, () => {
              setRemoved(gone)
              setSelected(new Set())
            })
          }}
          onClear={() => setSelected(new Set())}
        />
      )}
      {failure !== null && (
        <Notice tone="error">{`${strings.changeFailed[failure.kind]} ${t(failure.message)}`}</Notice>
      )}
      {removed.length > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-sunken px-4 py-2 text-sm text-ink"
        >
          <span>
            {removed.length === 1 && removed[0] !== undefined
              ? strings.removed(nameIn(removed[0].anime, language))
              : strings.removedMany(removed.length)}
          </span>
          <Button
            variant="quiet"
            onClick={() => {
              setFailure(null)
              makeChange({ kind: 'restore', likes: removed }, () => setRemoved([]))
            }}
          >
            {strings.undo}
          </Button>
        </div>
      )}
      {total > 0 && (
        <PinnedRow
          pinned={pinned}
          allowance={allowance}
          nameOf={titleOf}
          onMove={(id, after) => {
            setFailure(null)
            makeChange({ kind: 'movePin', id, after })
          }}
          onUnpin={cardActions.unpin}
        />
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: strings.dnd.instructions },
        }}
      >
        <SortableContext items={folders.map((folder) => folderDropId(folder.id))}>
          <div className="space-y-4">
            {sections.map((folder, index) => {
              const key = folder?.id ?? UNSORTED
              const before = index <= 1 ? undefined : index === 2 ? null : sections[index - 2]?.id
              return (
                <FolderSection
                  key={key}
                  folder={folder}
                  likes={visible.get(key) ?? []}
                  filteredOut={filteredOut.get(key) ?? NONE}
                  total={groups.get(key)?.length ?? 0}
                  open={!view.closed.has(key)}
                  justOpened={justOpened === key}
                  orderable={orderable}
                  folders={folders}
                  selecting={selecting}
                  selected={selected}
                  places={places}
                  cardActions={cardActions}
                  folderActions={folderActions}
                  handle={handle}
                  upAfter={filters.folder === 'all' ? before : undefined}
                  downAfter={
                    filters.folder === 'all' && folder !== null
                      ? sections[index + 1]?.id
                      : undefined
                  }
                  drawnWhole={view.restoresScroll}
                  onToggle={() => {
                    setJustOpened(view.closed.has(key) ? key : null)
                    view.toggleFolder(key)
                  }}
                />
              )
            })}
          </div>
        </SortableContext>
      </DndContext>
    </div>
  )
}

function SelectionBar({
  count,
  folders,
  onMove,
  onRemove,
  onClear,
}: {
  count: number
  folders: readonly { id: string; name: string }[]
  onMove: (folderId: string | null) => void
  onRemove: () => void
  onClear: () => void
}) {
  const strings = useStrings('board', BOARD)
  const [target, setTarget] = useState(UNSORTED)
  return (
    <div
      role="group"
      aria-label={strings.select.count(count)}
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-raised p-3 shadow-md"
    >
      <span role="status" className="text-sm font-semibold text-ink">
        {strings.select.count(count)}
      </span>
      <label className="sr-only" htmlFor="board-selection-target">
        {strings.select.moveTo}
      </label>
      <select
        id="board-selection-target"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        className="rounded-full border border-line bg-surface px-3 py-1.5 text-sm text-ink"
      >
        <option value={UNSORTED}>{strings.unsorted}</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        disabled={count === 0}
        onClick={() => onMove(target === UNSORTED ? null : target)}
      >
        {strings.select.move}
      </Button>
      <Button variant="secondary" disabled={count === 0} onClick={onRemove}>
        {strings.select.remove}
      </Button>
      <Button variant="quiet" disabled={count === 0} onClick={onClear}>
        {strings.select.clear}
      </Button>
    </div>
  )
}
