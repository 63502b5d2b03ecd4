import { useCallback, useEffect, useId, useState, type CSSProperties } from 'react'
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable'
import { useDndContext, useDroppable } from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import type { Like } from '@shared/anime'
import type { Folder } from '@shared/board'
import { useStrings } from '@client/lib/i18n/i18n'
import { UNSORTED } from './board-model'
import { FolderHeader, type FolderActions } from './folder-header'
import { useNearScreen } from './near-screen'
import { SortableCard } from './sortable-card'
import type { CardActions } from './title-card'
import { BOARD } from './strings'

/** The droppable id of a folder: titles dropped on it go to its end. */
export const folderDropId = (key: string) => `folder:${key}`

/**
 * Cards drawn at once in a folder near the screen, and again each time more come near: whole
 * rows of one, two or three cards, so the space for those to come starts a row.
 */
const CARDS_AT_ONCE = 6

/**
 * The height of `count` cards not drawn: rows of a card's usual height, one, two or three to a
 * row as the grid lays them out.
 */
function rowsOf(count: number): CSSProperties {
  return {
    '--rows-1': count,
    '--rows-2': Math.ceil(count / 2),
    '--rows-3': Math.ceil(count / 3),
  } as CSSProperties
}
const ROWS_HEIGHT =
  'h-[calc(var(--rows-1)*9rem-0.75rem)] sm:h-[calc(var(--rows-2)*9rem-0.75rem)] xl:h-[calc(var(--rows-3)*9rem-0.75rem)]'

/**
 * Where the cards after those drawn stand, as tall as they would be; once it comes near the
 * screen, `onNear` draws more of them. Keyed by how many are drawn, so each is watched afresh.
 */
function CardsToCome({ count, onNear }: { count: number; onNear: () => void }) {
  const { watch, near } = useNearScreen(false)
  useEffect(() => {
    if (near) onNear()
  }, [near, onNear])
  return (
    <li
      ref={watch}
      aria-hidden="true"
      style={rowsOf(count)}
      className={`col-span-full ${ROWS_HEIGHT}`}
    />
  )
}

/**
 * One folder of the board: its header (open or close, rename, move, delete) and its titles,
 * sortable among themselves and into other folders. Unsorted (`folder` null) is always first and
 * has no header tools. `after`/`before` name the folders around it, for "Move up" and "Move down".
 * Its cards are drawn while it is near the screen (useNearScreen), a few at a time as they come
 * near, and kept while something is dragged; away from it, the folder keeps its height and takes
 * a title dropped on it at its end. With `drawnWhole` every card is drawn at first, as when the
 * board comes back to a scroll position that needs the page as it was laid out.
 */
