import { useQuery } from '@tanstack/react-query'
import { NotFoundPage } from '@client/components/not-found-page'
import { PageHero } from '@client/components/page-hero'
import { Button } from '@client/components/ui'
import { ApiError } from '@client/lib/http'
import { queryClient } from '@client/lib/query-client'
import { AvatarImage } from './avatar/avatar-image'
import { thumbhashPlaceholder } from './avatar/thumbhash-placeholder'
import { fetchPublicProfile } from './profile-api'

/** /@handle: a user's public profile, found by their handle. */
export function PublicProfilePage({ handle }: { handle: string }) {
  const key = handle.toLowerCase()
  const lookup = useQuery(
    { queryKey: ['public-profile', key], queryFn: () => fetchPublicProfile(key) },
    queryClient,
  )
  if (lookup.isPending) {
    return (
      <div
        aria-busy="true"
        aria-label="Loading profile"
        className="h-48 animate-pulse rounded-3xl bg-accent-soft"
      />
    )
  }
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.status === 404) return <NotFoundPage />
    return (
      <PageHero title={`@${handle}`} tagline="This profile could not be loaded. Please try again.">
        <Button variant="secondary" busy={lookup.isFetching} onClick={() => void lookup.refetch()}>
          Try again
        </Button>
      </PageHero>
    )
  }
  const profile = lookup.data
  return (
    <PageHero
      title={profile.name || `@${profile.displayUsername}`}
      tagline={`@${profile.displayUsername} on Mofu`}
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
