import { randomUUID } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { normalizeIP } from '@better-auth/core/utils/ip'
import type { Kysely } from 'kysely'
import {
  ACTIVITY_DAYS,
  ACTIVITY_EVENTS,
  type ActivityEvent,
  type SignInMethod,
} from '../shared/security-activity'
import { describeUserAgent } from './user-agent'
import type { Tables } from './db/tables'
import type { Logger } from './logger'

/** The security events Mofu logs (docs/security.md "Security events"). */
export type SecurityEventName =
  | 'sign-in.ok'
  | 'sign-in.failed'
  | 'sign-up'
  | 'email.verified'
  | 'password-reset.requested'
  | 'password-reset.completed'
  | 'password.removed'
  | 'email.change-requested'
  | 'email.changed'
  | 'account.exported'
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.sign-in'
  | 'account.deleted'
  | 'session.ended'
  | 'account.disabled'
  | 'account.enabled'
  | 'account.created'
  | 'account.recovered'
  | 'two-factor.enabled'
  | 'two-factor.disabled'
  | 'plan.granted'
  | 'plan.ended'
  | 'calendar-feed.enabled'
  | 'calendar-feed.disabled'
  | 'throttled'

/** Failures and throttling are worth a look; the rest is the normal life of an account. */
const WARN: ReadonlySet<SecurityEventName> = new Set(['sign-in.failed', 'throttled'])

/** Request headers the HTTP layer sets for Better Auth, so its hooks know who is asking. */
export const CLIENT_IP_HEADER = 'x-mofu-client-ip'
export const REQUEST_ID_HEADER = 'x-mofu-request-id'

export interface SecurityEventSource {
  userId?: string | null
  ip?: string | null
  reqId?: string | null
  /** Set when an operator acted (`mofu users …`) rather than the user. */
  by?: 'operator'
  /** For the owner's activity list only, never the log line: */
  userAgent?: string | null
  /** The session a sign-in started. */
  sessionId?: string | null
  method?: SignInMethod
}

/**
 * Who else hears the events logged through a logger (the metrics' counters). Keyed by the logger
 * every part of one app already receives, so each call site stays as it is and two apps in one
 * process (tests) never hear each other's events.
 */
const listeners = new WeakMap<Logger, (event: SecurityEventName) => void>()

export function onSecurityEvent(logger: Logger, listener: (event: SecurityEventName) => void) {
  listeners.set(logger, listener)
}

/** One line per event, never with a password, token, mail body or full address. */
export function logSecurityEvent(
  logger: Logger,
  event: SecurityEventName,
  source: SecurityEventSource,
): void {
  listeners.get(logger)?.(event)
  const fields = {
    event,
    userId: source.userId ?? null,
    ip: source.ip ?? null,
    reqId: source.reqId ?? null,
    ...(source.by === undefined ? {} : { by: source.by }),
  }
  if (WARN.has(event)) logger.warn(fields, 'security event')
  else logger.info(fields, 'security event')
}

/** The client address, request id and browser the HTTP layer passed along with a request. */
export function requestSource(headers: Headers | undefined | null): SecurityEventSource {
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? null,
    reqId: headers?.get(REQUEST_ID_HEADER) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
  }
}

/** Records one security event: its log line and, for the owner's, its activity entry. */
export type SecurityEvents = (
  event: SecurityEventName,
  source: SecurityEventSource,
) => Promise<void>

const SHOWN: ReadonlySet<string> = new Set(ACTIVITY_EVENTS)

/**
 * Entries are listed by time, then by id: ids that grow within this process keep two events of
 * one millisecond (disabled, then enabled) in the order they happened.
 */
let written = 0
const entryId = () => `${String((written += 1)).padStart(12, '0')}-${randomUUID()}`
const DAY_MS = 24 * 60 * 60 * 1000

/** `203.0.113.0/24`, `2001:db8:1::/48`: where from, without the address that names one device. */
export function networkOf(ip: string | null | undefined): string | null {
  if (ip === null || ip === undefined) return null
  const address = normalizeIP(ip, { ipv6Subnet: 48 })
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`
  if (!isIPv6(address)) return null
  const groups = address.split(':').slice(0, 3)
  return `${groups.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/48`
}

/** The oldest moment an activity entry may be from, as stored (ISO 8601). */
export const activityCutoff = (now: number) => new Date(now - ACTIVITY_DAYS * DAY_MS).toISOString()

/**
 * The one call every security event goes through: the log line (logSecurityEvent), and the
 * owner's activity entry in the same call, so the list never misses what the log has. Failed
 * sign-ins of one UTC day are one entry with a count. Writing an owner's entry drops their
 * entries past ACTIVITY_DAYS; the hourly sweep (security-activity.ts) drops everyone's. An
 * entry that cannot be written is logged; the action it records stands.
 */
export function securityEvents(logger: Logger, db: Kysely<Tables>): SecurityEvents {
  return async (event, source) => {
    logSecurityEvent(logger, event, source)
    const userId = source.userId
    if (userId === null || userId === undefined || !SHOWN.has(event)) return
    const now = new Date()
    const at = now.toISOString()
    const { browser, system } = describeUserAgent(source.userAgent)
    const row = {
      user_id: userId,
      event: event as ActivityEvent,
      at,
      method: source.method ?? null,
      browser,
      system,
      network: networkOf(source.ip),
      session_id: source.sessionId ?? null,
    }
    try {
      if (event === 'sign-in.failed') {
        await db
          .insertInto('security_activity')
          .values({ ...row, id: `${event}:${userId}:${at.slice(0, 10)}`, count: 1 })
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet((eb) => ({
              count: eb('security_activity.count', '+', 1),
              at,
              browser,
              system,
              network: row.network,
            })),
          )
          .execute()
      } else {
        await db
          .insertInto('security_activity')
          .values({ ...row, id: entryId() })
          .execute()
      }
      await db
        .deleteFrom('security_activity')
        .where('user_id', '=', userId)
        .where('at', '<', activityCutoff(now.getTime()))
        .execute()
    } catch (error) {
      logger.warn({ err: error, event, userId }, 'security activity not written')
    }
  }
}
