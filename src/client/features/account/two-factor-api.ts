// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import {
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_MESSAGES,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@shared/two-factor'
import { ApiError, errorMessage, requestJson, send } from '@client/lib/http'

/** Better Auth's two-factor plugin, at /api/auth/two-factor (docs/using.md "Two-factor authentication"). */
const BASE = '/api/auth/two-factor'

const AccountListSchema = z.array(z.object({ providerId: z.string() }))

/** Whether two-factor is on, and whether the account has a password to confirm changes with. */
export async function fetchTwoFactorStatus() {
  const [session, accounts] = await Promise.all([
    requestJson('/api/auth/get-session', TwoFactorStatusSchema),
    requestJson('/api/auth/list-accounts', AccountListSchema),
  ])
  return {
    enabled: session.user.twoFactorEnabled === true,
    hasPassword: accounts.some((account) => account.providerId === 'credential'),
  }
}

/** Starts turning two-factor on: the secret (as an otpauth URI) and the 10 backup codes. */
export const startTwoFactor = (password: string | null) =>
  requestJson(`${BASE}/enable`, TwoFactorSetupSchema, {
    method: 'POST',
    json: password === null ? {} : { password },
  })

/** Confirms the set-up with a code from the app; two-factor is on from then. */
export const confirmTwoFactor = (code: string) =>
  send(`${BASE}/verify-totp`, { method: 'POST', json: { code } })

/** Turns two-factor off with a code from the app or a backup code (and the password, if any). */
export const turnOffTwoFactor = (code: string, password: string | null) =>
  send(`${BASE}/disable`, {
    method: 'POST',
    json: password === null ? { code } : { code, password },
  })

/** The second step of a password sign-in: a code from the app, or a backup code. */
export const verifySignInCode = (kind: 'app' | 'backup', code: string, trustDevice: boolean) =>
  send(`${BASE}/${kind === 'app' ? 'verify-totp' : 'verify-backup-code'}`, {
    method: 'POST',
    json: { code, trustDevice },
  })

/** The sentence for a refused code, password or attempt. */
export function twoFactorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessage(error)
  if (error.status === 429) {
    return error.code === TWO_FACTOR_ERRORS.codesLocked
      ? TWO_FACTOR_MESSAGES.codesLocked
      : AUTH_MESSAGES.tooManyRequests
  }
  const messages: Record<string, string> = {
    [TWO_FACTOR_ERRORS.wrongCode]: TWO_FACTOR_MESSAGES.wrongCode,
    [TWO_FACTOR_ERRORS.wrongBackupCode]: TWO_FACTOR_MESSAGES.wrongBackupCode,
    [TWO_FACTOR_ERRORS.codeUsed]: TWO_FACTOR_MESSAGES.codeUsed,
    [TWO_FACTOR_ERRORS.codeRequired]: TWO_FACTOR_MESSAGES.codeRequired,
    [TWO_FACTOR_ERRORS.challengeGone]: TWO_FACTOR_MESSAGES.challengeGone,
    [TWO_FACTOR_ERRORS.challengeSpent]: TWO_FACTOR_MESSAGES.challengeSpent,
    INVALID_PASSWORD: AUTH_MESSAGES.wrongPassword,
  }
  return messages[error.code] ?? errorMessage(error)
}

/** The secret in an otpauth URI, in groups of four for typing into an app by hand. */
export function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

/** Saves the backup codes as a text file the user keeps somewhere safe. */
export function downloadBackupCodes(codes: string[]): void {
  const text = `Mofu backup codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'mofu-backup-codes.txt'
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
