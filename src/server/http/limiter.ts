import { normalizeIP } from '@better-auth/core/utils/ip'
import { APIError } from 'better-auth/api'
import type { Context, MiddlewareHandler } from 'hono'
import { sql, type Kysely } from 'kysely'
import type { ApiErrorCode } from '../../shared/api-error'
import { AUTH_MESSAGES } from '../../shared/auth-messages'
import { EMAIL_CHANGES_PER_HOUR } from '../../shared/email-change'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import { apiError } from './errors'
import { logSecurityEvent, type SecurityEventSource } from '../security-events'

/**
 * Mofu's own abuse limits (docs/security.md "Abuse limits"), counted in Redis when REDIS_URL is set and in
 * the database otherwise, so every instance sees the same counts. Better Auth keeps its own
 * per-address limits on /api/auth; these add what it has no notion of: per account, per mail
 * recipient, per user and on Mofu's own routes.
 */

export interface LimitRule {
  name: string
  max: number
  windowSeconds: number
}

export const LIMITS = {
  /** Failed password sign-ins for one e-mail address, wherever they come from. */
  signInFailures: { name: 'sign-in-failures', max: 10, windowSeconds: 15 * 60 },
  verificationMail: { name: 'verification-mail', max: 3, windowSeconds: 60 * 60 },
  resetMail: { name: 'reset-mail', max: 3, windowSeconds: 60 * 60 },
  /** Avatar and banner uploads together: each is a decode, and a banner is no cheaper. */
  avatarUpload: { name: 'avatar-upload', max: 10, windowSeconds: 60 },
  pageView: { name: 'page-view', max: 60, windowSeconds: 60 },
  clientError: { name: 'client-error', max: 10, windowSeconds: 60 },
  publicRead: { name: 'public-read', max: 600, windowSeconds: 60 },
  accountExport: { name: 'account-export', max: 1, windowSeconds: 60 },
  /**
   * Profile links checked for a link back (profiles/link-check.ts), one per link: 20 an hour is
   * five full checks of four links; all users together bound what Mofu can be made to fetch.
   */
  linkCheckUser: { name: 'link-check-user', max: 20, windowSeconds: 60 * 60 },
  linkCheck: { name: 'link-check', max: 60, windowSeconds: 60 },
  /** Change-of-address requests of one account (EMAIL_CHANGES_PER_HOUR). */
  emailChange: { name: 'email-change', max: EMAIL_CHANGES_PER_HOUR, windowSeconds: 60 * 60 },
  /**
   * Change-of-address requests for one new address, from any account. Spent by those requests
   * alone, for every address alike: a count that sign-ups also spent would answer differently
   * for an address that has an account.
   */
  emailChangeAddress: {
    name: 'email-change-address',
    max: EMAIL_CHANGES_PER_HOUR,
    windowSeconds: 60 * 60,
  },
  /** Opened change-of-address links per client address: codes are too long to guess. */
  emailChangeConfirm: { name: 'email-change-confirm', max: 10, windowSeconds: 60 },
  /**
   * Share cards made on request for one account's profile (share-cards/routes.ts). The card
   * after a save is made within seconds anyway, so these are the previews asked for sooner, and
   * past them the card stored before answers.
   */
  cardMakeAccount: { name: 'card-make-account', max: 5, windowSeconds: 60 },
  /** Hearts given and taken back by one account: a person taps far fewer in a minute. */
  likes: { name: 'likes', max: 120, windowSeconds: 60 },
  /** Changes to one account's board (folders, moves, statuses, notes): a drag is one each. */
  board: { name: 'board', max: 300, windowSeconds: 60 },
  /**
   * Calendar feeds read per client address: a calendar app asks every few minutes at most, and
   * a feed is a few milliseconds of work that no cache shares.
   */
  calendarFeed: { name: 'calendar-feed', max: 60, windowSeconds: 60 },
  /** New calendar feed addresses and feeds turned off, per account. */
  calendarFeedChange: { name: 'calendar-feed-change', max: 20, windowSeconds: 60 * 60 },
  /** MyAnimeList imports of one account: each reads up to 10 MB, and one import is the usual. */
  likesImport: { name: 'likes-import', max: 10, windowSeconds: 60 * 60 },
  /** Share cards made on request for one client address, whoever's they are. */
  cardMakeAddress: { name: 'card-make-address', max: 10, windowSeconds: 60 },
} as const satisfies Record<string, LimitRule>

