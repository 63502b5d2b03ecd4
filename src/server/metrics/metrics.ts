import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Mailer } from '../mail/mailer'
import type { SecurityEventName } from '../security-events'
import { RequestDurations } from './request-durations'

/** How an avatar upload ended: stored, refused as not a usable image, or turned away as busy. */
export type AvatarUploadResult = 'stored' | 'rejected' | 'busy'

/** What made a share card: a change of the profile (made while nobody waits), or a request for it. */
export type CardCause = 'change' | 'request'

/** What the PostgreSQL pool holds at the moment it is read. */
export interface PoolStats {
  inUse: number
  waiting: number
}

/**
 * Mofu's Prometheus metrics (docs/deploying.md "Metrics"), each in this instance's own registry: nothing
 * is registered in prom-client's global one, so two apps in one process (tests) never share a
 * count.
 */
export interface Metrics {
  registry: Registry
  /** One answered request, labelled by the route pattern that answered (never the raw URL). */
  request(method: string, route: string, status: number, seconds: number): void
  securityEvent(event: SecurityEventName): void
  mail(result: 'sent' | 'failed'): void
  avatarUpload(result: AvatarUploadResult): void
  /** Time spent decoding and re-encoding one upload (in its decode slot). */
  avatarProcessed(seconds: number): void
  /** One share card made and stored, after a change of the profile or on a request for it. */
  shareCardMade(cause: CardCause): void
  /** Reports the database pool's figures on every scrape. */
  watchPool(stats: () => PoolStats): void
}

/** Seconds; from a fast handle check up to the server's 45 s request timeout (main.ts). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 45]
const AVATAR_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

export function createMetrics(): Metrics {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })

  // Its _count series is the request count: a separate counter would double the cost.
  const durations = new RequestDurations(
    'mofu_http_request_duration_seconds',
    'Requests answered and the time from arrival to answer, by method, route pattern and status.',
    REQUEST_BUCKETS,
    registry,
  )
  const signIns = new Counter({
    name: 'mofu_sign_ins_total',
    help: 'Sign-ins: ok (a session started) or failed (a password log-in refused).',
    labelNames: ['result'] as const,
    registers,
  })
  const signUps = new Counter({
    name: 'mofu_sign_ups_total',
    help: 'Sign-ups for an address not verified yet.',
    registers,
  })
  const refusals = new Counter({
    name: 'mofu_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (answered 429).',
    registers,
  })
  const mails = new Counter({
    name: 'mofu_mails_total',
    help: 'Mails handed to SMTP or written to the outbox (sent), or not (failed).',
    labelNames: ['result'] as const,
    registers,
  })
  const avatarUploads = new Counter({
    name: 'mofu_avatar_uploads_total',
    help: 'Avatar uploads that reached decoding: stored, rejected (not a usable image) or busy.',
    labelNames: ['result'] as const,
    registers,
  })
  const avatarSeconds = new Histogram({
    name: 'mofu_avatar_processing_seconds',
    help: 'Time to decode, check and re-encode one uploaded avatar.',
    buckets: AVATAR_BUCKETS,
    registers,
  })
  const shareCards = new Counter({
    name: 'mofu_share_cards_made_total',
    help: 'Share cards made and stored, by cause: a change of the profile, or a request for the card.',
    labelNames: ['cause'] as const,
    registers,
  })
  for (const result of ['ok', 'failed']) signIns.inc({ result }, 0)
  for (const result of ['sent', 'failed']) mails.inc({ result }, 0)
  for (const result of ['stored', 'rejected', 'busy']) avatarUploads.inc({ result }, 0)
  for (const cause of ['change', 'request']) shareCards.inc({ cause }, 0)

  return {
    registry,
    request: (method, route, status, seconds) => durations.observe(method, route, status, seconds),
    securityEvent(event) {
      if (event === 'sign-in.ok') signIns.inc({ result: 'ok' })
      else if (event === 'sign-in.failed') signIns.inc({ result: 'failed' })
      else if (event === 'sign-up') signUps.inc()
      else if (event === 'throttled') refusals.inc()
    },
    mail: (result) => mails.inc({ result }),
    avatarUpload: (result) => avatarUploads.inc({ result }),
    avatarProcessed: (seconds) => avatarSeconds.observe(seconds),
    shareCardMade: (cause) => shareCards.inc({ cause }),
    watchPool(stats) {
      const read = (field: keyof PoolStats) =>
        function (this: Gauge) {
          this.set(stats()[field])
        }
      new Gauge({
        name: 'mofu_db_pool_connections_in_use',
        help: 'PostgreSQL connections checked out of the pool.',
        collect: read('inUse'),
        registers,
      })
      new Gauge({
        name: 'mofu_db_pool_waiting_requests',
        help: 'Queries waiting for a free PostgreSQL connection.',
        collect: read('waiting'),
        registers,
      })
    },
  }
}

/** The mailer, with each mail counted as sent or failed. */
export function countMails(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail)
      } catch (error) {
        metrics.mail('failed')
        throw error
      }
      metrics.mail('sent')
    },
  }
}
