import { Hono, type Context } from 'hono'
import {
  HANDLE_MESSAGES,
  handleProblem,
  normalizeHandle,
  ProfilePatchSchema,
  type HandleAvailability,
} from '../../shared/profile'
import { LinkCheckRequestSchema } from '../../shared/profile-fields'
import { isMissingUser, isUniqueViolation } from '../db/constraint-errors'
import { apiError } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { answerLanguage } from '../http/language'
import { inLanguage, SERVER_MESSAGES } from '../http/messages'
import { LIMITS, tooManyRequests, type Limiter, type RouteLimits } from '../http/limiter'
import { signInRequired, type SessionCheck } from '../sessions/session-check'
import type { ShareCards } from '../share-cards/share-cards'
import type { PlanBook } from '../plans/plan-book'
import type { HandleClaim, HandleClaims } from './handle-claims'
import { handleSuggestions } from './handle-suggestions'
import { checkLink, type LinkCheck, type LinkCheckSettings } from './link-check'
import type { ReleasedHandles } from '../stores/handle-redirects'
import { HandleChangesLimitedError, ReleasedHandleError } from '../stores/released-handles'
import { toProfile, toPublicProfile } from './profile-answers'
import { ReservedLookAlikeError, type ProfileRow, type ProfileStore } from '../stores/profile-store'
import type { ProfileWithFolders } from '../../shared/public-folders'
import type { PublicFolders } from '../board/public-folders'
import { folderSlug } from '../../shared/board'

export interface ProfileDeps {
  profiles: ProfileStore
  claims: HandleClaims
  releases: ReleasedHandles
  sessions: SessionCheck
  publicUrl: string
  limits: RouteLimits
  limiter: Limiter
  /** What the operator opened the link check up to (LINK_CHECK_*). */
  linkCheck: LinkCheckSettings
  /** Told of each save, so the profile's share card follows. */
  cards: Pick<ShareCards, 'refresh'>
  /** The configured plans, which give a profile its pins. */
  plans: PlanBook
  /** The public folders /@handle shows. */
  folders: PublicFolders
}

/**
 * The session user's own profile, at /api/me/profile (docs/api.md "Profile and handles"). Writes
 * act only on the session's user; no route takes a user id to write. The unique index on the
 * handle, not the live check, decides races.
 */
export function ownProfileRoutes({
  profiles,
  claims,
  sessions,
  publicUrl,
  limiter,
  linkCheck,
  cards,
  plans,
}: ProfileDeps) {
  return new Hono()
    .get('/', sessions.required, async (c) => {
      try {
        return c.json(toProfile(await profiles.loadOrCreate(c.get('uid')), publicUrl, plans))
      } catch (error) {
        if (isMissingUser(error)) return signInRequired(c)
        throw error
      }
    })
    .patch('/', sessions.required, jsonBody(ProfilePatchSchema, 16 * 1024), async (c) => {
      try {
        const saved = await profiles.save(c.get('uid'), c.req.valid('json'))
        cards.refresh(saved.user_id)
        return c.json(toProfile(saved, publicUrl, plans))
      } catch (error) {
        if (error instanceof ReservedLookAlikeError) return tooSimilar(c)
        if (error instanceof HandleChangesLimitedError) {
          return tooManyRequests(c, (error.retryAt.getTime() - Date.now()) / 1000, {
            code: 'HANDLE_CHANGES_LIMITED',
            message: HANDLE_MESSAGES.changesLimited,
          })
        }
        if (error instanceof ReleasedHandleError) return error.sameHandle ? taken(c) : tooSimilar(c)
        const handle = c.req.valid('json').handle
        if (isUniqueViolation(error) && handle !== undefined) {
          const uid = c.get('uid')
          const claim = await claims.claim(handle.username, async () => uid)
          return claim === 'too-similar' ? tooSimilar(c) : taken(c)
        }
        if (isMissingUser(error)) return signInRequired(c)
        throw error
      }
    })
    .post('/links/check', sessions.required, jsonBody(LinkCheckRequestSchema, 1024), async (c) => {
      const uid = c.get('uid')
      const row = await profiles.loadOrCreate(uid)
      const handle = row.username ?? ''
      if (handle === '') return apiError(c, 409, 'HANDLE_NEEDED', SERVER_MESSAGES.handleNeeded)
      const { links, verifiedLinks } = toProfile(row, publicUrl, plans)
      const profileUrl = new URL(`/@${handle}`, publicUrl).href
      const checks = await Promise.all(
        links.map(({ url }) =>
          checkLink(url, profileUrl, {
            ...linkCheck,
            publicUrl,
            limits: { limiter, userId: uid },
          }),
        ),
      )
      // A link the limits kept from being checked keeps what it had.
      const verified = links
        .filter(({ url }, index) => {
          const check = checks[index]
          return check?.verified === true || (isRateLimited(check) && verifiedLinks.includes(url))
        })
        .map(({ url }) => url)
      await profiles.keepVerifiedLinks(uid, handle, verified)
      const limited = checks.filter(isRateLimited)
      if (limited.length > 0) {
        return tooManyRequests(c, Math.max(...limited.map((check) => check.retryAfterSeconds)))
      }
      return c.json(toProfile(await profiles.loadOrCreate(uid), publicUrl, plans))
    })
}

