import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Kysely } from 'kysely'
import {
  HANDLE_MESSAGES,
  handleProblem,
  normalizeHandle,
  ProfilePatchSchema,
  type HandleAvailability,
  type PublicProfile,
} from '../../shared/profile'
import type { Auth } from '../auth/auth'
import type { Tables } from '../db/tables'
import { apiError, bodyTooLarge, invalidInput, requireJson } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { requireSession, sessionUserId, signInRequired } from '../http/session'
import { handleSuggestions } from './handle-suggestions'
import {
  findProfileByHandle,
  handleClaim,
  isMissingUser,
  isUniqueViolation,
  loadOrCreateProfile,
  saveProfile,
  toProfile,
} from './profile-store'

export interface ProfileDeps {
  db: Kysely<Tables>
  auth: Auth
  publicUrl: string
  limits: RouteLimits
}

/**
 * The session user's own profile, at /api/me/profile (SPEC 3, 4 and 5). Writes act only on the
 * session's user; no route takes a user id to write. The unique index on the handle, not the
 * live check, decides races.
 */
export function ownProfileRoutes({ db, auth, publicUrl }: ProfileDeps) {
  return new Hono()
    .get('/', requireSession(auth), async (c) => {
      try {
        return c.json(toProfile(await loadOrCreateProfile(db, c.get('uid')), publicUrl))
      } catch (error) {
        if (isMissingUser(error)) return signInRequired(c)
        throw error
      }
    })
    .patch(
      '/',
      requireSession(auth),
      requireJson,
      bodyLimit({ maxSize: 16 * 1024, onError: bodyTooLarge }),
      zValidator('json', ProfilePatchSchema, invalidInput),
      async (c) => {
        try {
          const saved = await saveProfile(db, c.get('uid'), c.req.valid('json'))
          return c.json(toProfile(saved, publicUrl))
        } catch (error) {
          const handle = c.req.valid('json').handle
          if (isUniqueViolation(error) && handle !== undefined) {
            const claim = await handleClaim(db, handle.username, c.get('uid'))
            return claim === 'too-similar'
              ? apiError(c, 409, 'HANDLE_TOO_SIMILAR', HANDLE_MESSAGES.tooSimilar)
              : apiError(c, 409, 'HANDLE_TAKEN', HANDLE_MESSAGES.taken)
          }
          if (isMissingUser(error)) return signInRequired(c)
          throw error
        }
      },
    )
}

/**
 * Whether a handle is free, at /api/handles/:handle; your own current handle counts as free.
 * A taken, reserved or look-alike handle comes with free IDs to use instead.
 */
export function handleRoutes({ db, auth, limits }: ProfileDeps) {
  return new Hono().get('/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
    const { username } = normalizeHandle(c.req.param('handle'))
    const answer = async (message: string, available = false): Promise<Response> =>
      c.json({
        username,
        available,
        message,
        suggestions: available ? [] : await handleSuggestions(db, username),
      } satisfies HandleAvailability)
    const problem = handleProblem(username)
    if (problem === HANDLE_MESSAGES.reserved || problem === HANDLE_MESSAGES.tooSimilar) {
      return answer(problem)
    }
    if (problem !== null) {
      return c.json({ username, available: false, message: problem, suggestions: [] })
    }
    switch (await handleClaim(db, username, await sessionUserId(auth, c))) {
      case 'free':
        return answer(HANDLE_MESSAGES.available, true)
      case 'taken':
        return answer(HANDLE_MESSAGES.taken)
      case 'too-similar':
        return answer(HANDLE_MESSAGES.tooSimilar)
    }
  })
}

/** Anyone's public profile by handle, at /api/profiles/:handle (the /@handle page). */
export function publicProfileRoutes({ db, publicUrl, limits }: ProfileDeps) {
  return new Hono().get('/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
    const { username } = normalizeHandle(c.req.param('handle'))
    const row = await findProfileByHandle(db, username)
    if (row === undefined) return apiError(c, 404, 'NOT_FOUND', 'No one has this ID yet.')
    const { name, displayUsername, avatar } = toProfile(row, publicUrl)
    return c.json({ name, username, displayUsername, avatar } satisfies PublicProfile)
  })
}
