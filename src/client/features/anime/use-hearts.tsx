import { useEffect, useState } from 'react'
import type { AnimeSummary } from '@shared/anime'
import { Button, Notice } from '@client/components/ui'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { titleFor } from './anime-title'
import { useHeart, useLikes } from './likes-query'
import { ANIME } from './strings'

/**
 * Hearts wherever titles are shown (the Like page, a title page, browse, Home): `uid` is the
 * signed-in user (null signed out), `onSignIn` opens the account panel. A heart tapped signed
 * out is kept and lands once the user has signed in; a heart taken away offers undo. `notices`
 * says all of this, where the page puts it.
 */
export function useHearts(uid: string | null, onSignIn: () => void) {
  const words = useStrings('anime', ANIME)
  const language = useLanguage()
  const likes = useLikes(uid)
  const heart = useHeart(uid)
  const { mutateAsync } = heart
  // A failure shows through `heart.isError`.
  const send = (change: { id: string; liked: boolean }, then: () => void) => {
    mutateAsync(change).then(then, () => undefined)
  }
  const [waiting, setWaiting] = useState<AnimeSummary | null>(null)
  const [removed, setRemoved] = useState<AnimeSummary | null>(null)

  const likedIds = new Set(likes.data?.map((like) => like.anime.id))
  const isLiked = (id: string) => likedIds.has(id)
  const isBusy = (id: string) => heart.isPending && heart.variables.id === id

  const toggle = (anime: AnimeSummary) => {
    if (uid === null) {
      setWaiting(anime)
      onSignIn()
      return
    }
    const liked = !likedIds.has(anime.id)
    // Each heart's own promise: a heart tapped on another title meanwhile keeps this one's undo.
    send({ id: anime.id, liked }, () => setRemoved(liked ? null : anime))
  }

  // The heart tapped while signed out lands once the account panel has signed the user in.
  useEffect(() => {
    if (uid === null || waiting === null) return
    const done = () => setWaiting(null)
    // A heart is idempotent on the server, so a second run of this effect makes no second like.
    mutateAsync({ id: waiting.id, liked: true }).then(done, done)
  }, [uid, waiting, mutateAsync])

  const notices = (
    <>
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
            onClick={() => send({ id: removed.id, liked: true }, () => setRemoved(null))}
          >
            {words.board.undo}
          </Button>
        </div>
      )}
    </>
  )

  return { likes, isLiked, isBusy, toggle, notices }
}