export interface Count {
  count: number
  /** Epoch milliseconds when the window ends and the count starts again from zero. */
  resetAt: number
}

/** A counter per key whose window starts with its first hit (Redis INCR + EXPIRE NX). */
export interface CounterStore {
  /** Adds `amount` and answers the count with it, in one step of the store. */
  add(key: string, amount: number, windowMs: number): Promise<Count>
  /** Takes one back from a live count above zero; an ended window stays ended. */
  takeBack(key: string): Promise<void>
  clear(key: string): Promise<void>
}

const SWEEP_EVERY_MS = 60_000

/** Counters in the `rate_limits` table; expired rows are swept at most once a minute. */
export function databaseCounters(db: Kysely<Tables>): CounterStore {
  let sweptAt = 0
  const sweep = async (now: number) => {
    if (now - sweptAt < SWEEP_EVERY_MS) return
    sweptAt = now
    await db.deleteFrom('rate_limits').where('expires_at', '<=', now).execute()
  }
  return {
    async add(key, amount, windowMs) {
      const now = Date.now()
      await sweep(now)
      // One statement, so concurrent hits from several instances all count.
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: amount, expires_at: now + windowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.expires_at <= ${now} then ${amount} else rate_limits.count + ${amount} end`,
            expires_at: sql<number>`case when rate_limits.expires_at <= ${now} then excluded.expires_at else rate_limits.expires_at end`,
          }),
        )
        .returning(['count', 'expires_at'])
        .executeTakeFirstOrThrow()
      return { count: Number(row.count), resetAt: Number(row.expires_at) }
    },
    async takeBack(key) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('expires_at', '>', Date.now())
        .where('count', '>', 0)
        .execute()
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute()
    },
  }
}

export interface Verdict {
  allowed: boolean
  /** Whole seconds until the window ends, for Retry-After. */
  retryAfterSeconds: number
}

export interface Limiter {
  /** Counts one event and says whether it is within the limit. */
  hit(rule: LimitRule, subject: string): Promise<Verdict>
  /**
   * Uncounts one event counted by hit() that turned out not to count (a guess that was right):
   * counting first and giving back after is what keeps events sent at once within the limit.
   */
  giveBack(rule: LimitRule, subject: string): Promise<void>
  clear(rule: LimitRule, subject: string): Promise<void>
}

/**
 * Generous limits are counted here first and sent to the store a batch at a time (a twentieth
 * of the limit), so a busy public route costs no store round trip per request; each instance
 * may let through up to one batch beyond the limit before its count reaches the store. Limits
 * under 40 go to the store on every hit.
 */
export function createLimiter(store: CounterStore, options: { prefix?: string } = {}): Limiter {
  const prefix = options.prefix ?? ''
  const keyOf = (rule: LimitRule, subject: string) => `${prefix}${rule.name}:${subject}`
  const verdict = (count: number, rule: LimitRule, resetAt: number): Verdict => ({
    allowed: count <= rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)),
  })

  const local = new Map<string, { pending: number; shared: number; resetAt: number }>()
  let sweptAt = Date.now()
  const sweepLocal = (now: number) => {
    if (now - sweptAt < SWEEP_EVERY_MS) return
    sweptAt = now
    for (const [key, entry] of local) if (entry.resetAt <= now) local.delete(key)
  }

  return {
    async hit(rule, subject) {
      const key = keyOf(rule, subject)
      const windowMs = rule.windowSeconds * 1000
      const batch = Math.floor(rule.max / 20)
      if (batch <= 1) {
        const counted = await store.add(key, 1, windowMs)
        return verdict(counted.count, rule, counted.resetAt)
      }
      const now = Date.now()
      sweepLocal(now)
      let entry = local.get(key)
      if (entry === undefined || entry.resetAt <= now) {
        entry = { pending: 0, shared: 0, resetAt: now + windowMs }
        local.set(key, entry)
      }
      entry.pending += 1
      if (entry.pending >= batch) {
        const amount = entry.pending
        entry.pending = 0
        const counted = await store.add(key, amount, windowMs)
        entry.shared = counted.count
        entry.resetAt = counted.resetAt
      }
      return verdict(entry.shared + entry.pending, rule, entry.resetAt)
    },
    async giveBack(rule, subject) {
      const key = keyOf(rule, subject)
      const entry = local.get(key)
      if (entry !== undefined && entry.pending > 0) entry.pending -= 1
      else await store.takeBack(key)
    },
    async clear(rule, subject) {
      local.delete(keyOf(rule, subject))
      await store.clear(keyOf(rule, subject))
    },
  }
}

/** The body of every 429 Mofu answers itself. */
export const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: AUTH_MESSAGES.tooManyRequests,
} as const

/**
 * The one 429 Mofu answers itself: Retry-After in whole seconds, and RATE_LIMITED unless the
 * refusal has a body of its own (a handle changed too often, two-factor codes locked).
 */
export function tooManyRequests(
  c: Context,
  retryAfterSeconds: number,
  body: { code: ApiErrorCode; message: string } = RATE_LIMITED,
) {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))))
  return apiError(c, 429, body.code, body.message)
}

/** One security-event line per refusal (docs/security.md "Security events"). */
export const logThrottled = (logger: Logger, source: SecurityEventSource) =>
  logSecurityEvent(logger, 'throttled', source)

/**
 * What per-address limits count a client address by. An IPv6 client is counted by its /64, as
 * Better Auth counts its own limits: one home or server is given a whole /64 and could otherwise
 * take a fresh address for every request.
 */
export const addressSubject = (address: string) => normalizeIP(address, { ipv6Subnet: 64 })

export interface RouteLimits {
  /** Keyed by the client's address. */
  perAddress(rule: LimitRule): MiddlewareHandler
  /** Keyed by the signed-in user; after requireSession. */
  perUser(rule: LimitRule): MiddlewareHandler
}

export function routeLimits(deps: {
  limiter: Limiter
  clientAddress: (c: Context) => string
  logger: Logger
}): RouteLimits {
  const { limiter, clientAddress, logger } = deps
  const guard =
    (rule: LimitRule, subjectOf: (c: Context) => string): MiddlewareHandler =>
    async (c, next) => {
      const result = await limiter.hit(rule, subjectOf(c))
      if (!result.allowed) {
        const userId = (c.get('uid' as never) as string | undefined) ?? null
        const reqId = c.get('requestId' as never) as string | undefined
        logThrottled(logger, { userId, ip: clientAddress(c), reqId })
        return tooManyRequests(c, result.retryAfterSeconds)
      }
      await next()
    }
  return {
    perAddress: (rule) => guard(rule, (c) => addressSubject(clientAddress(c))),
    perUser: (rule) => guard(rule, (c) => c.get('uid' as never)),
  }
}

/**
 * Whether a verification or reset mail may go to this address (3 of each an hour). Past the cap
 * no mail is sent, and the answer is either the usual one ('silent': as for an address with no
 * account, so the cap reveals nothing) or the usual 429 ('refuse').
 */
export async function mayMail(
  deps: { limiter: Limiter; logger: Logger },
  rule: LimitRule,
  user: { id: string; email: string },
  from: SecurityEventSource,
  pastCap: 'silent' | 'refuse',
): Promise<boolean> {
  const result = await deps.limiter.hit(rule, user.email.toLowerCase())
  if (result.allowed) return true
  logThrottled(deps.logger, { userId: user.id, ...from })
  if (pastCap === 'silent') return false
  throw new APIError('TOO_MANY_REQUESTS', RATE_LIMITED, {
    'Retry-After': String(result.retryAfterSeconds),
  })
}
