import type { AnimeSummary } from '@shared/anime'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { titleFor } from './anime-title'
import { ANIME } from './strings'

const HEART =
  'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z'

/**
 * The heart of a title: pressed when the user likes it. `tabIndex` -1 where a list moves the
 * focus itself (the search box's results).
 */
export function HeartButton({
  anime,
  liked,
  busy,
  onToggle,
  tabIndex,
}: {
  anime: AnimeSummary
  liked: boolean
  busy: boolean
  onToggle: () => void
  tabIndex?: number
}) {
  const strings = useStrings('anime', ANIME)
  const title = titleFor(anime, useLanguage())
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={liked ? strings.heart.remove(title) : strings.heart.add(title)}
      aria-busy={busy}
      tabIndex={tabIndex}
      // A press while the last one is on its way would ask the server twice; it is let go.
      onClick={() => busy || onToggle()}
      className="grid size-11 shrink-0 place-items-center rounded-full text-sakura-600 transition-transform hover:scale-110 aria-busy:opacity-60 dark:text-sakura-300"
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
        <path
          d={HEART}
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}
