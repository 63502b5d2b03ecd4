import { useState } from 'react'
import { DndContext } from '@dnd-kit/core'
import { SortableContext } from '@dnd-kit/sortable'
import type { Like } from '@shared/anime'
import type { PinAllowance } from '@shared/plans'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { useBoardActions } from './board-actions'
import { collisions, useBoardDrag } from './board-drag'
import { UNSORTED } from './board-model'
import { useBoard, useBoardChanges, type Change } from './board-query'
import { useBoardView } from './board-view'
import { BoardFilterBar } from './filter-bar'
import { folderDropId, FolderSection } from './folder-section'
import { NewFolderForm } from './new-folder-form'
import { PinnedRow } from './pinned-row'
import { RemovedNotice } from './removed-notice'
import { SelectionBar } from './selection-bar'
import { useShownBoard } from './shown-board'
import { BOARD } from './strings'

const NONE: Like[] = []

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
  const shown = useShownBoard(board.data, view)
  const { cardActions, folderActions } = useBoardActions({
    groups: shown.groups,
    makeChange,
    onAllowance,
    setFailure,
    setRemoved,
    setSelected,
  })
  const drag = useBoardDrag({
    folders: shown.folders,
    groups: shown.groups,
    likeById: shown.likeById,
    makeChange,
    moveToFolder: cardActions.moveToFolder,
    clearFailure: () => setFailure(null),
  })

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
  const shownCount = [...shown.visible.values()].reduce((sum, likes) => sum + likes.length, 0)
  const sections = [null, ...shown.folders].filter(
    (folder) => shown.filters.folder === 'all' || shown.filters.folder === (folder?.id ?? UNSORTED),
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
          filters={shown.filters}
          sort={sort}
          years={shown.years}
          folders={shown.folders}
          onFilters={view.setFilters}
          onClear={view.clearFilters}
          onSort={view.setSort}
          summary={strings.filters.shown(shownCount, total)}
          orderable={shown.orderable}
        />
      )}
      {selecting && (
        <SelectionBar
          count={selectedIds.length}
          folders={shown.folders}
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
        <RemovedNotice
          removed={removed}
          nameOf={shown.titleOf}
          onUndo={() => {
            setFailure(null)
            makeChange({ kind: 'restore', likes: removed }, () => setRemoved([]))
          }}
        />
      )}
      {total > 0 && (
        <PinnedRow
          pinned={shown.pinned}
          allowance={allowance}
          nameOf={shown.titleOf}
          onMove={(id, after) => {
            setFailure(null)
            makeChange({ kind: 'movePin', id, after })
          }}
          onUnpin={cardActions.unpin}
        />
      )}
      <DndContext
        sensors={drag.sensors}
        collisionDetection={collisions}
        onDragEnd={drag.onDragEnd}
        accessibility={drag.accessibility}
      >
        <SortableContext items={shown.folders.map((folder) => folderDropId(folder.id))}>
          <div className="space-y-4">
            {sections.map((folder, index) => {
              const key = folder?.id ?? UNSORTED
              const before = index <= 1 ? undefined : index === 2 ? null : sections[index - 2]?.id
              return (
                <FolderSection
                  key={key}
                  folder={folder}
                  likes={shown.visible.get(key) ?? []}
                  filteredOut={shown.filteredOut.get(key) ?? NONE}
                  total={shown.groups.get(key)?.length ?? 0}
                  open={!view.closed.has(key)}
                  justOpened={justOpened === key}
                  orderable={shown.orderable}
                  folders={shown.folders}
                  selecting={selecting}
                  selected={selected}
                  places={shown.places}
                  cardActions={cardActions}
                  folderActions={folderActions}
                  handle={handle}
                  upAfter={shown.filters.folder === 'all' ? before : undefined}
                  downAfter={
                    shown.filters.folder === 'all' && folder !== null
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
