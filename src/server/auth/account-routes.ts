import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { apiError } from '../http/errors'
import { requireSession } from '../http/session'
import type { Logger } from '../logger'
import { logSecurityEvent } from '../security-events'
import type { ObjectStorage } from '../storage/object-storage'
import { deleteAccount, deletionRefusal } from './account-deletion'
import type { Auth } from './auth'

export interface AccountDeps {
  auth: Auth
  storage: ObjectStorage
  logger: Logger
  clientAddress: (c: Context) => string
}

/** The account itself, at /api/me: deleting it (profile, avatar, sessions, sign-in methods). */
export function accountRoutes({ auth, storage, logger, clientAddress }: AccountDeps) {
  return new Hono<{ Variables: RequestIdVariables }>().delete(
    '/',
    requireSession(auth),
    async (c) => {
      const uid = c.get('uid')
      const refusal = await deletionRefusal(auth, c.req.raw, uid)
      if (refusal !== null) {
        return apiError(c, refusal.status, refusal.body.code, refusal.body.message)
      }
      await deleteAccount(auth, storage, uid)
      logSecurityEvent(logger, 'account.deleted', {
        userId: uid,
        ip: clientAddress(c),
        reqId: c.get('requestId'),
      })
      return c.body(null, 204)
    },
  )
}
