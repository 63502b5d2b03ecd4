import type { AnimeSummary, Like } from '@shared/anime'
import { Button } from '@client/components/ui'
import { useStrings } from '@client/lib/i18n/i18n'
import { BOARD } from './strings'

/** The titles just removed from the board, one named or several counted, with undo. */
export function RemovedNotice({
  removed,
  nameOf,
  onUndo,
}: {
  removed: readonly Like[]
  nameOf: (anime: AnimeSummary) => string
  onUndo: () => void
}) {
  const strings = useStrings('board', BOARD)
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-sunken px-4 py-2 text-sm text-ink"
    >
      <span>
        {removed.length === 1 && removed[0] !== undefined
          ? strings.removed(nameOf(removed[0].anime))
          : strings.removedMany(removed.length)}
      </span>
      <Button variant="quiet" onClick={onUndo}>
        {strings.undo}
      </Button>
    </div>
  )
}
