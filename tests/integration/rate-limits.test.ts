import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/redis-storage'
import { createTestApp, type TestApp } from '../support/test-app'

const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function instance(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const app = await createTestApp(options)
  cleanups.push(app.dispose)
  return app
}

/** Alternates log-in attempts between two instances from one client address. */
async function alternate(a: TestApp, b: TestApp, attempts: number): Promise<number[]> {
  const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  const statuses: number[] = []
  for (let attempt = 0; attempt < attempts; attempt++) {
    const target = attempt % 2 === 0 ? a : b
    const response = await target.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ email: `nobody${attempt}@mofu.test`, password: 'whatever1' }),
    })
    statuses.push(response.status)
  }
  return statuses
}

describe('rate limits are shared by every instance', () => {
  it('through the database they share', async () => {
    const a = await instance()
    const b = await instance({ shareDatabaseOf: a })
    const statuses = await alternate(a, b, 11)
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })

  it('through Redis when REDIS_URL is set', async () => {
    const redis: RedisStorage[] = []
    for (let count = 0; count < 2; count++) {
      const connection = await connectRedisStorage(REDIS_URL, pino({ level: 'silent' }))
      redis.push(connection)
      cleanups.push(connection.close)
    }
    // Separate databases: only Redis can carry the count from one instance to the other.
    const a = await instance({ secondaryStorage: redis[0]?.storage })
    const b = await instance({ secondaryStorage: redis[1]?.storage })
    const statuses = await alternate(a, b, 11)
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })
})
