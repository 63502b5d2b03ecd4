import { createMiddleware } from 'hono/factory'
import type { RequestIdVariables } from 'hono/request-id'
import { routePath } from 'hono/route'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics/metrics'
import { apiError } from './errors'
import { CROSS_SITE_MESSAGE, crossSiteWrite, isPersonalApiPath } from './request-guards'
import type { ApplySecurityHeaders } from './security'

/** A request id the client sent is kept when it is short and plain (as Hono's requestId). */
const REQUEST_ID = /^[\w\-=]{1,255}$/

/** The path as logged: a calendar feed's address is a secret, and logs are read by others. */
const loggedPath = (path: string) =>
  path.startsWith('/calendar/') ? '/calendar/(secret).ics' : path

/**
 * What every request gets, in one middleware rather than five (each a frame and a promise per
 * request): a request id (X-Request-Id), the cross-site write guard, the security headers,
 * `Cache-Control: no-store` on account answers, one log line, and with metrics on, the request
 * counted under the pattern of the route that answered (`/api/handles/:handle`): a bounded set
 * of labels, whatever URLs clients send.
 */
export function requestFrame(deps: {
  logger: Logger
  publicUrl: string
  securityHeaders: ApplySecurityHeaders
  metrics?: Metrics
}) {
  const { logger, securityHeaders, metrics } = deps
  const isCrossSite = crossSiteWrite(deps.publicUrl)
  return createMiddleware<{ Variables: RequestIdVariables }>(async (c, next) => {
    const started = performance.now()
    const sent = c.req.header('X-Request-Id')
    const reqId = sent !== undefined && REQUEST_ID.test(sent) ? sent : crypto.randomUUID()
    c.set('requestId', reqId)
    if (isCrossSite(c)) c.res = apiError(c, 403, 'CROSS_SITE', CROSS_SITE_MESSAGE)
    else await next()
    const headers = c.res.headers
    headers.set('X-Request-Id', reqId)
    securityHeaders(headers)
    if (isPersonalApiPath(c.req.path)) headers.set('Cache-Control', 'no-store')
    const ms = performance.now() - started
    logger.info(
      {
        reqId,
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(ms),
      },
      'request',
    )
    metrics?.request(c.req.method, routePath(c), c.res.status, ms / 1000)
  })
}
