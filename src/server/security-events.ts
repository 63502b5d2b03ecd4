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
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.sign-in'
  | 'account.deleted'
  | 'session.ended'
  | 'account.disabled'
  | 'account.enabled'
  | 'account.created'
  | 'two-factor.enabled'
  | 'two-factor.disabled'
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

/** The client address and request id the HTTP layer passed along with a request. */
export function requestSource(headers: Headers | undefined | null): SecurityEventSource {
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? null,
    reqId: headers?.get(REQUEST_ID_HEADER) ?? null,
  }
}
