import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, TEST_PASSWORD } from '../support/test-users'

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

it('deleting the account ends its sessions in Redis too', async () => {
  const user = await createTestUser(subject.app, smtp, {
    email: `redis-${Date.now()}@mofu.test`,
    ip: `10.77.${Math.floor(Math.random() * 250)}.1`,
  })
  const headers = { Cookie: user.cookie }
  expect((await subject.app.request('/api/me/profile', { headers })).status).toBe(200)

  const deleted = await subject.app.request('/api/me', {
    method: 'DELETE',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: TEST_PASSWORD }),
  })
  expect(deleted.status).toBe(204)

  const session = await subject.app.request('/api/auth/get-session', { headers })
  expect(await session.json()).toBeNull()
  expect((await subject.app.request('/api/me/profile', { headers })).status).toBe(401)
  const save = await subject.app.request('/api/me/profile', {
    method: 'PATCH',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ghost' }),
  })
  expect(save.status).toBe(401)
})
