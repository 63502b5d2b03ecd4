import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { callApp, callAuth, cookiesOf, freshAddress, type Call } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, openVerificationLink } from '../support/test-users'

let smtp: SmtpCapture
let subject: TestApp
/** Every line the app logged, as written. */
const logLines: string[] = []

beforeAll(async () => {
  smtp = await startSmtpCapture()
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) })
  subject = await createTestApp({ smtpUrl: smtp.url, app: { logger } })
})
afterAll(async () => {
  await subject.dispose()
  await smtp.close()
})
beforeEach(() => smtp.setRefuse(false))

/**
 * Better Auth's answer. Every answer of these routes is JSON (or empty, for a redirect): anything
 * else fails here.
 */
async function call(app: TestApp['app'], path: string, init: Call) {
  const answer = await callAuth(app, path, init)
  if (answer.text !== '') JSON.parse(answer.text)
  return answer
}

const linkIn = (text: string | undefined) => /https?:\/\/\S+/.exec(text ?? '')?.[0] ?? ''

async function signUp(app: TestApp['app'], email: string, ip: string, password = 'sakura-123') {
  return call(app, '/sign-up/email', { ip, body: { email, password, name: '', callbackURL: '/' } })
}

/** Opens the mailed link and gives the password chosen at sign-up, as its page does. */
async function verify(email: string, ip: string) {
  const mail = await smtp.waitForMail(email, { subject: /verify/i })
  return openVerificationLink(subject.app, linkIn(mail.text), 'sakura-123', ip)
}

describe('sign-up and verification', () => {
  it('sends a verification mail and leaves the user signed out until the link is used', async () => {
    const { email, ip } = newVisitor('visitor')
    const signedUp = await signUp(subject.app, email, ip)
    expect(signedUp.status).toBe(200)
    expect(signedUp.headers.get('set-cookie') ?? '').not.toContain('session_token=')

    const early = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'sakura-123' },
    })
    expect(early.status).toBe(403)
    expect(early.json.code).toBe('EMAIL_NOT_VERIFIED')

    const verified = await verify(email, ip)
    expect(verified.status).toBe(200)
    expect(verified.headers.get('set-cookie')).toMatch(/session_token=.*HttpOnly.*SameSite=Lax/i)
    // The browser that clicked is the account's first (docs/using.md "Notices").
    expect(verified.headers.get('set-cookie')).toMatch(/mofu_device=[\w-]{22};.*HttpOnly/i)

    const later = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'sakura-123' },
    })
    expect(later.status).toBe(200)
    const cookie = later.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/Secure/i)
  })

  it('names a taken address, a short password and a malformed address', async () => {
    const { email, ip } = newVisitor('visitor')
    await signUp(subject.app, email, ip)
    await verify(email, ip)
    const again = await signUp(subject.app, email.toUpperCase(), ip)
    expect(again.status).toBe(422)
    expect(again.json).toMatchObject({ code: 'EMAIL_IN_USE', message: AUTH_MESSAGES.emailInUse })

    const short = await signUp(subject.app, newVisitor('visitor').email, ip, '12345')
    expect(short.status).toBe(400)
    expect(short.json.code).toBe('PASSWORD_TOO_SHORT')

    const malformed = await signUp(subject.app, 'not-an-address', ip)
    expect(malformed.status).toBe(400)
  })

  it('keeps the account when the mail cannot be sent, and sends it again later', async () => {
    const { email, ip } = newVisitor('visitor')
    smtp.setRefuse(true)
    const failed = await signUp(subject.app, email, ip)
    expect(failed.status).toBe(503)
    expect(failed.json).toMatchObject({ code: 'MAIL_NOT_SENT', message: AUTH_MESSAGES.mailNotSent })
    const again = await signUp(subject.app, email, ip)
    expect(again.json.code).toBe('MAIL_NOT_SENT')

    smtp.setRefuse(false)
    const resent = await call(subject.app, '/send-verification-email', {
      ip,
      body: { email, callbackURL: '/' },
    })
    expect(resent.status).toBe(200)
    expect((await verify(email, ip)).status).toBe(200)
  })
})

describe('log-in failures', () => {
  it('tells an unknown address from a wrong password', async () => {
    const { email, ip } = newVisitor('visitor')
    const unknown = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'whatever1' },
    })
    expect(unknown.status).toBe(401)
    expect(unknown.json).toMatchObject({
      code: 'USER_NOT_FOUND',
      message: AUTH_MESSAGES.userNotFound,
    })

    await signUp(subject.app, email, ip)
    await verify(email, ip)
    const wrong = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'wrong-pass' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.json.code).toBe('INVALID_EMAIL_OR_PASSWORD')
  })

  it('with AUTH_NEUTRAL_ERRORS reveals nothing about which addresses have accounts', async () => {
    const neutral = await createTestApp({ smtpUrl: smtp.url, auth: { neutralAuthErrors: true } })
    try {
      const { email, ip } = newVisitor('visitor')
      await signUp(neutral.app, email, ip)
      const duplicate = await signUp(neutral.app, email, ip)
      expect(duplicate.status).toBe(200)
      const unknown = await call(neutral.app, '/sign-in/email', {
        ip,
        body: { email: newVisitor('visitor').email, password: 'whatever1' },
      })
      expect(unknown.status).toBe(401)
      expect(unknown.json.code).toBe('INVALID_EMAIL_OR_PASSWORD')
    } finally {
      await neutral.dispose()
    }
  })
})

