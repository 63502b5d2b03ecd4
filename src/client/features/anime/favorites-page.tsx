import { useEffect, useState, type ReactNode } from 'react'
import type { AnimeSummary } from '@shared/anime'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { SceneIcon } from '@client/components/art/scene-icons'
import { PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { Button, Notice } from '@client/components/ui'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { AnimeSearch } from './anime-search'
import { titleFor } from './anime-title'
import { useHeart, useLikes } from './likes-query'
import { ANIME } from './strings'

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
 * /favorites: the search box, and below it `board`, the signed-in user's board (composed in
 * app/). `uid` is the signed-in user (null signed out); `onSignIn` opens the account panel. A
 * heart tapped signed out is kept and lands once the user has signed in.
 */
export function FavoritesPage({
  uid,
  onSignIn,
  board,
}: {
  uid: string | null
  onSignIn: () => void
  board: ReactNode
}) {
  const strings = useStrings('favorites', FAVORITES)
  const words = useStrings('anime', ANIME)
  const language = useLanguage()
  const likes = useLikes(uid)
  const heart = useHeart(uid)
  const [waiting, setWaiting] = useState<AnimeSummary | null>(null)
  const [removed, setRemoved] = useState<AnimeSummary | null>(null)

  const likedIds = new Set(likes.data?.map((like) => like.anime.id))
  const isBusy = (id: string) => heart.isPending && heart.variables.id === id

  const toggle = (anime: AnimeSummary) => {
    if (uid === null) {
      setWaiting(anime)
      onSignIn()
      return
    }
    const liked = !likedIds.has(anime.id)
    heart.mutate({ id: anime.id, liked }, { onSuccess: () => setRemoved(liked ? null : anime) })
  }

  // The heart tapped while signed out lands once the account panel has signed the user in.
  const { mutate } = heart
  useEffect(() => {
    if (uid === null || waiting === null) return
    // A heart is idempotent on the server, so a second run of this effect makes no second like.
    mutate({ id: waiting.id, liked: true }, { onSettled: () => setWaiting(null) })
  }, [uid, waiting, mutate])

  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="happy" size={140} />}
      />
      <AnimeSearch isLiked={(id) => likedIds.has(id)} isBusy={isBusy} onHeart={toggle} />
      {waiting !== null && uid === null && <Notice tone="info">{words.heart.signIn}</Notice>}
      {heart.isError && <Notice tone="error">{words.heart.failed}</Notice>}
      {removed !== null && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-sunken px-4 py-2 text-sm text-ink"
        >
          <span>{words.board.removed(titleFor(removed, language))}</span>
          <Button
            variant="quiet"
            onClick={() =>
              heart.mutate({ id: removed.id, liked: true }, { onSuccess: () => setRemoved(null) })
            }
          >
            {words.board.undo}
          </Button>
        </div>
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
