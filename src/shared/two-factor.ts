// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** Codes of Mofu's two-factor refusals; the rest are Better Auth's plugin's own. */
export const TWO_FACTOR_ERRORS = {
  /** Also the plugin's code for a wrong or expired authenticator code. */
  wrongCode: 'INVALID_CODE',
  wrongBackupCode: 'INVALID_BACKUP_CODE',
  codeUsed: 'CODE_ALREADY_USED',
  codeRequired: 'CODE_REQUIRED',
  /** The sign-in waiting for a code is gone (10 minutes passed, or it was used). */
  challengeGone: 'INVALID_TWO_FACTOR_COOKIE',
  /** Five wrong codes for one sign-in: it has to start again. */
  challengeSpent: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  /** Ten wrong codes in a row, over any sign-ins: the account's codes are locked a while. */
  codesLocked: 'CODES_LOCKED',
  /** Google signed in an account with two-factor on: its log-in waits for a code. */
  googleCodeRequired: 'TWO_FACTOR_REQUIRED',
} as const

/** How long ten wrong codes in a row lock an account's codes. */
export const CODE_LOCK_SECONDS = 15 * 60

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is wrong or has expired. Enter the code your app shows now.',
  wrongBackupCode: 'That backup code is wrong or has been used already.',
  codeUsed: 'That code has been used already. Wait for the next one in your app.',
  codeRequired: 'Enter a code from your authenticator app or a backup code.',
  codeFormat: 'Enter the 6 digits your authenticator app shows.',
  challengeGone: 'Your log-in has expired. Please log in again.',
  challengeSpent: 'Too many wrong codes. Please log in again.',
  codesLocked:
    'Too many wrong codes for this account. Codes are locked for up to 15 minutes; please try again later.',
  turnedOn: 'Two-factor authentication is on.',
  turnedOff: 'Two-factor authentication is off.',
} as const satisfies Record<string, string>

/** Six digits, as authenticator apps show them (spaces people type are dropped). */
export const TotpCodeSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((code: string) => code.replace(/\s/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat)),
)

/** The answer to turning two-factor on: the secret as an otpauth URI, and the backup codes. */
export const TwoFactorSetupSchema = z.object({
  totpURI: z.string().check(z.startsWith('otpauth://totp/')),
  backupCodes: z.array(z.string()),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>

/** What the account panel reads of the session: whether two-factor is on. */
export const TwoFactorStatusSchema = z.object({
  user: z.object({ twoFactorEnabled: z.nullish(z.boolean()) }),
})

/** A password sign-in of an account with two-factor on answers this instead of a session. */
export const TwoFactorRedirectSchema = z.object({ twoFactorRedirect: z.literal(true) })
