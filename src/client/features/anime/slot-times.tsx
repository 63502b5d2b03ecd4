import { useSyncExternalStore } from 'react'
import { useStrings } from '@client/lib/i18n/i18n'
import { inJapan, inZone, JAPAN_TIME_ZONE, type LocalTime, type Slot } from './air-times'
import { ANIME } from './strings'

/** The viewer's time zone, or null when it is Japan's (the browser knows no other while open). */
function viewerZone(): string | null {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone
  return own === JAPAN_TIME_ZONE ? null : own
}
const neverChanges = () => () => undefined
const inJapanOnServer = () => null

/**
 * The slot in Japan's time as the server drew it, then in the viewer's own zone once the page
 * runs. Two lines of one line each, whatever they say, so the switch moves nothing on the page.
 */
export function SlotTimes({ slot }: { slot: Slot }) {
  const strings = useStrings('anime', ANIME)
  // Hydration reads the server's snapshot (Japan's time), then React draws the viewer's zone.
  const zone = useSyncExternalStore(neverChanges, viewerZone, inJapanOnServer)
  const local: LocalTime = zone === null ? inJapan(slot.start) : inZone(slot.start, zone)
  const weekday = strings.weekdays[local.weekday] ?? ''
  const when =
    slot.repeats === 'weekly'
      ? strings.title.weekly(weekday, local.time)
      : slot.repeats === 'daily'
        ? strings.title.daily(local.time)
        : strings.title.once(
            strings.day(local.year, strings.months[local.month] ?? '', local.day),
            local.time,
          )
  return (
    <>
      <span className="block truncate">{when}</span>
      <span className="block truncate text-sm text-ink-muted">
        {zone === null
          ? strings.title.japanTime
          : strings.title.yourTime(zone.replaceAll('_', ' '))}
      </span>
    </>
  )
}
