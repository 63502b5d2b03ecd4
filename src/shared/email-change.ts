// zod/mini, not zod: the account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** How long the confirmation link mailed to the new address works. */
export const EMAIL_CHANGE_VALID_SECONDS = 60 * 60
/** How long the "This wasn't me" link mailed to the old address works. */
export const EMAIL_CHANGE_UNDO_VALID_SECONDS = 7 * 24 * 60 * 60
/** Change requests an hour per account, and per new address from any account. */
export const EMAIL_CHANGES_PER_HOUR = 3

/** Every message of changing the e-mail address (docs/email-and-activity.md). */
export const EMAIL_CHANGE_MESSAGES = {
  sent: 'We sent a link to your new address. Open it within 1 hour to finish the change; until then nothing changes.',
  sameEmail: 'This is already your e-mail address.',
  invalidEmail: 'Please enter a valid email.',
  passwordRequired: 'Please enter your password to change your e-mail.',
  reauthRequired: 'Please sign in again to change your e-mail.',
  invalidLink:
    'This link is invalid or has expired. Ask for the change again in the account panel.',
  inUse: 'This e-mail address belongs to another account now, so nothing was changed.',
  changed: 'Your e-mail address is changed. Sign in with the new one from now on.',
} as const satisfies Record<string, string>

/** Codes of the answers above, beside the shared ones (PASSWORD_REQUIRED, RATE_LIMITED, …). */
export const EMAIL_CHANGE_ERRORS = {
  sameEmail: 'SAME_EMAIL',
  invalidLink: 'INVALID_LINK',
  inUse: 'EMAIL_IN_USE',
} as const

const emailSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((email: string) => email.trim().toLowerCase()),
  ),
  z
    .string()
    .check(
      z.maxLength(254, EMAIL_CHANGE_MESSAGES.invalidEmail),
      z.email(EMAIL_CHANGE_MESSAGES.invalidEmail),
    ),
)

/** POST /api/me/email: the new address and, for an account that has one, the password. */
export const ChangeEmailRequestSchema = z.object({
  newEmail: emailSchema,
  password: z.optional(z.string().check(z.maxLength(128))),
})
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequestSchema>

/** POST /api/email-change/confirm: the code of the link mailed to the new address. */
export const ConfirmEmailChangeSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(200)),
})

/** The answer to a confirmed change: the address the account signs in with now. */
export const EmailChangedSchema = z.object({ email: z.string() })
export type EmailChanged = z.infer<typeof EmailChangedSchema>
