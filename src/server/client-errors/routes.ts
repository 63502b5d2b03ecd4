import { Hono } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import { ClientErrorSchema } from '../../shared/client-error-schema'
import { jsonBody } from '../http/json-body'
import { LIMITS, type RouteLimits } from '../http/limiter'
import type { Logger } from '../logger'

/** A report is a few hundred bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 2 * 1024

/**
 * Errors the browser's React root reported (src/client/lib/client-errors.ts), written as one
 * structured log line each. The handler reads no cookie and logs no address or user: the
 * address only counts against the limit.
 */
export function clientErrorRoutes(deps: { logger: Logger; limits: RouteLimits }) {
  return new Hono<{ Variables: RequestIdVariables }>().post(
    '/client-error',
    deps.limits.perAddress(LIMITS.clientError),
    jsonBody(ClientErrorSchema, MAX_BODY_BYTES),
    (c) => {
      deps.logger.warn(
        { reqId: c.get('requestId'), clientError: c.req.valid('json') },
        'client error',
      )
      return c.body(null, 204)
    },
  )
}
