import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'
import { AnimeSearch } from './anime-search'
import { ANIME } from './strings'
import { useHearts } from './use-hearts'

/** The Like page's words (docs/architecture.md "Languages"); each step by its picture. */
export const FAVORITES = {
  title: 'Like',
  tagline: 'Everything you have hearted on Mofu, gathered in one cosy place.',
  howTitle: 'How it works',
  steps: {
    heart: {
      title: 'Tap the heart',
      text: 'Search for an anime above and give it a heart.',
    },
    pin: {
      title: 'Pin the best ones (soon)',
      text: 'Pins come next: your very favourites will stay at the top.',
    },
    basket: {
      title: 'Come back any time',
      text: 'Everything you liked waits here, on every device you sign in on.',
    },
  },
}
const STEPS = ['heart', 'pin', 'basket'] as const

/**
 * /favorites: the search box, a link to browse by season, and below them `board`, the signed-in
 * user's board (composed in app/). `uid` is the signed-in user (null signed out); `onSignIn`
 * opens the account panel. While `sessionUnknown`, a page the server marked as sent to a browser
 * with a session cookie (<html data-session>) keeps a screen's height where the board will be,
 * so "How it works" stays where the board will push it.
 */
export function FavoritesPage({
  uid,
  onSignIn,
  board,
  sessionUnknown,
}: {
  uid: string | null
  onSignIn: () => void
  board: ReactNode
  sessionUnknown: boolean
}) {
  const strings = useStrings('favorites', FAVORITES)
  const words = useStrings('anime', ANIME)
  const hearts = useHearts(uid, onSignIn)

  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={140} />}
      />
      <AnimeSearch isLiked={hearts.isLiked} isBusy={hearts.isBusy} onHeart={hearts.toggle} />
      <p>
        <Link to="/anime" className="font-semibold text-accent underline underline-offset-4">
          {words.title.browse}
        </Link>
      </p>
      {hearts.notices}
      {sessionUnknown && (
        <div
          aria-hidden="true"
          className="hidden in-[[data-session]]:block in-[[data-session]]:min-h-dvh"
        />
      )}
      {uid !== null && <PageSection title={words.board.title}>{board}</PageSection>}
      <PageSection title={strings.howTitle}>
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((icon, index) => (
            <li key={icon} className="rounded-2xl border border-line bg-raised p-4 shadow-sm">
              <SceneIcon name={icon} size={48} />
              <h3 className="mt-2 font-bold text-ink">
                {index + 1}. {strings.steps[icon].title}
              </h3>
              <p className="mt-1 text-sm text-ink-muted">{strings.steps[icon].text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </div>
  )
}
