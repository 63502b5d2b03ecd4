import { useId } from 'react'
import type { AnimeSummary, Like } from '@shared/anime'
import type { PinAllowance } from '@shared/plans'
import { TitleArt } from '@client/components/art/title-art'
import { useDateFormat, useNumberFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { BOARD } from './strings'

/**
 * The board's "Pinned" row, above the folders: the pinned titles in the user's pinned order, each
 * moved earlier or later with its buttons and unpinned with its own, and the period's allowance
 * ("3 of 5 pins used, more on 12 Dec 2026", the day in the viewer's language and time zone).
 */
export function PinnedRow({
  pinned,
  allowance,
  nameOf,
  onMove,
  onUnpin,
}: {
  /** The pinned titles, in their pinned order. */
  pinned: readonly Like[]
  /** The account's pins this period; undefined while the profile loads. */
  allowance: PinAllowance | undefined
  nameOf: (anime: AnimeSummary) => string
  /** Puts the pinned title `id` right after the pinned title `after` (null: first). */
  onMove: (id: string, after: string | null) => void
  onUnpin: (id: string) => void
}) {
  const strings = useStrings('board', BOARD)
  const id = useId()
  const tool =
    'rounded-full border border-line px-3 py-1 text-sm font-semibold text-ink hover:bg-accent-soft'
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl border border-line bg-raised p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-lg font-bold text-ink">
          {strings.pins.heading}
        </h3>
        {allowance !== undefined && <PinMeter allowance={allowance} />}
      </div>
      {pinned.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{strings.pins.empty}</p>
      ) : (
        <ol className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {pinned.map((like, index) => {
            const name = nameOf(like.anime)
            const earlier = index === 0 ? undefined : (pinned[index - 2]?.anime.id ?? null)
            const later = pinned[index + 1]?.anime.id
            return (
              <li
                key={like.anime.id}
                className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-3"
              >
                <div className="flex items-center gap-2">
                  <TitleArt anime={like.anime} className="h-14 w-20" />
                  <p lang={like.anime.lang} className="min-w-0 flex-1 truncate font-bold text-ink">
                    {name}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {earlier !== undefined && (
                    <button
                      type="button"
                      className={tool}
                      aria-label={strings.pins.earlier(name)}
                      onClick={() => onMove(like.anime.id, earlier)}
                    >
                      <span aria-hidden="true">←</span>
                    </button>
                  )}
                  {later !== undefined && (
                    <button
                      type="button"
                      className={tool}
                      aria-label={strings.pins.later(name)}
                      onClick={() => onMove(like.anime.id, later)}
                    >
                      <span aria-hidden="true">→</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className={tool}
                    aria-label={strings.pins.unpinLabel(name)}
                    onClick={() => onUnpin(like.anime.id)}
                  >
                    {strings.pins.unpin}
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** "3 of 5 pins used", with the day more come while a period runs. */
function PinMeter({ allowance }: { allowance: PinAllowance }) {
  const strings = useStrings('board', BOARD)
  const number = useNumberFormat()
  const date = useDateFormat()
  const used = number(allowance.usedPinCount)
  const count = number(allowance.pinCount)
  return (
    <p role="status" className="text-sm text-ink-muted">
      {allowance.pinResetAt === null
        ? strings.pins.meter(used, count)
        : strings.pins.meterMore(used, count, date(new Date(allowance.pinResetAt)))}
    </p>
  )
}
