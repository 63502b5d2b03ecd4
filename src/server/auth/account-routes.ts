import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { LIMITS, logThrottled, type Limiter, type RouteLimits } from '../http/limiter'
import { apiError } from '../http/errors'
import type { SessionCheck } from '../http/session'
import type { Logger } from '../logger'
import { logSecurityEvent } from '../security-events'
import type { ProfileStore } from '../profiles/profile-store'
import type { ObjectStorage } from '../storage/object-storage'
import { deleteAccount, deletionRefusal } from './account-deletion'
import { accountExport } from './account-export'
import type { Auth } from './auth'

export interface AccountDeps {
  auth: Auth
  sessions: SessionCheck
  profiles: ProfileStore
  storage: ObjectStorage
  logger: Logger
  limits: RouteLimits
  /** The per-account count of password guesses (password-guesses.ts). */
  limiter: Limiter
  clientAddress: (c: Context) => string
}

/**
 * The account itself, at /api/me: a copy of everything kept about it, and deleting it (profile,
 * avatar, sessions, sign-in methods).
 */
export function accountRoutes({
  auth,
  sessions,
  profiles,
  storage,
  logger,
  limits,
  limiter,
  clientAddress,
}: AccountDeps) {
  return new Hono<{ Variables: RequestIdVariables }>()
    .get('/export', sessions.required, limits.perUser(LIMITS.accountExport), async (c) => {
      const archive = await accountExport(
        { auth, profiles, storage },
        c.req.raw.headers,
        c.get('uid'),
      )
      const day = new Date().toISOString().slice(0, 10)
      return c.body(archive, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="mofu-data-${day}.zip"`,
      })
    })
    .delete('/', sessions.required, async (c) => {
      const uid = c.get('uid')
      const refusal = await deletionRefusal({ auth, limiter }, c.req.raw, c.get('session'))
      if (refusal !== null) {
        if (refusal.status === 429) {
          logThrottled(logger, { userId: uid, ip: clientAddress(c), reqId: c.get('requestId') })
          c.header('Retry-After', String(refusal.retryAfterSeconds))
        }
        return apiError(c, refusal.status, refusal.body.code, refusal.body.message)
      }
      await deleteAccount({ auth, storage, profiles }, uid)
      logSecurityEvent(logger, 'account.deleted', {
        userId: uid,
        ip: clientAddress(c),
        reqId: c.get('requestId'),
      })
      return c.body(null, 204)
    })
}
