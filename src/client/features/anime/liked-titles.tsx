import type { UseQueryResult } from '@tanstack/react-query'
import type { Like } from '@shared/anime'
import { titleHue } from '@client/components/art/title-art'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { AnimeTitle } from './anime-title'
import { HeartButton } from './heart-button'
import { ANIME } from './strings'

/** The titles the user likes, newest first, each a card with its heart. */
export function LikedTitles({
  likes,
  isBusy,
  onUnheart,
}: {
  likes: UseQueryResult<Like[]>
  isBusy: (id: string) => boolean
  onUnheart: (like: Like) => void
}) {
  const strings = useStrings('anime', ANIME)
  if (likes.isPending) {
    return (
      <div
        aria-busy="true"
        aria-label={strings.board.loading}
        className="grid gap-3 sm:grid-cols-2"
      >
        <div className="h-24 animate-pulse rounded-2xl bg-accent-soft" />
        <div className="h-24 animate-pulse rounded-2xl bg-accent-soft" />
      </div>
    )
  }
  if (likes.isError) {
    return (
      <div className="space-y-3">
        <Notice tone="error">{`${strings.board.failed} ${errorMessage(likes.error)}`}</Notice>
        <Button variant="secondary" busy={likes.isFetching} onClick={() => void likes.refetch()}>
          {strings.board.tryAgain}
        </Button>
      </div>
    )
  }
  if (likes.data.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-raised p-6 text-center">
        <p className="font-bold text-ink">{strings.board.emptyTitle}</p>
        <p className="mt-1 text-sm text-ink-muted">{strings.board.empty}</p>
      </div>
    )
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {likes.data.map((like) => {
        const hue = titleHue(like.anime.id)
        return (
          <li
            key={like.anime.id}
            className="flex items-center gap-3 overflow-hidden rounded-2xl border border-line bg-raised p-3 pl-0 shadow-sm"
          >
            <span
              aria-hidden="true"
              className="h-16 w-3 shrink-0 rounded-r-full"
              style={{
                background: `linear-gradient(180deg, hsl(${hue} 85% 78%), hsl(${(hue + 40) % 360} 80% 68%))`,
              }}
            />
            <span className="min-w-0 flex-1">
              <AnimeTitle anime={like.anime} />
            </span>
            <HeartButton
              anime={like.anime}
              liked
              busy={isBusy(like.anime.id)}
              onToggle={() => onUnheart(like)}
            />
          </li>
        )
      })}
    </ul>
  )
}
