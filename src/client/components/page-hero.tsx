import { useId, type ReactNode } from 'react'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { MofuMascot } from './art/mofu-mascot'

/** Soft petals drifting in a hero's corner; purely decorative. */
function Petals() {
  return (
    <svg
      viewBox="0 0 200 120"
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute -top-2 right-0 h-28 w-48 opacity-70 sm:h-36 sm:w-60"
    >
      <g className="fill-sakura-300 dark:fill-sakura-400">
        <path d="M150 20q10-8 16 2q-6 10-16-2z" />
        <path d="M176 54q12-3 13 9q-11 5-13-9z" opacity={0.7} />
        <path d="M120 64q8-9 15-1q-7 9-15 1z" opacity={0.55} />
      </g>
      <g className="fill-lavender-300">
        <circle cx={100} cy={26} r={2.5} />
        <circle cx={188} cy={96} r={2} />
        <circle cx={140} cy={100} r={1.5} />
      </g>
    </svg>
  )
}

/**
 * The top of every section page: a gradient card with the page's only h1 and one line saying what
 * the section is for. Text sits directly on light tints (light mode) or deep night tones (dark
 * mode), so it keeps AA contrast across the whole gradient.
 */
export function PageHero({
  title,
  tagline,
  art,
  children,
}: {
  title: string
  tagline: string
  art?: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="relative isolate overflow-hidden rounded-3xl border border-line bg-linear-to-br from-sakura-100 via-lavender-100 to-cream-100 p-6 shadow-lg shadow-sakura-200/40 sm:p-10 dark:from-night-700 dark:via-night-800 dark:to-sakura-800/50 dark:shadow-night-950/60">
      <Petals />
      <div className="relative flex flex-col-reverse items-center gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="w-full min-w-0 sm:flex-1">
          <h1 className="text-3xl font-bold tracking-tight text-balance wrap-break-word text-ink sm:text-4xl">
            {title}
          </h1>
          <p className="mt-3 max-w-prose text-base text-ink sm:text-lg">{tagline}</p>
          {children !== undefined && <div className="mt-5">{children}</div>}
        </div>
        {art !== undefined && (
          <div aria-hidden="true" className="shrink-0">
            {art}
          </div>
        )}
      </div>
    </header>
  )
}

export const COMING_SOON = { badge: 'Coming soon' }

/** A friendly card for sections whose content is still being made. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId()
  const strings = useStrings('comingSoon', COMING_SOON)
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-5 rounded-3xl border border-dashed border-line bg-raised p-6 text-center shadow-sm sm:flex-row sm:p-8 sm:text-left"
    >
      <MofuMascot mood="sleepy" size={112} className="shrink-0" />
      <div className="min-w-0">
        <p className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold tracking-wide text-accent uppercase">
          {strings.badge}
          {useLanguage() === 'en' && (
            <span lang="ja" className="normal-case">
              もうすぐ
            </span>
          )}
        </p>
        <h2 id={headingId} className="mt-3 text-xl font-bold text-ink sm:text-2xl">
          {title}
        </h2>
        <div className="mt-2 space-y-2 text-ink-muted">{children}</div>
      </div>
    </section>
  )
}
