import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { avatarKey } from '../storage/avatar-object'
import { apiError } from '../http/errors'
import type { SessionCheck } from '../http/session'
import type { Logger } from '../logger'
import { logSecurityEvent } from '../security-events'
import type { ObjectStorage } from '../storage/object-storage'
import { deletionRefusal } from './account-deletion'
import type { Auth } from './auth'

export interface AccountDeps {
  auth: Auth
  sessions: SessionCheck
  storage: ObjectStorage
  logger: Logger
  clientAddress: (c: Context) => string
}

/** The account itself, at /api/me: deleting it (profile, avatar, sessions, sign-in methods). */
export function accountRoutes({ auth, sessions, storage, logger, clientAddress }: AccountDeps) {
  return new Hono<{ Variables: RequestIdVariables }>().delete('/', sessions.required, async (c) => {
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
