// zod/mini, not zod: the account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/**
 * What taking an account back removed (docs/email-and-activity.md "Taking an account back"):
 * the address given back, the names of the passkeys removed, whether two-factor was turned off
 * and whether a Google sign-in was unlinked. All empty after a plain password reset.
 */
export const RecoveredSchema = z.object({
  email: z.nullable(z.string()),
  passkeys: z.array(z.string()),
  twoFactor: z.boolean(),
  google: z.boolean(),
})
export type Recovered = z.infer<typeof RecoveredSchema>

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
