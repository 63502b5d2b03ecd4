import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { apiError } from './errors'
import { SERVER_MESSAGES } from './messages'
import type { Metrics } from '../metrics/metrics'

const BEARER = /^Bearer ([\x21-\x7e]+)$/i
const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * `GET /metrics` in Prometheus' text format. With a token, only `Authorization: Bearer <token>`
 * reads it (401 otherwise); without one (the loopback listener of METRICS_PORT) anyone who can
 * reach it does. Digests are compared, in constant time, so neither the token's bytes nor its
 * length show in how long a refusal takes.
 */
export function metricsRoutes({ metrics, token }: { metrics: Metrics; token?: string }) {
  const expected = token === undefined ? undefined : digest(token)
  return new Hono().get('/', async (c) => {
    if (expected !== undefined) {
      const sent = BEARER.exec(c.req.header('Authorization') ?? '')?.[1]
      if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"')
        return apiError(c, 401, 'UNAUTHENTICATED', SERVER_MESSAGES.metricsToken)
      }
    }
    c.header('Cache-Control', 'no-store')
    return c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
    })
  })
}
