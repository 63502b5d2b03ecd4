import { AUTH_MESSAGES } from '@shared/auth-messages'
import { ApiError } from '@client/lib/http'
import { publicConfig } from '@client/lib/public-config'

export interface AuthFailure {
  status?: number
  code?: string
}

/** The user-facing message for a failed auth request (docs/using.md "Messages"). */
export function authErrorMessage(failure: AuthFailure | unknown): string {
  if (failure instanceof DOMException && failure.name === 'TimeoutError')
    return AUTH_MESSAGES.timeout
  if (failure instanceof TypeError) return AUTH_MESSAGES.offline
  const { status, code } = (failure ?? {}) as AuthFailure
  if (status === 429) return AUTH_MESSAGES.tooManyRequests
  switch (code) {
    case 'EMAIL_IN_USE':
      return AUTH_MESSAGES.emailInUse
    case 'USER_NOT_FOUND':
      return publicConfig.googleSignIn
        ? AUTH_MESSAGES.userNotFound
        : AUTH_MESSAGES.userNotFoundWithoutGoogle
    case 'INVALID_EMAIL_OR_PASSWORD':
      return publicConfig.neutralAuthErrors ? AUTH_MESSAGES.neutral : AUTH_MESSAGES.wrongPassword
    case 'EMAIL_NOT_VERIFIED':
      return AUTH_MESSAGES.unverified
    case 'PASSWORD_TOO_SHORT':
      return AUTH_MESSAGES.weakPassword
    case 'PASSWORD_TOO_COMMON':
      return AUTH_MESSAGES.commonPassword
    case 'INVALID_EMAIL':
      return AUTH_MESSAGES.invalidEmail
    case 'MAIL_NOT_SENT':
      return AUTH_MESSAGES.mailNotSent
    case 'ACCOUNT_DISABLED':
      return AUTH_MESSAGES.accountDisabled
    case 'INVALID_TOKEN':
      return AUTH_MESSAGES.verifyLinkInvalid
    case 'NOT_SIGN_UP_PASSWORD':
      return AUTH_MESSAGES.notSignUpPassword
    // The database is away for a moment: the server says so, in the page's language.
    case 'UNAVAILABLE':
      return failure instanceof ApiError ? failure.message : AUTH_MESSAGES.somethingWrong
    default:
      return AUTH_MESSAGES.somethingWrong
  }
}

/**
 * Runs an auth call and returns its failure message, or null on success: refusals (ApiError),
 * network failures and timeouts all become messages.
 */
export async function attempt(
  call: () => Promise<unknown>,
): Promise<{ message: string | null; code: string | undefined }> {
  try {
    await call()
    return { message: null, code: undefined }
  } catch (error) {
    return {
      message: authErrorMessage(error),
      code: error instanceof ApiError ? error.code : undefined,
    }
  }
}
