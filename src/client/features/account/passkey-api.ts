// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES, PasskeyListSchema } from '@shared/passkeys'
import { ApiError, errorMessage, requestJson, send } from '@client/lib/http'

/**
 * Passkeys through Better Auth's passkey endpoints, with SimpleWebAuthn's browser code loaded
 * only when a passkey is used (it stays out of the first load and of the panel's chunk).
 */

const Transports = z.array(
  z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']),
)
const Descriptor = z.object({
  id: z.string(),
  type: z.enum(['public-key']),
  transports: z.optional(Transports),
})
const UserVerification = z.enum(['discouraged', 'preferred', 'required'])

const RegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.optional(z.string()) }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.enum(['public-key']), alg: z.number() })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(Descriptor)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
      residentKey: z.optional(z.enum(['discouraged', 'preferred', 'required'])),
      requireResidentKey: z.optional(z.boolean()),
      userVerification: z.optional(UserVerification),
    }),
  ),
  attestation: z.optional(z.enum(['direct', 'enterprise', 'indirect', 'none'])),
})

const AuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.optional(z.number()),
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(z.array(Descriptor)),
  userVerification: z.optional(UserVerification),
})

const AccountsSchema = z.array(z.object({ providerId: z.string() }))

/** What a passkey attempt came to: done, given up by the user (or superseded), or failed. */
export type PasskeyOutcome = { ok: true } | { ok: false; message: string | null }

const loadBrowserCode = () => import('@simplewebauthn/browser')

/** The sentence for a refusal by the browser or the authenticator; null for a silent abort. */
function browserMessage(error: unknown): string | null {
  const name = error instanceof Error ? error.name : ''
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return null
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_MESSAGES.alreadyAdded
  if (name === 'NotAllowedError') return PASSKEY_MESSAGES.cancelled
  return PASSKEY_MESSAGES.unsupported
}

/** Refusals whose message Mofu wrote for people (a name, the last way to sign in...). */
const WORDED_CODES = new Set<string>([
  ...Object.values(PASSKEY_ERROR_CODES),
  'INCORRECT_PASSWORD',
  'ACCOUNT_DISABLED',
  'FAILED_TO_VERIFY_REGISTRATION',
])

/** The sentence for a refusal by the server. */
function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return errorMessage(error)
  if (error.status === 429) return AUTH_MESSAGES.tooManyRequests
  if (WORDED_CODES.has(error.code)) return error.message
  if (error.code === 'SESSION_NOT_FRESH') return PASSKEY_MESSAGES.notFresh
  if (error.code === 'PASSKEY_NOT_FOUND') return PASSKEY_MESSAGES.unknownPasskey
  return fallback
}

/**
 * Runs a passkey ceremony; server refusals, network trouble and the browser's own become
 * messages. `quiet` keeps every failure before the final check silent (the autofill prompt,
 * which the user never asked for, fails in silence until a passkey was picked).
 */
async function ceremony(
  run: (picked: () => void) => Promise<void>,
  fallback: string,
  quiet = false,
): Promise<PasskeyOutcome> {
  let wasPicked = false
  try {
    await run(() => (wasPicked = true))
    return { ok: true }
  } catch (error) {
    if (quiet && !wasPicked) return { ok: false, message: null }
    if (error instanceof ApiError || error instanceof TypeError) {
      return { ok: false, message: serverMessage(error, fallback) }
    }
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { ok: false, message: AUTH_MESSAGES.timeout }
    }
    return { ok: false, message: browserMessage(error) }
  }
}

export function addPasskey(name: string): Promise<PasskeyOutcome> {
  return ceremony(async () => {
    const { startRegistration } = await loadBrowserCode()
    const options = await requestJson(
      '/api/auth/passkey/generate-register-options',
      RegistrationOptionsSchema,
    )
    const response = await startRegistration({ optionsJSON: options })
    await send('/api/auth/passkey/verify-registration', {
      method: 'POST',
      json: { response, name },
    })
  }, AUTH_MESSAGES.somethingWrong)
}

/**
 * Signs in with a passkey the user picks; with `autofill`, from the browser's suggestions under
 * the e-mail field (conditional UI), waiting until the user picks one.
 */
export function signInWithPasskey(autofill = false): Promise<PasskeyOutcome> {
  return ceremony(
    async (picked) => {
      const { startAuthentication } = await loadBrowserCode()
      const options = await requestJson(
        '/api/auth/passkey/generate-authenticate-options',
        AuthenticationOptionsSchema,
      )
      const response = await startAuthentication({
        optionsJSON: options,
        useBrowserAutofill: autofill,
      })
      picked()
      await send('/api/auth/passkey/verify-authentication', {
        method: 'POST',
        json: { response },
      })
    },
    PASSKEY_MESSAGES.signInFailed,
    autofill,
  )
}

/** Whether the browser offers passkeys among its autofill suggestions. */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined') return false
  return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true
}

/** Ends a passkey prompt still waiting (the autofill one, when the log-in view closes). */
export async function cancelPasskeyPrompt(): Promise<void> {
  const { WebAuthnAbortService } = await loadBrowserCode()
  WebAuthnAbortService.cancelCeremony()
}

export const fetchPasskeys = () =>
  requestJson('/api/auth/passkey/list-user-passkeys', PasskeyListSchema)

export const deletePasskey = (id: string) =>
  send('/api/auth/passkey/delete-passkey', { method: 'POST', json: { id } })

export const removePassword = (password: string) =>
  send('/api/auth/remove-password', { method: 'POST', json: { password } })

/** How the account signs in besides passkeys: its password, Google (the panel's /list-accounts). */
export async function fetchSignInMethods() {
  const accounts = await requestJson('/api/auth/list-accounts', AccountsSchema)
  return {
    password: accounts.some((account) => account.providerId === 'credential'),
    google: accounts.some((account) => account.providerId === 'google'),
  }
}
