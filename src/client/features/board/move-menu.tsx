import type { Like } from '@shared/anime'
import type { Folder } from '@shared/board'
import { useStrings } from '@client/lib/i18n/i18n'
import { BOARD } from './strings'

/** A card's "Move to…" menu: up or down among its neighbours, or to the end of a folder. */
export function MoveMenu({
  like,
  folders,
  upAfter,
  downAfter,
  onMove,
  onMoveToFolder,
}: {
  like: Like
  folders: readonly Folder[]
  upAfter: string | null | undefined
  downAfter: string | null | undefined
  onMove: (folderId: string | null, after: string | null) => void
  onMoveToFolder: (folderId: string | null) => void
}) {
  const strings = useStrings('board', BOARD)
  const targets = [{ id: null, name: strings.unsorted }, ...folders]
  const item =
    'w-full rounded-xl px-3 py-1.5 text-left text-sm text-ink hover:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-60'
  return (
    <div
      role="group"
      aria-label={strings.card.moveTo}
      className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-1"
    >
      {upAfter !== undefined && (
        <button type="button" className={item} onClick={() => onMove(like.folderId, upAfter)}>
          ↑ {strings.card.moveUp}
        </button>
      )}
      {downAfter !== undefined && (
        <button type="button" className={item} onClick={() => onMove(like.folderId, downAfter)}>
          ↓ {strings.card.moveDown}
        </button>
      )}
      {targets.map((folder) => {
        const here = folder.id === like.folderId
        return (
          <button
            key={folder.id ?? ''}
            type="button"
            className={item}
            disabled={here}
            aria-current={here || undefined}
            onClick={() => onMoveToFolder(folder.id)}
          >
            {folder.name}
            {here && ` (${strings.card.here})`}
          </button>
        )
      })}
    </div>
  )
}
