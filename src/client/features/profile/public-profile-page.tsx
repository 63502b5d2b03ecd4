import { createContext, useContext, useEffect, type CSSProperties } from 'react'
import { useLocation } from 'wouter'
import { useQuery } from '@tanstack/react-query'
import { ACCENTS, httpsAddress, type Accent } from '@shared/profile-fields'
import { SERVED_PROFILE_ELEMENT_ID, type PublicProfile } from '@shared/profile'
import { ProfileWithFoldersSchema, type ProfileWithFolders } from '@shared/public-folders'
import { NotFoundPage } from '@client/components/not-found-page'
import { PageHero } from '@client/components/page-hero'
import { Button } from '@client/components/ui'
import { ApiError, requestJson } from '@client/lib/http'
import { queryClient } from '@client/lib/query-client'
import { AvatarFrame } from './avatar/avatar-frame'
import { AvatarImage } from './avatar/avatar-image'
import { ProfileBanner } from './banner/banner-image'
import { thumbhashPlaceholder } from './avatar/thumbhash-placeholder'
import { bioParts } from './bio-text'
import { FolderCards, PinnedTitles } from './public-folders'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/**
 * Links and addresses a profile's owner wrote: not vouched for by Mofu (nofollow, ugc), opened
 * without handing the other site this page (noopener).
 */
const USER_LINK = 'nofollow ugc noopener'

/**
 * The profile's accent for its links, in the shade of the theme shown (the page's color-scheme
 * picks it; each keeps AA contrast on the raised surface); the site's own accent when none is
 * chosen.
 */
function accentStyle(accent: string): CSSProperties | undefined {
  if (!Object.hasOwn(ACCENTS, accent)) return undefined
  const { light, dark } = ACCENTS[accent as Accent]
  return { '--profile-accent': `light-dark(${light}, ${dark})` } as CSSProperties
}

/**
 * How wide the banner shows: the page's column (72rem less its padding, beside the 14rem
 * sidebar from 640 px), else the screen less the page's padding.
 */
const PAGE_BANNER_SIZES = '(min-width: 640px) min(68rem, calc(100vw - 18rem)), calc(100vw - 2rem)'

const LINK_CLASS =
  'font-semibold underline underline-offset-4 wrap-break-word hover:decoration-2 ' +
  '[color:var(--profile-accent,var(--mofu-accent))]'

