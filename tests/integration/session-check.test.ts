import { createHmac } from 'node:crypto'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { callApp, callAuth } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD } from '../support/test-users'

/**
 * The session check of Mofu's own routes (src/server/sessions/session-check.ts) on two instances sharing
 * one database, as behind a load balancer: once with sessions in the database alone, once with
 * Redis beside it (REDIS_URL). Whatever ends a session on one instance ends it on the other at
 * the very next request, and no cookie the server did not sign for a live session gets in.
 */

const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const COOKIE = 'better-auth.session_token'

let smtp: SmtpCapture
let redis: RedisStorage

beforeAll(async () => {
  smtp = await startSmtpCapture()
  redis = await connectRedisStorage(REDIS_URL, pino({ level: 'silent' }))
})
afterAll(async () => {
  await smtp.close()
  await redis.close()
})

/** The token and signature of a session cookie as the server set it. */
function partsOf(cookie: string): { token: string; signature: string } {
  const value = decodeURIComponent(new RegExp(`${COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '')
  const dot = value.lastIndexOf('.')
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) }
}

const sign = (token: string, secret: string) =>
  `${COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`

describe.each([
  ['sessions in the database', false],
  ['sessions in the database and Redis', true],
])('%s', (_name, withRedis) => {
  let a: TestApp
  let b: TestApp

  beforeAll(async () => {
    const secondaryStorage = withRedis ? redis.storage : undefined
    a = await createTestApp({ smtpUrl: smtp.url, secondaryStorage })
    b = await createTestApp({ smtpUrl: smtp.url, secondaryStorage, shareDatabaseOf: a })
  })
  afterAll(async () => {
    await b?.dispose()
    await a?.dispose()
  })

  const newUser = () => createTestUser(a.app, smtp, newVisitor('session'))
  const profileStatus = async (app: TestApp, cookie: string) =>
    (await callApp(app.app, '/api/me/profile', { cookie })).status

  it('refuses a cookie whose token or signature was changed, or signed with another key', async () => {
    const user = await newUser()
    expect(await profileStatus(a, user.cookie)).toBe(200)
    const { token, signature } = partsOf(user.cookie)
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1)
    const forged = [
      sign(token, 'another-secret-that-is-at-least-32-characters'),
      `${COOKIE}=${encodeURIComponent(`${flip(token, 0)}.${signature}`)}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${flip(signature, 5)}`)}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${signature.slice(0, -1)}`)}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${signature}A`)}`,
      `${COOKIE}=${encodeURIComponent(`${token}.${signature.replace(/.$/, 'Ω')}`)}`,
      `${COOKIE}=${encodeURIComponent(token)}`,
      `${COOKIE}=${token}.%E0%A4%A`,
      `${COOKIE}=${'x'.repeat(4000)}`,
    ]
    for (const cookie of forged) {
      const answer = await callApp(a.app, '/api/me/profile', { cookie })
      expect({ cookie, status: answer.status }).toEqual({ cookie, status: 401 })
      expect(answer.json).toMatchObject({ code: 'UNAUTHENTICATED' })
    }
  })

  it('refuses a correctly signed cookie for a token that is no session', async () => {
    const user = await newUser()
    const { token } = partsOf(user.cookie)
    const stranger = token.slice(0, -4) + (token.endsWith('zzzz') ? 'yyyy' : 'zzzz')
    expect(await profileStatus(a, sign(stranger, TEST_AUTH_SECRET))).toBe(401)
    // The same signing makes the real token pass: the refusal above is the lookup's.
    expect(await profileStatus(a, sign(token, TEST_AUTH_SECRET))).toBe(200)
  })

  it('refuses a session past its expiry', async () => {
    const user = await newUser()
    expect(await profileStatus(a, user.cookie)).toBe(200)
    await a.database.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', user.uid)
      .execute()
    expect(await profileStatus(a, user.cookie)).toBe(401)
  })

  it('a sign-out on one instance ends the session on the other at once', async () => {
    const user = await newUser()
    expect(await profileStatus(a, user.cookie)).toBe(200)
    expect(
      (await callAuth(b.app, '/sign-out', { ip: user.ip, cookie: user.cookie, body: {} })).status,
    ).toBe(200)
    expect(await profileStatus(a, user.cookie)).toBe(401)
  })

  it('a password reset on one instance ends the session on the other at once', async () => {
    const user = await newUser()
    expect(await profileStatus(a, user.cookie)).toBe(200)
    smtp.clear()
    expect(
      (
        await callAuth(b.app, '/request-password-reset', {
          ip: user.ip,
          body: { email: user.email },
        })
      ).status,
    ).toBe(200)
    const mail = await smtp.waitForMail(user.email, { subject: /reset/i })
    const code = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '').searchParams.get(
      'oobCode',
    )
    const reset = await callAuth(b.app, '/reset-password', {
      ip: user.ip,
      body: { token: code, newPassword: 'moon-petal-lantern' },
    })
    expect(reset.status).toBe(200)
    expect(await profileStatus(a, user.cookie)).toBe(401)
  })

  it('deleting the account on one instance ends its session on the other at once', async () => {
    const user = await newUser()
    expect(await profileStatus(a, user.cookie)).toBe(200)
    const deleted = await callApp(b.app, '/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(await profileStatus(a, user.cookie)).toBe(401)
    const save = await callApp(a.app, '/api/me/avatar', { method: 'DELETE', cookie: user.cookie })
    expect(save.status).toBe(401)
  })
})
