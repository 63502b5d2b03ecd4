import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { TWO_FACTOR_MESSAGES } from '@shared/two-factor'
import { ApiError } from '@client/lib/http'
import { twoFactorMessage } from './two-factor-api'

describe('twoFactorMessage', () => {
  it('tells a locked account so, and any other 429 to wait a minute', () => {
    expect(twoFactorMessage(new ApiError(429, 'CODES_LOCKED', 'locked'))).toBe(
      TWO_FACTOR_MESSAGES.codesLocked,
    )
    expect(twoFactorMessage(new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(
      AUTH_MESSAGES.tooManyRequests,
    )
  })

  it('words a wrong code in the panel’s own sentence', () => {
    expect(twoFactorMessage(new ApiError(401, 'INVALID_CODE', 'Invalid code'))).toBe(
      TWO_FACTOR_MESSAGES.wrongCode,
    )
  })
})
