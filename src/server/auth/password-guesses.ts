import { LIMITS, type Limiter } from '../http/limiter'

export type PasswordCheck =
  { verdict: 'right' | 'wrong' } | { verdict: 'locked'; retryAfterSeconds: number }

/**
 * A password the signed-in owner gives again (turning two-factor on or off, removing the
 * password, deleting the account) counts as a guess against the same per-account lock as a
 * failed log-in (docs/security.md "Abuse limits"): counted before it is checked, in one step of
 * the store, and given back when right. A stolen session guesses no faster there than at the
 * log-in form, and ten wrong guesses anywhere shut every door for 15 minutes.
 */
export async function checkCountedPassword(
  limiter: Limiter,
  email: string,
  check: () => Promise<boolean>,
): Promise<PasswordCheck> {
  const account = email.toLowerCase()
  const counted = await limiter.hit(LIMITS.signInFailures, account)
  if (!counted.allowed) return { verdict: 'locked', retryAfterSeconds: counted.retryAfterSeconds }
  if (!(await check())) return { verdict: 'wrong' }
  await limiter.giveBack(LIMITS.signInFailures, account)
  return { verdict: 'right' }
}
