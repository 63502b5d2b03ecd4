import { useState } from 'react'
import { Button } from '@client/components/ui'
import { useStrings } from '@client/lib/i18n/i18n'
import { UNSORTED } from './board-model'
import { BOARD } from './strings'

/** The bar shown while titles are selected: how many, and moving or removing them at once. */
export function SelectionBar({
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