describe('password reset', () => {
  it('mails a link to /account/reset?oobCode=, the code checks out once, and other sessions end', async () => {
    const { email, ip } = newVisitor('visitor')
    await signUp(subject.app, email, ip)
    await verify(email, ip)
    const session = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'sakura-123' },
    })
    const cookie = cookiesOf(session.headers)
    expect((await call(subject.app, '/get-session', { ip, cookie })).json).toMatchObject({
      user: { email },
    })

    smtp.clear()
    const requested = await call(subject.app, '/request-password-reset', { ip, body: { email } })
    expect(requested.status).toBe(200)
    const mail = await smtp.waitForMail(email, { subject: /reset/i })
    const link = new URL(linkIn(mail.text))
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/account/reset')
    const code = link.searchParams.get('oobCode') ?? ''

    const check = async (value: string) =>
      (await callApp(subject.app, '/api/password-reset/verify', { body: { code: value } })).json
    expect(await check(code)).toEqual({ valid: true })
    expect(await check('not-a-real-code')).toEqual({
      valid: false,
      message: AUTH_MESSAGES.invalidResetLink,
    })

    const reset = await call(subject.app, '/reset-password', {
      ip,
      body: { token: code, newPassword: 'new-petals-456' },
    })
    expect(reset.status).toBe(200)
    expect(await check(code)).toMatchObject({ valid: false })
    const reused = await call(subject.app, '/reset-password', {
      ip,
      body: { token: code, newPassword: 'another-789' },
    })
    expect(reused.status).toBe(400)

    const ended = await call(subject.app, '/get-session', { ip, cookie })
    expect(ended.status).toBe(200)
    expect(JSON.parse(ended.text)).toBeNull()
    const old = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'sakura-123' },
    })
    expect(old.json.code).toBe('INVALID_EMAIL_OR_PASSWORD')
    const fresh = await call(subject.app, '/sign-in/email', {
      ip,
      body: { email, password: 'new-petals-456' },
    })
    expect(fresh.status).toBe(200)
    // The code was asked about, used and refused: no log line may carry it.
    expect(logLines.some((line) => line.includes('/api/password-reset/verify'))).toBe(true)
    expect(logLines.filter((line) => line.includes(code))).toEqual([])
  })
})

describe('rate limits', () => {
  it.each([
    ['/sign-in/email', 10, (email: string) => ({ email, password: 'whatever1' })],
    ['/sign-up/email', 5, (email: string) => ({ email, password: 'whatever1', name: '' })],
    ['/request-password-reset', 3, (email: string) => ({ email })],
    ['/send-verification-email', 3, (email: string) => ({ email })],
  ])('%s allows %i a minute per client, then answers 429', async (path, max, body) => {
    const ip = freshAddress()
    const statuses: number[] = []
    for (let attempt = 0; attempt <= max; attempt++) {
      statuses.push(
        (await call(subject.app, path, { ip, body: body(newVisitor('visitor').email) })).status,
      )
    }
    expect(statuses.slice(0, max)).not.toContain(429)
    expect(statuses[max]).toBe(429)
    // Another client is not held back.
    const other = await call(subject.app, path, { body: body(newVisitor('visitor').email) })
    expect(other.status).not.toBe(429)
  })
})

describe('endpoints Mofu does not use', () => {
  it('are off, except the account list the panel reads', async () => {
    const user = await createTestUser(subject.app, smtp, newVisitor('visitor'))
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
      const answer = await callAuth(subject.app, path, {
        ip: user.ip,
        cookie: user.cookie,
        body: {},
      })
      expect(answer.status, path).toBe(404)
    }
    // Session tokens stay out of the browser: sessions are listed by id at /api/me/sessions.
    const sessions = await callAuth(subject.app, '/list-sessions', {
      ip: user.ip,
      cookie: user.cookie,
    })
    expect(sessions.status).toBe(404)
    const idToken = await callAuth(subject.app, '/sign-in/social', {
      ip: user.ip,
      body: { provider: 'google', idToken: { token: 'eyJ.fake.token' } },
    })
    expect(idToken.status).toBe(404)

    const accounts = await callAuth(subject.app, '/list-accounts', {
      ip: user.ip,
      cookie: user.cookie,
    })
    expect(accounts.status).toBe(200)
    expect(accounts.text).toContain('"providerId":"credential"')
  })
})