export function FolderSection({
  folder,
  likes,
  filteredOut,
  total,
  open,
  justOpened,
  orderable,
  folders,
  selecting,
  selected,
  places,
  cardActions,
  folderActions,
  upAfter,
  downAfter,
  drawnWhole,
  onToggle,
  handle,
}: {
  folder: Folder | null
  /** The titles shown, filtered and sorted. */
  likes: readonly Like[]
  /**
   * The folder's other titles, kept on the page but hidden: dnd-kit registers each card's
   * droppable one by one, so a filter that unmounted hundreds of cards would stall the page.
   */
  filteredOut: readonly Like[]
  total: number
  open: boolean
  justOpened: boolean
  orderable: boolean
  folders: readonly Folder[]
  selecting: boolean
  selected: ReadonlySet<string>
  /** Each title's neighbours for "Move up" and "Move down" (none while the order is not shown). */
  places: ReadonlyMap<string, { upAfter: string | null | undefined; downAfter: string | undefined }>
  cardActions: CardActions
  folderActions: FolderActions
  upAfter: string | null | undefined
  downAfter: string | null | undefined
  drawnWhole: boolean
  onToggle: () => void
  /** The user's handle, '' while they have none. */
  handle: string
}) {
  const strings = useStrings('board', BOARD)
  const id = useId()
  const key = folder?.id ?? UNSORTED
  const dragging = useDndContext().active !== null
  const {
    watch: watchBody,
    near,
    height: farHeight,
  } = useNearScreen(dragging, drawnWhole, String(likes.length))
  // Away from the screen the folder draws nothing; back near it, a few cards at first again.
  const [drawn, setDrawn] = useState({ near, count: drawnWhole ? Infinity : CARDS_AT_ONCE })
  if (drawn.near !== near) setDrawn({ near, count: CARDS_AT_ONCE })
  const drawMore = useCallback(
    () => setDrawn((old) => ({ ...old, count: old.count + CARDS_AT_ONCE })),
    [],
  )
  const drawnLikes = likes.slice(0, drawn.count)
  const showsNone = !open || likes.length === 0 || !near
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    isOver,
  } = useSortable({
    id: folderDropId(key),
    data: { type: 'folder', folder: key, empty: showsNone },
    disabled: { draggable: folder === null || !orderable, droppable: folder === null },
  })
  // Unsorted is no sortable folder, but titles are dropped on it all the same.
  const unsorted = useDroppable({
    id: folderDropId(UNSORTED),
    data: { type: 'folder', folder: UNSORTED, empty: showsNone },
    disabled: folder !== null,
  })
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition }
  const setUnsortedRef = unsorted.setNodeRef

  return (
    <section
      ref={(node) => {
        setNodeRef(node)
        setUnsortedRef(node)
      }}
      style={style}
      aria-labelledby={`${id}-name`}
      data-dragging={isDragging || undefined}
      data-over={unsorted.isOver || isOver || undefined}
      className="rounded-3xl border border-line bg-sunken/60 p-3 data-dragging:z-40 data-dragging:shadow-xl data-over:border-sakura-400 sm:p-4"
    >
      <FolderHeader
        id={id}
        folder={folder}
        total={total}
        open={open}
        onToggle={onToggle}
        orderable={orderable}
        upAfter={upAfter}
        downAfter={downAfter}
        folderActions={folderActions}
        handle={handle}
        dragRef={setActivatorNodeRef}
        dragAttributes={attributes}
        dragListeners={listeners}
      />
      <div
        id={`${id}-body`}
        ref={watchBody}
        hidden={!open}
        className={open && justOpened ? 'fx-folder-unfold mt-3' : 'mt-3'}
      >
        {open && (
          <SortableContext
            items={near ? drawnLikes.map((like) => like.anime.id) : []}
            strategy={rectSortingStrategy}
          >
            {likes.length === 0 && (
              <p className="rounded-2xl border border-dashed border-line p-4 text-sm text-ink-muted">
                {total === 0 ? strings.folderEmpty : strings.noMatch}
              </p>
            )}
            {total > 0 && !near && likes.length > 0 && (
              <div
                aria-hidden="true"
                style={farHeight === null ? rowsOf(likes.length) : { height: farHeight }}
                className={farHeight === null ? ROWS_HEIGHT : undefined}
              />
            )}
            {total > 0 && near && (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {[...drawnLikes, ...filteredOut].map((like, index) => (
                  <SortableCard
                    key={like.anime.id}
                    like={like}
                    hidden={index >= drawnLikes.length}
                    folderKey={key}
                    draggable={orderable}
                    folders={folders}
                    upAfter={places.get(like.anime.id)?.upAfter}
                    downAfter={places.get(like.anime.id)?.downAfter}
                    selecting={selecting}
                    selected={selected.has(like.anime.id)}
                    actions={cardActions}
                  />
                ))}
                {drawnLikes.length < likes.length && (
                  <CardsToCome
                    key={drawnLikes.length}
                    count={likes.length - drawnLikes.length}
                    onNear={drawMore}
                  />
                )}
              </ul>
            )}
          </SortableContext>
        )}
      </div>
    </section>
  )
}
