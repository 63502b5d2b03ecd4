import { zValidator } from '@hono/zod-validator'
import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { bodyLimit } from 'hono/body-limit'
import type { Kysely, Selectable } from 'kysely'
import {
  HANDLE_MESSAGES,
  handleProblem,
  normalizeHandle,
  ProfilePatchSchema,
  type HandleAvailability,
  type Profile,
  type PublicProfile,
} from '../../shared/profile'
import type { Auth } from '../auth'
import { avatarKey, avatarUrl } from '../avatars/avatar-object'
import type { ProfilesTable, Tables } from '../db/tables'
import { apiError, bodyTooLarge, invalidInput, requireJson } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { requireSession, sessionUserId, signInRequired } from '../http/session'
import type { Logger } from '../logger'
import { deletionRefusal } from '../security/account-deletion'
import { logSecurityEvent } from '../security/security-events'
import type { ObjectStorage } from '../storage/object-storage'

type ProfileRow = Selectable<ProfilesTable>

function toProfile(row: ProfileRow, publicUrl: string): Profile {
  return {
    uid: row.user_id,
    name: row.name,
    username: row.username ?? '',
    // SPEC 3: displayUsername falls back to username.
    displayUsername: row.display_username ?? row.username ?? '',
    avatar: avatarUrl(publicUrl, row.user_id, row.avatar_version),
    font: row.font,
    pinCount: Number(row.pin_count),
    usedPinCount: Number(row.used_pin_count),
    pinResetAt: row.pin_reset_at,
    plan: row.plan,
  }
}

/** SQLite and PostgreSQL each report constraint violations their own way. */
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code
const isUniqueViolation = (error: unknown) =>
  ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(String(errorCode(error)))
/** The user was deleted while this request ran (its session was checked just before). */
export const isMissingUser = (error: unknown) =>
  ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'].includes(String(errorCode(error)))

/** The user's profile, created with the defaults when there is none (SPEC 4). */
export async function loadOrCreateProfile(db: Kysely<Tables>, uid: string): Promise<ProfileRow> {
  const load = () => db.selectFrom('profiles').selectAll().where('user_id', '=', uid)
  const existing = await load().executeTakeFirst()
  if (existing !== undefined) return existing
  // Two first requests may race here; the second insert does nothing.
  await db
    .insertInto('profiles')
    .values({ user_id: uid, updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
  return load().executeTakeFirstOrThrow()
}

/**
 * Profiles (SPEC 3, 4 and 5). Writes act only on the session's user; no route takes a user id
 * to write. The unique index on the handle, not the live check, decides races.
 */
export function profileRoutes(
  db: Kysely<Tables>,
  auth: Auth,
  storage: ObjectStorage,
  options: {
    logger: Logger
    clientAddress: (c: Context) => string
    publicUrl: string
    limits: RouteLimits
  },
) {
  const { logger, clientAddress, publicUrl, limits } = options
  return new Hono<{ Variables: RequestIdVariables }>()
    .get('/me/profile', requireSession(auth), async (c) => {
      try {
        return c.json(toProfile(await loadOrCreateProfile(db, c.get('uid')), publicUrl))
      } catch (error) {
        if (isMissingUser(error)) return signInRequired(c)
        throw error
      }
    })
    .patch(
      '/me/profile',
      requireSession(auth),
      requireJson,
      bodyLimit({ maxSize: 16 * 1024, onError: bodyTooLarge }),
      zValidator('json', ProfilePatchSchema, invalidInput),
      async (c) => {
        const uid = c.get('uid')
        const patch = c.req.valid('json')
        try {
          await loadOrCreateProfile(db, uid)
          await db
            .updateTable('profiles')
            .set({
              ...(patch.name === undefined ? {} : { name: patch.name }),
              ...(patch.handle === undefined
                ? {}
                : {
                    username: patch.handle.username,
                    display_username: patch.handle.displayUsername,
                  }),
              ...(patch.font === undefined ? {} : { font: patch.font }),
              updated_at: new Date().toISOString(),
            })
            .where('user_id', '=', uid)
            .execute()
        } catch (error) {
          if (isUniqueViolation(error)) {
            return apiError(c, 409, 'HANDLE_TAKEN', HANDLE_MESSAGES.taken)
          }
          if (isMissingUser(error)) return signInRequired(c)
          throw error
        }
        return c.json(toProfile(await loadOrCreateProfile(db, uid), publicUrl))
      },
    )
    .get('/handles/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
      const { username } = normalizeHandle(c.req.param('handle'))
      const problem = handleProblem(username)
      if (problem !== null) {
        return c.json({ username, available: false, message: problem } satisfies HandleAvailability)
      }
      const owner = await db
        .selectFrom('profiles')
        .select('user_id')
        .where('username', '=', username)
        .executeTakeFirst()
      // The user's own current handle counts as available.
      const available = owner === undefined || owner.user_id === (await sessionUserId(auth, c))
      return c.json({
        username,
        available,
        message: available ? HANDLE_MESSAGES.available : HANDLE_MESSAGES.taken,
      } satisfies HandleAvailability)
    })
    .get('/profiles/:handle', limits.perAddress(LIMITS.publicRead), async (c) => {
      const { username } = normalizeHandle(c.req.param('handle'))
      const row = await db
        .selectFrom('profiles')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst()
      if (row === undefined) return apiError(c, 404, 'NOT_FOUND', 'No one has this ID yet.')
      const { name, displayUsername, avatar } = toProfile(row, publicUrl)
      return c.json({ name, username, displayUsername, avatar } satisfies PublicProfile)
    })
    .delete('/me', requireSession(auth), async (c) => {
      const refusal = await deletionRefusal(auth, c.req.raw, c.get('uid'))
      if (refusal !== null) return c.json(refusal.body, refusal.status)
      // The avatar file first: should that fail, the account is still there to try again,
      // rather than a file left behind with no one to delete it.
      await storage.delete(avatarKey(c.get('uid')))
      // Through Better Auth, so sessions end wherever they are kept (database and Redis); the
      // profile goes with the user (foreign key cascade), which frees the handle.
      const context = await auth.$context
      await context.internalAdapter.deleteUser(c.get('uid'))
      logSecurityEvent(logger, 'account.deleted', {
        userId: c.get('uid'),
        ip: clientAddress(c),
        reqId: c.get('requestId'),
      })
      return c.body(null, 204)
    })
}
