// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** The longest name a passkey may have ("Pixel 8", "Work laptop"). */
export const PASSKEY_NAME_MAX_LENGTH = 50

/** Every message of passkeys and of removing the password (docs/using.md "Passkeys"). */
export const PASSKEY_MESSAGES = {
  nameEmpty: 'Please give this passkey a name, like "Pixel 8".',
  nameTooLong: `A passkey name has at most ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  nameControl: 'Please remove control characters from the name.',
  added: 'Passkey added. You can sign in with it from now on.',
  removed: 'Passkey removed.',
  cancelled: 'The passkey prompt was closed before it finished. Nothing was changed.',
  unsupported: 'This browser cannot use passkeys. Try another browser or device.',
  alreadyAdded: 'This device already holds a passkey for your account.',
  notFresh:
    'For your safety, log out and log in again first: this change needs a sign-in within the last 10 minutes.',
  credentialInUse: 'This passkey is already in use on Mofu. Please add another one.',
  registrationFailed:
    'This passkey could not be added: the browser did not vouch for it. Please try again.',
  signInFailed: 'That passkey could not sign you in. Try again, or log in another way.',
  unknownPasskey: 'This passkey is not known to Mofu any more. Log in another way.',
  lastSignInMethod:
    'This is your only way to sign in. Add another passkey or set a password before removing it.',
  passwordRemoved: 'Password removed. You now sign in with a passkey or Google.',
  noPasswordToRemove: 'This account has no password to remove.',
  passwordStillNeeded:
    'Add a passkey (or sign in with Google once) before removing your password, so you can still sign in.',
  passwordRequired: 'Please enter your current password to remove it.',
  passkeyOnly:
    "This account has no password: use 'Sign in with a passkey', or 'Forgot password?' to set one.",
  userVerificationRequired:
    'This passkey has to be unlocked with your fingerprint, face or PIN. Please try again and unlock it when asked.',
} as const

/** Error codes of the answers above, beside Better Auth's own. */
export const PASSKEY_ERROR_CODES = {
  invalidName: 'INVALID_PASSKEY_NAME',
  lastSignInMethod: 'LAST_SIGN_IN_METHOD',
  noPasswordToRemove: 'NO_PASSWORD',
  passwordStillNeeded: 'PASSWORD_STILL_NEEDED',
  passkeyOnly: 'PASSKEY_ONLY',
  userVerificationRequired: 'USER_VERIFICATION_REQUIRED',
  credentialInUse: 'PASSKEY_IN_USE',
} as const

/** A passkey's name as the user types it; the server applies the same rule. */
export const PasskeyNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, PASSKEY_MESSAGES.nameEmpty),
  z.maxLength(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong),
  z.refine((name) => !/\p{Cc}/u.test(name), PASSKEY_MESSAGES.nameControl),
)

/** One passkey as the panel lists it: never its public key or credential id. */
export const PasskeySummarySchema = z.object({
  id: z.string(),
  name: z.optional(z.nullable(z.string())),
  /** ISO 8601. */
  createdAt: z.optional(z.nullable(z.string())),
})
export type PasskeySummary = z.infer<typeof PasskeySummarySchema>

export const PasskeyListSchema = z.array(PasskeySummarySchema)

/** POST /api/auth/remove-password: the current password, which is then removed. */
export const RemovePasswordRequestSchema = z.object({
  password: z.string().check(z.minLength(1, PASSKEY_MESSAGES.passwordRequired), z.maxLength(128)),
})
