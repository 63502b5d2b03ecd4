import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { avatarKey } from '../storage/avatar-object'
import { apiError } from '../http/errors'
import { requireSession } from '../http/session'
import type { Logger } from '../logger'
import { logSecurityEvent } from '../security-events'
import type { ObjectStorage } from '../storage/object-storage'
import { deletionRefusal } from './account-deletion'
import { accountExport } from './account-export'
import type { Auth } from './auth'

export interface AccountDeps {
  auth: Auth
  db: Kysely<Tables>
  storage: ObjectStorage
  logger: Logger
  limits: RouteLimits
  clientAddress: (c: Context) => string
}

/**
 * The account itself, at /api/me: a copy of everything kept about it, and deleting it (profile,
 * avatar, sessions, sign-in methods).
 */
export function accountRoutes({ auth, db, storage, logger, limits, clientAddress }: AccountDeps) {
  return new Hono<{ Variables: RequestIdVariables }>()
    .get('/export', requireSession(auth), limits.perUser(LIMITS.accountExport), async (c) => {
      const archive = await accountExport({ auth, db, storage }, c.req.raw.headers, c.get('uid'))
      const day = new Date().toISOString().slice(0, 10)
      return c.body(archive, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="mofu-data-${day}.zip"`,
      })
    })
    .delete('/', requireSession(auth), async (c) => {
      const uid = c.get('uid')
      const refusal = await deletionRefusal(auth, c.req.raw, uid)
      if (refusal !== null) {
        return apiError(c, refusal.status, refusal.body.code, refusal.body.message)
      }
      // The avatar file first: should that fail, the account is still there to try again,
      // rather than a file left behind with no one to delete it.
      await storage.delete(avatarKey(uid))
      // Through Better Auth, so sessions end wherever they are kept (database and Redis); the
      // profile goes with the user (foreign key cascade), which frees the handle.
      const context = await auth.$context
      await context.internalAdapter.deleteUser(uid)
      logSecurityEvent(logger, 'account.deleted', {
        userId: uid,
        ip: clientAddress(c),
        reqId: c.get('requestId'),
      })
      return c.body(null, 204)
    })
}
