import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { authenticator, awayFromStepEdge } from '../support/authenticator'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { cookiesOf, createTestUser, TEST_PASSWORD } from '../support/test-users'

/** Two-factor log-in where sessions and challenges also live in Redis (REDIS_URL set). */
const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let redis: RedisStorage
let smtp: SmtpCapture
let subject: TestApp

beforeAll(async () => {
  redis = await connectRedisStorage(REDIS_URL, pino({ level: 'silent' }))
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url, secondaryStorage: redis.storage })
})
afterAll(async () => {
  await subject.dispose()
  await smtp.close()
  await redis.close()
})

it('turns on, asks for a code at log-in and takes each code once, with Redis', async () => {
  const ip = `10.78.${Math.floor(Math.random() * 250)}.1`
  const user = await createTestUser(subject.app, smtp, {
    email: `totp-redis-${Date.now()}@mofu.test`,
    ip,
  })
  const post = async (path: string, body: unknown, cookie: string) => {
    const response = await subject.app.request(`/api/auth${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
        Origin: 'http://localhost:3000',
        Cookie: cookie,
      },
      body: JSON.stringify(body),
    })
    return {
      status: response.status,
      json: (await response.json()) as Record<string, unknown>,
      cookie: cookiesOf(response.headers),
    }
  }
  await awayFromStepEdge()
  const enabled = await post('/two-factor/enable', { password: TEST_PASSWORD }, user.cookie)
  const code = authenticator(String(enabled.json.totpURI))
  expect(
    (await post('/two-factor/verify-totp', { code: await code(-1) }, user.cookie)).status,
  ).toBe(200)

  const signIn = () => post('/sign-in/email', { email: user.email, password: TEST_PASSWORD }, '')
  const first = await signIn()
  expect(first.json.twoFactorRedirect).toBe(true)
  const current = await code()
  const signedIn = await post('/two-factor/verify-totp', { code: current }, first.cookie)
  expect(signedIn.status).toBe(200)
  const session = await subject.app.request('/api/me/profile', {
    headers: { Cookie: signedIn.cookie },
  })
  expect(session.status).toBe(200)

  const again = await signIn()
  const reused = await post('/two-factor/verify-totp', { code: current }, again.cookie)
  expect(reused.status).toBe(401)
  expect(reused.json.code).toBe('CODE_ALREADY_USED')
})
