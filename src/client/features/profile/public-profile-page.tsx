import { Suspense, use } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { NotFoundPage } from '@client/components/not-found-page'
import { PageHero } from '@client/components/page-hero'
import type { PublicProfile } from '@shared/profile'
import { ApiError } from '@client/lib/http'
import { fetchPublicProfile } from './profile-api'

type Lookup = { found: PublicProfile } | { missing: true } | { failed: string }
const lookups = new Map<string, Promise<Lookup>>()

function lookUp(handle: string): Promise<Lookup> {
  let lookup = lookups.get(handle)
  if (lookup === undefined) {
    lookup = fetchPublicProfile(handle).then(
      (found) => ({ found }),
      (error: unknown) =>
        error instanceof ApiError && error.status === 404
          ? { missing: true as const }
          : { failed: 'This profile could not be loaded. Please try again.' },
    )
    lookups.set(handle, lookup)
  }
  return lookup
}

/** /@handle: a user's public profile, found by their handle. */
export function PublicProfilePage({ handle }: { handle: string }) {
  return (
    <Suspense
      fallback={
        <div
          aria-busy="true"
          aria-label="Loading profile"
          className="h-48 animate-pulse rounded-3xl bg-accent-soft"
        />
      }
    >
      <ProfileLookup handle={handle} />
    </Suspense>
  )
}

function ProfileLookup({ handle }: { handle: string }) {
  const lookup = use(lookUp(handle.toLowerCase()))
  if ('missing' in lookup) return <NotFoundPage />
  if ('failed' in lookup) {
    return <PageHero title={`@${handle}`} tagline={lookup.failed} />
  }
  const profile = lookup.found
  return (
    <PageHero
      title={profile.name || `@${profile.displayUsername}`}
      tagline={`@${profile.displayUsername} on Mofu`}
      art={
        <div className="grid size-32 place-items-center overflow-hidden rounded-full border-4 border-sakura-300 bg-raised">
          <MofuMascot size={120} />
        </div>
      }
    />
  )
}
