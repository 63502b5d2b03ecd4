// zod/mini, not zod: the account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/**
 * What taking an account back removed (docs/email-and-activity.md "Taking an account back"):
 * the address and handle given back, the names of the passkeys removed, whether two-factor was turned off
 * and whether a Google sign-in was unlinked. All empty after a plain password reset.
 */
export const RecoveredSchema = z.object({
  email: z.nullable(z.string()),
  /** The handle given back, when a change is undone. */
  handle: z.nullable(z.string()),
  passkeys: z.array(z.string()),
  twoFactor: z.boolean(),
  google: z.boolean(),
})
export type Recovered = z.infer<typeof RecoveredSchema>

/** A way in the recovery page lists: when, and from which browser, it was added. */
export const WayInSchema = z.object({
  id: z.string(),
  /** A passkey's name; '' for the rest. */
  name: z.string(),
  addedAt: z.nullable(z.string()),
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
})
export type WayIn = z.infer<typeof WayInSchema>

/** What a recovery link's page lists, for the owner to keep what is theirs. */
export const RecoveryChoicesSchema = z.object({
  /** The address the recovery gives back, when the account has another now. */
  email: z.nullable(z.string()),
  passkeys: z.array(WayInSchema),
  twoFactor: z.nullable(WayInSchema),
  /** How many backup codes are left, when two-factor is set up. */
  backupCodes: z.number(),
  google: z.array(WayInSchema),
})
export type RecoveryChoices = z.infer<typeof RecoveryChoicesSchema>

const IdSchema = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w-]+$/))

/**
 * What the owner keeps, sent with the new password (`keep` beside `newPassword`): every way in
 * not named here goes. Absent, nothing is kept.
 */
export const KeepSchema = z.strictObject({
  passkeys: z.array(IdSchema).check(z.maxLength(100)),
  twoFactor: z.nullable(IdSchema),
  backupCodes: z.boolean(),
  google: z.array(IdSchema).check(z.maxLength(20)),
})
export type Keep = z.infer<typeof KeepSchema>

export const KEEP_NOTHING: Keep = { passkeys: [], twoFactor: null, backupCodes: false, google: [] }

/** POST /api/auth/reset-password's answer: Better Auth's, with what the reset took back. */
export const ResetAnswerSchema = z.object({
  status: z.boolean(),
  recovered: z.optional(RecoveredSchema),
})

/**
 * POST /api/me/activity/not-me: the entry of the security activity the owner disowns, by the id
 * its list gave (digits, letters and dashes; PostgreSQL could not even look up a U+0000).
 */
export const NotMeRequestSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w-]+$/)),
})
