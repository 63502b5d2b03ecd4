import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  HANDLE_MESSAGES,
  handleProblem,
  normalizeHandle,
  ProfilePatchSchema,
  type HandleAvailability,
  type PublicProfile,
} from '../../shared/profile'
import { apiError, bodyTooLarge, invalidInput, requireJson } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { signInRequired, type SessionCheck } from '../http/session'
import { isMissingUser, isUniqueViolation, toProfile, type ProfileStore } from './profile-store'

export interface ProfileDeps {
  profiles: ProfileStore
  sessions: SessionCheck
  publicUrl: string
  limits: RouteLimits
}

/**
 * The session user's own profile, at /api/me/profile (SPEC 3, 4 and 5). Writes act only on the
 * session's user; no route takes a user id to write. The unique index on the handle, not the
 * live check, decides races.
 */
export function ownProfileRoutes({ profiles, sessions, publicUrl }: ProfileDeps) {
  return new Hono()
    .get('/', sessions.required, async (c) => {
      try {
        return c.json(toProfile(await profiles.loadOrCreate(c.get('uid')), publicUrl))
      } catch (error) {
        if (isMissingUser(error)) return signInRequired(c)
        throw error
      }
    })
    .patch(
      '/',
      sessions.required,
      requireJson,
      bodyLimit({ maxSize: 16 * 1024, onError: bodyTooLarge }),
      zValidator('json', ProfilePatchSchema, invalidInput),
      async (c) => {
        try {
          const saved = await profiles.save(c.get('uid'), c.req.valid('json'))
          return c.json(toProfile(saved, publicUrl))
        } catch (error) {
          if (isUniqueViolation(error)) {
            return apiError(c, 409, 'HANDLE_TAKEN', HANDLE_MESSAGES.taken)
          }
          if (isMissingUser(error)) return signInRequired(c)
          throw error
        }
      },
    )
}

/** Whether a handle is free, at /api/handles/:handle; your own current handle counts as free. */
export function handleRoutes({ profiles, sessions, limits }: ProfileDeps) {
  return new Hono().get('/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
    const { username } = normalizeHandle(c.req.param('handle'))
    const problem = handleProblem(username)
    if (problem !== null) {
      return c.json({ username, available: false, message: problem } satisfies HandleAvailability)
    }
    const owner = await profiles.findByHandle(username)
    const available = owner === undefined || owner.user_id === (await sessions.userId(c))
    return c.json({
      username,
      available,
      message: available ? HANDLE_MESSAGES.available : HANDLE_MESSAGES.taken,
    } satisfies HandleAvailability)
  })
}

/** Anyone's public profile by handle, at /api/profiles/:handle (the /@handle page). */
export function publicProfileRoutes({ profiles, publicUrl, limits }: ProfileDeps) {
  return new Hono().get('/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
    const { username } = normalizeHandle(c.req.param('handle'))
    const row = await profiles.findByHandle(username)
    if (row === undefined) return apiError(c, 404, 'NOT_FOUND', 'No one has this ID yet.')
    const { name, displayUsername, avatar } = toProfile(row, publicUrl)
    return c.json({ name, username, displayUsername, avatar } satisfies PublicProfile)
  })
}
