import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { cookiesOf } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { loggedLines } from '../support/log-lines'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, TEST_PASSWORD, type TestUser } from '../support/test-users'

const ORIGIN = 'http://localhost:3000'
const DAY_MS = 24 * 60 * 60 * 1000

const file = appWithMail('hardened', 20)

async function call(
  app: TestApp['app'],
  ip: string,
  path: string,
  body?: unknown,
  cookie?: string,
) {
  const response = await app.request(path.startsWith('/api/') ? path : `/api/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      Origin: ORIGIN,
      ...(cookie === undefined ? {} : { Cookie: cookie }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  })
  const text = await response.text()
  const json = (/^[[{]/.test(text) ? JSON.parse(text) : {}) as Record<string, unknown>
  return { status: response.status, json, headers: response.headers, text }
}

async function resetCode(email: string, ip: string): Promise<string> {
  file.smtp.clear()
  expect((await call(file.subject.app, ip, '/request-password-reset', { email })).status).toBe(200)
  const mail = await file.smtp.waitForMail(email, { subject: /reset/i })
  const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
  return link.searchParams.get('oobCode') ?? ''
}

describe('passwords', () => {
  it('refuses a common breached password at sign-up and reset, after the length rule', async () => {
    const { email, ip } = file.newVisitor()
    const common = await call(file.subject.app, ip, '/sign-up/email', {
      email,
      password: 'iloveyou',
      name: '',
    })
    expect(common.status).toBe(400)
    expect(common.json).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      message: AUTH_MESSAGES.commonPassword,
    })
    // Rank 24 of the ranked breach list, missing from zxcvbn-ts's shorter one.
    const ranked = await call(file.subject.app, ip, '/sign-up/email', {
      email,
      password: '654321',
      name: '',
    })
    expect(ranked.json).toMatchObject({ code: 'PASSWORD_TOO_COMMON' })
    const shortAndCommon = await call(file.subject.app, ip, '/sign-up/email', {
      email,
      password: '12345',
      name: '',
    })
    expect(shortAndCommon.json.code).toBe('PASSWORD_TOO_SHORT')

    const user = await file.createUser()
    const code = await resetCode(user.email, user.ip)
    const reset = await call(file.subject.app, user.ip, '/reset-password', {
      token: code,
      newPassword: 'Password123',
    })
    expect(reset.status).toBe(400)
    expect(reset.json).toMatchObject({ code: 'PASSWORD_TOO_COMMON' })
    // The code is still good for a better password.
    const better = await call(file.subject.app, user.ip, '/reset-password', {
      token: code,
      newPassword: 'moon-petal-lantern',
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
    const check = await file.subject.app.request('/api/password-reset/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    })
    expect(await check.json()).toEqual({ valid: true })
  })
})

describe('sessions', () => {
  async function sessionExpiry(user: TestUser) {
    const found = await call(file.subject.app, user.ip, '/get-session', undefined, user.cookie)
    const session = found.json.session as { expiresAt?: string } | undefined
    return session?.expiresAt === undefined ? null : new Date(session.expiresAt).getTime()
  }

  it('end 30 days after the last proof of who you are, however often they are renewed', async () => {
    const user = await file.createUser()
    const signedInAt = Date.now() - 29.5 * DAY_MS
    const { db, dialect } = file.subject.database
    const at = (ms: number) => (dialect === 'postgres' ? new Date(ms) : new Date(ms).toISOString())
    // Renewed daily for 29.5 days: due for renewal again (Better Auth renews a day after the last).
    await db
      .updateTable('session' as never)
      .set({
        createdAt: at(signedInAt),
        authenticatedAt: at(signedInAt),
        expiresAt: at(Date.now() + DAY_MS),
      } as never)
      .where('userId' as never, '=', user.uid as never)
      .execute()

    const expiry = await sessionExpiry(user)
    expect(expiry).not.toBeNull()
    expect(expiry).toBeLessThanOrEqual(signedInAt + 30 * DAY_MS + 1000)
    expect(expiry).toBeGreaterThan(Date.now())
  })
})

describe('endpoints Mofu does not use', () => {
  it('are off, except the account list the panel reads', async () => {
    const user = await file.createUser()
    for (const path of [
      '/change-email',
      '/link-social',
      '/unlink-account',
      '/get-access-token',
      '/refresh-token',
      '/account-info',
      '/revoke-session',
      '/revoke-sessions',
      '/revoke-other-sessions',
    ]) {
      const answer = await call(file.subject.app, user.ip, path, {}, user.cookie)
      expect(answer.status, path).toBe(404)
    }
    // Session tokens stay out of the browser: sessions are listed by id at /api/me/sessions.
    const sessions = await call(file.subject.app, user.ip, '/list-sessions', undefined, user.cookie)
    expect(sessions.status).toBe(404)
    const idToken = await call(file.subject.app, user.ip, '/sign-in/social', {
      provider: 'google',
      idToken: { token: 'eyJ.fake.token' },
    })
    expect(idToken.status).toBe(404)

    const accounts = await call(file.subject.app, user.ip, '/list-accounts', undefined, user.cookie)
    expect(accounts.status).toBe(200)
    expect(accounts.text).toContain('"providerId":"credential"')
  })
})

describe('DELETE /api/me without a password (Google-only accounts)', () => {
  async function googleOnly(): Promise<TestUser> {
    const user = await file.createUser()
    // What a Google sign-up leaves: the same user with no credential account.
    await file.subject.database.db
      .deleteFrom('account')
      .where('userId', '=', user.uid)
      .where('providerId', '=', 'credential')
      .execute()
    return user
  }

  const remove = (user: TestUser) =>
    file.subject.app.request('/api/me', {
      method: 'DELETE',
      headers: { Cookie: user.cookie, Origin: ORIGIN },
    })

  it('needs a proof of who you are within the last 10 minutes', async () => {
    const stale = await googleOnly()
    const { db, dialect } = file.subject.database
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000)
    await db
      .updateTable('session' as never)
      .set({
        authenticatedAt: dialect === 'postgres' ? elevenMinutesAgo : elevenMinutesAgo.toISOString(),
      } as never)
      .where('userId' as never, '=', stale.uid as never)
      .execute()
    const refused = await remove(stale)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      code: 'REAUTH_REQUIRED',
      message: 'Please sign in again to delete your account.',
    })

    const fresh = await googleOnly()
    expect((await remove(fresh)).status).toBe(204)
  })
})

describe('AUTH_NEUTRAL_ERRORS', () => {
  /** Each mail takes this long to be accepted: well beyond what a hash varies by. */
  const SLOW_RELAY_MS = 1800

  it('answers sign-up and reset requests as fast whether or not the address has an account', async () => {
    const neutral = await createTestApp({
      smtpUrl: file.smtp.url,
      auth: { neutralAuthErrors: true },
    })
    try {
      const known = await file.createUser(neutral)
      const unverified = file.newVisitor()
      await call(neutral.app, unverified.ip, '/sign-up/email', {
        email: unverified.email,
        password: TEST_PASSWORD,
        name: '',
      })
      file.smtp.setDelay(SLOW_RELAY_MS)
      const timed = async (path: string, body: Record<string, unknown>) => {
        const started = performance.now()
        const answer = await call(neutral.app, file.newVisitor().ip, path, body)
        expect(answer.status).toBe(200)
        return performance.now() - started
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[3] ?? 0
      const signUp = (email: string) => ({ email, password: TEST_PASSWORD, name: '' })
      const knownSignUp: number[] = []
      const unverifiedSignUp: number[] = []
      const newSignUp: number[] = []
      const knownReset: number[] = []
      const newReset: number[] = []
      for (let round = 0; round < 7; round++) {
        knownSignUp.push(await timed('/sign-up/email', signUp(known.email)))
        unverifiedSignUp.push(await timed('/sign-up/email', signUp(unverified.email)))
        newSignUp.push(await timed('/sign-up/email', signUp(file.newVisitor().email)))
        knownReset.push(await timed('/request-password-reset', { email: known.email }))
        newReset.push(await timed('/request-password-reset', { email: file.newVisitor().email }))
      }
      // Neither the slow relay nor a second password hash shows in an answer. The margin is
      // for a loaded machine, where one scrypt hash alone varies by hundreds of milliseconds.
      const margin = SLOW_RELAY_MS / 3
      expect(Math.abs(median(knownSignUp) - median(newSignUp))).toBeLessThan(margin)
      expect(Math.abs(median(unverifiedSignUp) - median(newSignUp))).toBeLessThan(margin)
      expect(Math.abs(median(knownReset) - median(newReset))).toBeLessThan(margin)
    } finally {
      file.smtp.setDelay(0)
      await neutral.dispose()
    }
  }, 90_000)
})

describe('notices', () => {
  it('mail the owner when the password is reset, with a link to the sessions', async () => {
    const user = await file.createUser()
    const code = await resetCode(user.email, user.ip)
    file.smtp.clear()
    const newPassword = 'lantern-moon-88'
    expect(
      (await call(file.subject.app, user.ip, '/reset-password', { token: code, newPassword }))
        .status,
    ).toBe(200)
    const afterReset = await file.smtp.waitForMail(user.email, { subject: /password was changed/i })
    expect(afterReset.text).toContain(`${ORIGIN}/?account=true`)
    expect(afterReset.text).toContain('If this was not you')
    expect(afterReset.html).toContain(`href="${ORIGIN}/?account=true"`)
  })
})

describe('security events', () => {
  it('logs one line per event with user, address and request id, and no secret', async () => {
    const { logger, lines } = loggedLines()
    const logged = await createTestApp({ smtpUrl: file.smtp.url, logger })
    try {
      const visitor = file.newVisitor()
      const user = await createTestUser(logged.app, file.smtp, visitor)
      const wrong = await call(logged.app, visitor.ip, '/sign-in/email', {
        email: visitor.email,
        password: 'not-the-password',
      })
      expect(wrong.status).toBe(401)

      file.smtp.clear()
      await call(logged.app, visitor.ip, '/request-password-reset', { email: visitor.email })
      const mail = await file.smtp.waitForMail(visitor.email, { subject: /reset/i })
      const code =
        new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '').searchParams.get('oobCode') ?? ''
      const newPassword = 'lantern-moon-88'
      expect(
        (await call(logged.app, visitor.ip, '/reset-password', { token: code, newPassword }))
          .status,
      ).toBe(200)
      const signedIn = await call(logged.app, visitor.ip, '/sign-in/email', {
        email: visitor.email,
        password: newPassword,
      })
      const deleted = await logged.app.request('/api/me', {
        method: 'DELETE',
        headers: {
          Cookie: cookiesOf(signedIn.headers),
          'Content-Type': 'application/json',
          'X-Forwarded-For': visitor.ip,
          Origin: ORIGIN,
        },
        body: JSON.stringify({ password: newPassword }),
      })
      expect(deleted.status).toBe(204)

      const throttledIp = file.newVisitor().ip
      for (let attempt = 0; attempt < 11; attempt++) {
        await call(logged.app, throttledIp, '/sign-in/email', {
          email: visitor.email,
          password: 'not-the-password',
        })
      }

      const events = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'security event')
      const named = (name: string) => events.filter((entry) => entry.event === name)
      for (const name of [
        'sign-up',
        'email.verified',
        'sign-in.ok',
        'sign-in.failed',
        'password-reset.requested',
        'password-reset.completed',
        'account.deleted',
      ]) {
        expect(named(name)[0], name).toMatchObject({
          userId: user.uid,
          ip: visitor.ip,
          reqId: expect.any(String),
        })
      }
      expect(named('sign-in.failed')[0]).toMatchObject({ level: 40 })
      expect(named('throttled')[0]).toMatchObject({ level: 40, ip: throttledIp })

      const everything = lines.join('\n')
      for (const secret of [TEST_PASSWORD, newPassword, 'not-the-password', code]) {
        expect(everything).not.toContain(secret)
      }
      expect(everything).not.toContain(visitor.email)
    } finally {
      await logged.dispose()
    }
  })
})

describe('sign-ins from a new browser', () => {
  const CHROME_ON_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
  const NEW_SIGN_IN = /new sign-in/i

  async function signInWith(user: TestUser, cookie: string) {
    const response = await file.subject.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': CHROME_ON_ANDROID,
        'X-Forwarded-For': user.ip,
        Origin: ORIGIN,
        ...(cookie === '' ? {} : { Cookie: cookie }),
      },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    })
    expect(response.status).toBe(200)
    return response
  }

  const deviceCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('mofu_device='))

  /** The user's own: another test's users may still be getting theirs. */
  const newSignInMails = (user: TestUser) =>
    file.smtp.messages.filter(
      (mail) => mail.to.includes(user.email.toLowerCase()) && NEW_SIGN_IN.test(mail.subject ?? ''),
    )

  /** Waits for a later mail to the address: the relay keeps order, so earlier ones are in. */
  async function settled(user: TestUser) {
    await call(file.subject.app, user.ip, '/request-password-reset', { email: user.email })
    await file.smtp.waitForMail(user.email, { subject: /reset/i })
  }

  it("mail the owner from the account's second browser on, naming it; a known one stays quiet", async () => {
    file.smtp.clear()
    // The verification link signs in (the account's first browser: no mail), then the test
    // harness signs in without that browser's cookies (a second one: one mail).
    const user = await file.createUser()
    await file.smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
    await settled(user)
    expect(newSignInMails(user)).toHaveLength(1)

    file.smtp.clear()
    const first = await signInWith(user, '')
    const device = deviceCookieOf(first)
    expect(device).toMatch(/^mofu_device=[\w-]{22}$/)
    expect(first.headers.getSetCookie().find((c) => c.startsWith('mofu_device='))).toMatch(
      /HttpOnly/i,
    )
    const notice = await file.smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
    expect(notice.text).toContain('Chrome 131 on Android')
    expect(notice.text).toContain(`${ORIGIN}/?account=true`)

    file.smtp.clear()
    const again = await signInWith(user, device ?? '')
    expect(deviceCookieOf(again)).toBeUndefined()
    await settled(user)
    expect(newSignInMails(user)).toEqual([])
  })

  it('a forged device cookie is just a new browser, and is replaced', async () => {
    const user = await file.createUser()
    file.smtp.clear()
    const forged = await signInWith(user, 'mofu_device=../../etc/passwd')
    expect(deviceCookieOf(forged)).toMatch(/^mofu_device=[\w-]{22}$/)
    await file.smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
  })
})
