import type { ReactNode } from 'react'
import { Link, useParams } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'

/** The opening player's words (docs/architecture.md "Languages"). */
export const ANIME_OP = {
  back: 'Back to Home',
  title: 'Opening player',
  tagline: 'Sit back and enjoy the opening songs and title sequences fans love most.',
  comingSoon: 'Coming soon',
  waiting: 'The projector is warming up and Mofu has nodded off waiting.',
  requested: (name: ReactNode): ReactNode => (
    <> The opening you asked for, {name}, will play right here once the player is ready.</>
  ),
}

/** The player's screen and controls: a picture of what is coming, not a working player. */
function ScreenArt() {
  return (
    <div aria-hidden="true">
      <div className="relative grid aspect-video place-items-center overflow-hidden rounded-t-3xl bg-linear-to-br from-night-800 via-lavender-700 to-sakura-700">
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_20%_25%,rgb(255_243_230/0.35)_0,transparent_2px),radial-gradient(circle_at_70%_15%,rgb(255_243_230/0.3)_0,transparent_2px),radial-gradient(circle_at_85%_60%,rgb(255_243_230/0.35)_0,transparent_2px),radial-gradient(circle_at_35%_80%,rgb(255_243_230/0.3)_0,transparent_2px)]" />
        <div className="relative flex flex-col items-center gap-3">
          <MofuMascot mood="sleepy" size={120} className="h-auto w-24 sm:w-32" />
          <div className="grid size-14 place-items-center rounded-full bg-cream-50/90 shadow-lg sm:size-16">
            <svg viewBox="0 0 24 24" className="ml-1 size-7 fill-night-900">
              <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5z" />
            </svg>
          </div>
        </div>
      </div>
      <div className="flex items-center gap-3 rounded-b-3xl bg-night-900 px-4 py-3 text-xs text-lavender-200">
        <span>0:00</span>
        <span className="h-1.5 flex-1 rounded-full bg-night-600">
          <span className="block h-full w-[4%] rounded-full bg-sakura-400" />
        </span>
        <span>1:30</span>
      </div>
    </div>
  )
}

/** A full-screen opening player (no menu button in the shell here, so it links home itself). */
export function AnimeOpPage() {
  const requested = useParams<{ '*'?: string }>()['*'] ?? ''
  const strings = useStrings('animeOp', ANIME_OP)
  return (
    <div className="flex min-h-dvh flex-col bg-night-950 text-sakura-50">
      <div className="p-4 sm:p-6">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-full bg-cta px-4 py-2 font-semibold text-cta-ink shadow-sm transition hover:brightness-105"
        >
          <span aria-hidden="true">←</span> {strings.back}
        </Link>
      </div>
      <div className="flex flex-1 items-center justify-center px-4 pb-10 sm:px-6">
        <div className="w-full max-w-3xl">
          <ScreenArt />
          <div className="mt-6 space-y-3">
            <h1 className="text-2xl font-bold text-sakura-50 sm:text-3xl">{strings.title}</h1>
            <p className="text-lavender-100">{strings.tagline}</p>
            <p className="inline-flex items-center gap-2 rounded-full bg-night-700 px-3 py-1 text-xs font-semibold tracking-wide text-sakura-200 uppercase">
              {strings.comingSoon}
              {useLanguage() === 'en' && (
                <span lang="ja" className="normal-case">
                  もうすぐ
                </span>
              )}
            </p>
            <p className="text-lavender-200">
              {strings.waiting}
              {requested !== '' &&
                strings.requested(
                  <span className="font-semibold wrap-anywhere text-sakura-100">
                    &ldquo;{requested}&rdquo;
                  </span>,
                )}
            </p>
          </div>
        </div>
      </div>
    </div>
  )
}
