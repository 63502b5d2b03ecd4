import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { ApiError } from '@client/lib/http'
import { authErrorMessage } from './auth-errors'

describe('authErrorMessage', () => {
  it('tells a database that is away in the server’s words (in the page’s language), to try again', () => {
    const away = 'いまMofuのデータベースに接続できません。少し待ってから、もう一度お試しください。'
    expect(authErrorMessage(new ApiError(503, 'UNAVAILABLE', away))).toBe(away)
  })

  it('keeps “Something went wrong” for a failure it has no words for', () => {
    expect(authErrorMessage(new ApiError(500, 'INTERNAL_ERROR', 'stack trace'))).toBe(
      AUTH_MESSAGES.somethingWrong,
    )
  })
})