/** The bio, pronouns and links under the hero; nothing when the profile has none. */
function About({ profile }: { profile: PublicProfile }) {
  const strings = useStrings('profile', PROFILE)
  const { bio, links, accent, verifiedLinks } = profile
  // The server keeps only https addresses; anything else is not shown as a link.
  const shown = links.flatMap(({ label, url }) => {
    const address = httpsAddress(url)
    return address === undefined ? [] : [{ label, url: address }]
  })
  if (bio === '' && shown.length === 0) return null
  return (
    <section
      aria-label={strings.public.about}
      style={accentStyle(accent)}
      className="mt-6 rounded-3xl border border-line bg-raised p-6 sm:p-8"
    >
      {bio !== '' && (
        <p className="max-w-prose text-base whitespace-pre-line wrap-break-word text-ink">
          {bioParts(bio).map((part, index) =>
            part.href === undefined ? (
              part.text
            ) : (
              <a
                key={index}
                href={part.href}
                rel={USER_LINK}
                target="_blank"
                className={LINK_CLASS}
              >
                {part.text}
                <span className="sr-only">{strings.public.newTab}</span>
              </a>
            ),
          )}
        </p>
      )}
      {shown.length > 0 && (
        <ul
          aria-label={strings.public.links}
          className={`flex flex-col gap-3 ${bio === '' ? '' : 'mt-5'}`}
        >
          {shown.map(({ label, url }, index) => (
            <li key={index} className="flex flex-wrap items-baseline gap-x-2">
              {/* rel="me": the other site can see this page is its owner's, as Mastodon checks. */}
              <a href={url.href} rel={`me ${USER_LINK}`} target="_blank" className={LINK_CLASS}>
                <bdi>{label}</bdi>
                <span className="sr-only">{strings.public.newTab}</span>
              </a>
              <span className="text-sm break-all text-ink-muted">{url.host}</span>
              {verifiedLinks.includes(url.href) && (
                <span className="text-sm font-semibold text-ink">
                  <span aria-hidden="true">✓ </span>
                  {strings.public.verified}
                  <span className="sr-only">{strings.public.verifiedWhy}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The profile a server render of /@handle draws (the server's renderer provides it); undefined in
 * the browser, which looks the profile up.
 */
const ServedProfile = createContext<ProfileWithFolders | undefined>(undefined)
export const ServedProfileProvider = ServedProfile.Provider

/** A /@handle page looks its profile up by the handle in the address, lowercased. */
const profileKey = (handle: string) => handle.toLowerCase()
const publicProfileQuery = (key: string) => ['public-profile', key]

const fetchPublicProfile = (handle: string) =>
  requestJson(`/api/profiles/${encodeURIComponent(handle)}`, ProfileWithFoldersSchema)

/**
 * A page the server rendered carries its profile: loaded with this page's code, before the page
 * hydrates, it is the look-up's answer, so the first render draws what the server drew.
 */
function takeServedProfile() {
  if (typeof document === 'undefined') return
  const element = document.getElementById(SERVED_PROFILE_ELEMENT_ID)
  const match = /^\/@([^/]+)$/.exec(window.location.pathname)
  if (element === null || match === null) return
  try {
    const served = ProfileWithFoldersSchema.safeParse(JSON.parse(element.textContent ?? ''))
    const key = profileKey(decodeURIComponent(match[1] ?? ''))
    if (served.success) queryClient.setQueryData(publicProfileQuery(key), served.data)
  } catch {
    // Not JSON: the page looks the profile up as it would without it.
  }
}
takeServedProfile()

/** /@handle: a user's public profile, found by their handle. */
export function PublicProfilePage({ handle }: { handle: string }) {
  const served = useContext(ServedProfile)
  return served === undefined ? <LookedUp handle={handle} /> : <Shown profile={served} />
}

function LookedUp({ handle }: { handle: string }) {
  const key = profileKey(handle)
  const lookup = useQuery(
    { queryKey: publicProfileQuery(key), queryFn: () => fetchPublicProfile(key) },
    queryClient,
  )
  useCurrentAddress(key, lookup.data?.username)
  const strings = useStrings('profile', PROFILE)
  if (lookup.isPending) {
    return (
      <div
        role="status"
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
  return <Shown profile={lookup.data} />
}

/**
 * A handle its owner changed away from answers with the profile at the new one: the address bar
 * then shows the new address, as a reload would have been sent there.
 */
function useCurrentAddress(asked: string, found: string | undefined) {
  const [, navigate] = useLocation()
  useEffect(() => {
    if (found !== undefined && found !== '' && found !== asked) {
      navigate(`/@${found}`, { replace: true })
    }
  }, [asked, found, navigate])
}

function Shown({ profile }: { profile: ProfileWithFolders }) {
  const strings = useStrings('profile', PROFILE)
  return (
    <>
      <ProfileBanner
        profile={profile}
        sizes={PAGE_BANNER_SIZES}
        className="mb-4 rounded-3xl border border-line"
        priority
      />
      <PageHero
        title={profile.name || `@${profile.displayUsername}`}
        tagline={strings.public.onMofu(`@${profile.displayUsername}`)}
        art={
          <AvatarFrame frame={profile.frame}>
            <AvatarImage
              address={profile.avatar}
              placeholder={thumbhashPlaceholder(profile.avatarThumbhash)}
              size={128}
              className="border-4 border-sakura-300"
            />
          </AvatarFrame>
        }
      >
        {profile.pronouns === '' ? undefined : (
          <p className="text-base text-ink">
            {strings.public.pronouns}
            <bdi>{profile.pronouns}</bdi>
          </p>
        )}
      </PageHero>
      <About profile={profile} />
      <PinnedTitles titles={profile.pinned} />
      <FolderCards handle={profile.username} folders={profile.folders} />
    </>
  )
}
