import { useQuery } from '@tanstack/react-query'
import { NotFoundPage } from '@client/components/not-found-page'
import { PageHero } from '@client/components/page-hero'
import { Button } from '@client/components/ui'
import { ApiError } from '@client/lib/http'
import { queryClient } from '@client/lib/query-client'
import { AvatarImage } from './avatar/avatar-image'
import { thumbhashPlaceholder } from './avatar/thumbhash-placeholder'
import { fetchPublicProfile } from './profile-api'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/** /@handle: a user's public profile, found by their handle. */
export function PublicProfilePage({ handle }: { handle: string }) {
  const key = handle.toLowerCase()
  const lookup = useQuery(
    { queryKey: ['public-profile', key], queryFn: () => fetchPublicProfile(key) },
    queryClient,
  )
  const strings = useStrings('profile', PROFILE)
  if (lookup.isPending) {
    return (
      <div
        aria-busy="true"
        aria-label={strings.public.loading}
        className="h-48 animate-pulse rounded-3xl bg-accent-soft"
      />
    )
  }
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) return <NotFoundPage />
    return (
      <PageHero title={`@${handle}`} tagline={strings.public.notLoaded}>
        <Button variant="secondary" busy={lookup.isFetching} onClick={() => void lookup.refetch()}>
          {strings.tryAgain}
        </Button>
      </PageHero>
    )
  }
  const profile = lookup.data
  return (
    <PageHero
      title={profile.name || `@${profile.displayUsername}`}
      tagline={strings.public.onMofu(`@${profile.displayUsername}`)}
      art={
        <AvatarImage
          address={profile.avatar}
          placeholder={thumbhashPlaceholder(profile.avatarThumbhash)}
          size={128}
          className="border-4 border-sakura-300"
        />
      }
    />
  )
}
