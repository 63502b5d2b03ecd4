import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'

const STEP_MS = 30_000

/**
 * What an authenticator app does with a setup key (base32, spaces allowed) or an otpauth URI:
 * the 6-digit code `steps` 30-second steps from now (-1 is the previous code), computed with
 * the TOTP implementation Better Auth's plugin itself uses (RFC 6238, HMAC-SHA1).
 */
export function authenticator(keyOrUri: string) {
  const encoded = keyOrUri.startsWith('otpauth://')
    ? (new URL(keyOrUri).searchParams.get('secret') ?? '')
    : keyOrUri.replace(/\s/g, '')
  const secret = new TextDecoder().decode(base32.decode(encoded))
  const otp = createOTP(secret, { digits: 6, period: 30 })
  return (steps = 0) => otp.hotp(Math.floor(Date.now() / STEP_MS) + steps)
}

/** Waits for the next step when fewer than `seconds` are left in this one, so "now" stays now. */
export async function awayFromStepEdge(seconds = 8): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS)
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50))
}
