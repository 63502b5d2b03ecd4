import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { requestResetCode } from '../support/recovery-flow'

/**
 * Passwords (docs/security.md "Passwords"): none of the common breached ones, at sign-up or at a
 * reset, and reset codes kept only as hashes.
 */

const file = appWithMail('passwords')

const resetCode = (email: string, ip: string) =>
  requestResetCode(file.subject.app, file.smtp, email, ip)

describe('passwords', () => {
  it('refuses a common breached password at sign-up and reset, after the length rule', async () => {
    const { email, ip } = file.newVisitor()
    const common = await callAuth(file.subject.app, '/sign-up/email', {
      ip,
      body: { email, password: 'iloveyou', name: '' },
    })
    expect(common.status).toBe(400)
    expect(common.json).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      message: AUTH_MESSAGES.commonPassword,
    })
    // Rank 24 of the ranked breach list, missing from zxcvbn-ts's shorter one.
    const ranked = await callAuth(file.subject.app, '/sign-up/email', {
      ip,
      body: { email, password: '654321', name: '' },
    })
    expect(ranked.json).toMatchObject({ code: 'PASSWORD_TOO_COMMON' })
    const shortAndCommon = await callAuth(file.subject.app, '/sign-up/email', {
      ip,
      body: { email, password: '12345', name: '' },
    })
    expect(shortAndCommon.json.code).toBe('PASSWORD_TOO_SHORT')

    const user = await file.createUser()
    const code = await resetCode(user.email, user.ip)
    const reset = await callAuth(file.subject.app, '/reset-password', {
      ip: user.ip,
      body: { token: code, newPassword: 'Password123' },
    })
    expect(reset.status).toBe(400)
    expect(reset.json).toMatchObject({ code: 'PASSWORD_TOO_COMMON' })
    // The code is still good for a better password.
    const better = await callAuth(file.subject.app, '/reset-password', {
      ip: user.ip,
      body: { token: code, newPassword: 'moon-petal-lantern' },
    })
    expect(better.status).toBe(200)
  })

  it('keeps reset codes only as hashes, and the code check still finds them', async () => {
    const user = await file.createUser()
    const code = await resetCode(user.email, user.ip)
    const rows = await file.subject.database.db
      .selectFrom('verification' as never)
      .select(['identifier' as never])
      .execute()
    const identifiers = rows.map((row) => String((row as { identifier: unknown }).identifier))
    expect(identifiers.length).toBeGreaterThan(0)
    expect(identifiers.filter((identifier) => identifier.includes(code))).toEqual([])
    const check = await callApp(file.subject.app, '/api/password-reset/verify', {
      origin: null,
      body: { code },
    })
    expect(check.json).toEqual({ valid: true })
  })
})
