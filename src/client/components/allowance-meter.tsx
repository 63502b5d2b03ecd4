import { useId } from 'react'
import { useDateFormat, useNumberFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'

export const ALLOWANCE_METER = {
  used: (used: string, total: string) => `${used} of ${total} pins used`,
  usedUntil: (used: string, total: string, date: string) =>
    `${used} of ${total} pins used, more on ${date}`,
}

/**
 * The pins of a period as a meter (docs/using.md "Pins"): how many of the plan's pins are used,
 * in words and as a bar, and when more come. The words name the meter for screen readers, and
 * are its value too, so the bar itself is only drawn.
 */
export function AllowanceMeter({
  used,
  total,
  resetAt,
}: {
  /** Pins used this period. */
  used: number
  /** Pins the plan grants a period. */
  total: number
  /** When this period ends (ISO), null until the first pin of the next. */
  resetAt: string | null
}) {
  const strings = useStrings('allowanceMeter', ALLOWANCE_METER)
  const number = useNumberFormat()
  const date = useDateFormat()
  const labelId = useId()
  const text =
    resetAt === null
      ? strings.used(number(used), number(total))
      : strings.usedUntil(number(used), number(total), date(new Date(resetAt)))
  const share = total === 0 ? 1 : Math.min(used / total, 1)
  return (
    <div className="space-y-2">
      <p id={labelId} className="font-medium text-ink">
        {text}
      </p>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(used, total)}
        aria-valuetext={text}
        className="h-3 w-full max-w-sm overflow-hidden rounded-full border border-line bg-sunken"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  )
}
