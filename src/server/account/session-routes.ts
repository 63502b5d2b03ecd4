import { Hono, type Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { Kysely } from 'kysely'
import type { SessionList } from '../../shared/sessions'
import type { Tables } from '../db/tables'
import { apiError } from '../http/errors'
import { SERVER_MESSAGES } from '../http/messages'
import type { SessionCheck } from '../sessions/session-check'
import type { LiveSession } from '../sessions/session-store'
import type { Logger } from '../logger'
import { securityEvents } from '../security-events'
import type { Auth } from '../auth/auth'
import { endOtherSessions, endSession, listSessions } from './sessions'

export interface SessionRouteDeps {
  auth: Auth
  db: Kysely<Tables>
  sessions: SessionCheck
  logger: Logger
  clientAddress: (c: Context) => string
}

type Variables = RequestIdVariables & { uid: string; session: LiveSession }

/**
 * The user's signed-in sessions, at /api/me/sessions: list them, end one, end all the others.
 * Sessions are named by id; their tokens never reach the browser (Better Auth's own
 * /list-sessions and /revoke-session work with tokens, so Mofu switches them off).
 */
export function sessionRoutes({ auth, db, sessions, logger, clientAddress }: SessionRouteDeps) {
  const event = securityEvents(logger, db)
  const ended = (c: Context<{ Variables: Variables }>) =>
    event('session.ended', {
      userAgent: c.req.header('user-agent') ?? null,
      userId: c.get('uid'),
      ip: clientAddress(c),
      reqId: c.get('requestId'),
    })

  return new Hono<{ Variables: Variables }>()
    .use(sessions.required)
    .get('/', async (c) =>
      c.json({
        sessions: await listSessions(auth, c.get('uid'), c.get('session').id),
      } satisfies SessionList),
    )
    .delete('/', async (c) => {
      if ((await endOtherSessions({ auth, db }, c.get('uid'), c.get('session').id)) > 0) {
        await ended(c)
      }
      return c.body(null, 204)
    })
    .delete('/:id', async (c) => {
      if (!(await endSession({ auth, db }, c.get('uid'), c.req.param('id')))) {
        return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.sessionEnded)
      }
      await ended(c)
      return c.body(null, 204)
    })
}