const isRateLimited = (
  check: LinkCheck | undefined,
): check is Extract<LinkCheck, { reason: 'rate-limited' }> =>
  check?.verified === false && check.reason === 'rate-limited'

const tooSimilar = (c: Context) =>
  apiError(c, 409, 'HANDLE_TOO_SIMILAR', HANDLE_MESSAGES.tooSimilar)
const taken = (c: Context) => apiError(c, 409, 'HANDLE_TAKEN', HANDLE_MESSAGES.taken)

const CLAIM_MESSAGES = {
  free: HANDLE_MESSAGES.available,
  taken: HANDLE_MESSAGES.taken,
  'too-similar': HANDLE_MESSAGES.tooSimilar,
} as const satisfies Record<HandleClaim, string>

/**
 * Whether a handle is free, at /api/handles/:handle; your own current handle counts as free.
 * A taken, reserved or look-alike handle comes with free handles to use instead. The message is in
 * the request's language (docs/architecture.md "Languages").
 */
export function handleRoutes({ claims, sessions, limits }: ProfileDeps) {
  return new Hono().get('/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
    const handle = normalizeHandle(c.req.param('handle')).username
    const problem = handleProblem(handle)
    const message = problem ?? CLAIM_MESSAGES[await claims.claim(handle, () => sessions.userId(c))]
    const available = message === HANDLE_MESSAGES.available
    // A handle of the wrong length has nothing to build on.
    const suggest = !available && (problem === null || problem === HANDLE_MESSAGES.reserved)
    return c.json({
      username: handle,
      available,
      message: inLanguage(answerLanguage(c), message),
      suggestions: suggest ? await handleSuggestions(claims, handle) : [],
    } satisfies HandleAvailability)
  })
}

/**
 * Permanent, so links and search engines move to the new handle, yet asked again at every
 * visit: the owner may take the old handle back, and once its release ends it may be anyone's.
 */
export function permanentRedirect(c: Context, location: string) {
  c.header('Cache-Control', 'no-cache')
  return c.redirect(location, 301)
}

/**
 * Anyone's public profile by handle, at /api/profiles/:handle (the /@handle page), with its
 * public folders; and one public folder, at /api/profiles/:handle/folders/:slug. A handle its
 * owner changed away from answers 301 to the same at their current one, whose `username` then
 * tells the page its new address; so does a folder's slug from before a rename. A private
 * folder answers as one that does not exist.
 */
export function publicProfileRoutes({
  profiles,
  releases,
  publicUrl,
  limits,
  folders,
}: ProfileDeps) {
  /** The profile at the handle `asked`, or the answer when there is none. */
  const profileAt = async (c: Context, asked: string, rest: string) => {
    const handle = normalizeHandle(asked).username
    const row = await profiles.findByHandle(handle)
    if (row !== undefined) return row
    const current = await releases.redirectOf(handle)
    if (current === null) return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.noSuchHandle)
    return permanentRedirect(c, `/api/profiles/${current}${rest}`)
  }
  return new Hono()
    .get('/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
      const row = await profileAt(c, c.req.param('handle'), '')
      if (row instanceof Response) return row
      return c.json({
        ...toPublicProfile(row, publicUrl),
        pinned: await folders.pinnedOf(row.user_id),
        folders: await folders.cardsOf(row.user_id),
      } satisfies ProfileWithFolders)
    })
    .get('/:handle/folders/:slug', limits.perAddress(LIMITS.publicRead), async (c) => {
      const slug = c.req.param('slug')
      const row = await profileAt(c, c.req.param('handle'), `/folders/${encodeURIComponent(slug)}`)
      if (row instanceof Response) return row
      const found = await folders.find(ownerOf(row, publicUrl), folderSlug(slug))
      if (found === undefined) return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.noSuchFolder)
      if ('movedTo' in found) {
        return permanentRedirect(
          c,
          `/api/profiles/${row.username}/folders/${encodeURIComponent(found.movedTo)}`,
        )
      }
      return c.json(found.folder)
    })
}

/** A folder's owner, as its page names them. */
export function ownerOf(row: ProfileRow, publicUrl: string) {
  const { name, username, displayUsername } = toPublicProfile(row, publicUrl)
  return { uid: row.user_id, name, username, displayUsername }
}
