// zod/mini, not zod: the account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** How long the account's security activity is kept. */
export const ACTIVITY_DAYS = 90
/** Entries per page of GET /api/me/activity. */
export const ACTIVITY_PAGE_SIZE = 20

/** The security events the owner sees in their activity (the rest are for the log only). */
export const ACTIVITY_EVENTS = [
  'sign-in.ok',
  'sign-in.failed',
  'password-reset.completed',
  'password.removed',
  'email.change-requested',
  'email.changed',
  'passkey.added',
  'passkey.removed',
  'two-factor.enabled',
  'two-factor.disabled',
  'calendar-feed.enabled',
  'calendar-feed.disabled',
  'session.ended',
  'account.exported',
  'account.disabled',
  'account.enabled',
  'plan.granted',
  'plan.ended',
] as const
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number]

/** How a sign-in proved who it was. */
export const SIGN_IN_METHODS = [
  'password',
  'passkey',
  'google',
  'two-factor',
  'email-link',
] as const
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]

/** One entry of the activity list; never a token, a password or a full client address. */
export const ActivityEntrySchema = z.object({
  id: z.string(),
  event: z.enum(ACTIVITY_EVENTS),
  at: z.string(),
  /** Sign-ins: how. */
  method: z.nullable(z.enum(SIGN_IN_METHODS)),
  /** e.g. 'Chrome 156', as in the sessions list. */
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  /** The client's address shortened to its /24 (IPv4) or /48 (IPv6). */
  network: z.nullable(z.string()),
  /** Failed sign-ins of one day are one entry: how many. */
  count: z.number(),
  /** The sign-in of the session reading the list. */
  thisDevice: z.boolean(),
})
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>

/** GET /api/me/activity: newest first; `next` is the `before` of the next page, null at the end. */
export const ActivityPageSchema = z.object({
  events: z.array(ActivityEntrySchema),
  next: z.nullable(z.string()),
})
export type ActivityPage = z.infer<typeof ActivityPageSchema>

/** The `before` cursor: opaque to clients, at most this long. */
export const ActivityQuerySchema = z.object({
  before: z.optional(z.string().check(z.maxLength(200))),
})
