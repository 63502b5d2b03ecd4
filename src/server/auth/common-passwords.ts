import { APIError } from 'better-auth/api'
import { dictionary } from '@zxcvbn-ts/language-common'
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '../../shared/auth-messages'

/**
 * The breached-password list zxcvbn-ts maintains, in one Set built on first use (the package
 * decompresses it at import; the Set makes each check O(1)). Its entries are lower case.
 */
let common: ReadonlySet<string> | undefined

function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'])
  return common.has(password.toLowerCase())
}

/** Refuses a password from the breached list at sign-up and reset; the length rule speaks first. */
export function refuseCommonPassword(password: unknown): void {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) return
  if (isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', {
      code: AUTH_ERROR_CODES.commonPassword,
      message: AUTH_MESSAGES.commonPassword,
    })
  }
}
