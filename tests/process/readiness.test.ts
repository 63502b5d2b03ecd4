import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startRedisServer } from '../support/redis-server'
import { startS3Server } from '../support/s3-server'
import { startServer } from '../support/server-process'
import { createTestDatabase } from '../support/test-database'

/**
 * /readyz asks the database, the storage and Redis (when set), one line each (docs/deploying.md
 * "Metrics and health").
 */

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

async function readiness(url: string) {
  const response = await fetch(`${url}/readyz`)
  return { status: response.status, body: (await response.json()) as unknown }
}

it('says when the storage folder cannot take a file, and recovers once it can', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-ready-'))
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }))
  const storage = path.join(dir, 'storage')
  const server = await startServer({ env: { STORAGE_URL: `file:${storage}` } })
  cleanups.push(() => server.dispose())

  expect(await readiness(server.url)).toEqual({
    status: 200,
    body: { status: 'ready', database: 'ok', storage: 'ok' },
  })
  // The folder the storage writes into is gone, and a file stands where it was.
  await fs.rm(storage, { recursive: true, force: true })
  await fs.writeFile(storage, 'not a folder')
  expect(await readiness(server.url)).toEqual({
    status: 503,
    body: {
      status: 'unavailable',
      reason: 'storage unavailable',
      database: 'ok',
      storage: 'unavailable',
    },
  })
  // The log line is written after the answer, by pino's own stream.
  await expect.poll(() => server.output()).toContain('"msg":"storage unavailable"')

  await fs.rm(storage)
  expect((await readiness(server.url)).status).toBe(200)
  // The probe leaves nothing behind.
  expect(await fs.readdir(storage)).toEqual([])
})

it('on PostgreSQL, S3 and Redis: a line each, and 503 once the bucket or Redis is gone', async () => {
  const [database, s3, redis] = await Promise.all([
    createTestDatabase('postgres'),
    startS3Server(),
    startRedisServer(),
  ])
  let s3Open = true
  cleanups.push(
    () => database.drop(),
    redis.stop,
    () => (s3Open ? s3.close() : Promise.resolve()),
  )
  const server = await startServer({
    env: {
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${s3.bucket}/ready`,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: redis.url,
    },
  })
  cleanups.unshift(() => server.dispose())

  // Asked again until ready, as a load balancer asks: a just-started server's first S3 request
  // (the SDK's first use) has taken longer than READY_TIMEOUT_MS on one busy core.
  await expect
    .poll(() => readiness(server.url), { timeout: 10_000, interval: 500 })
    .toEqual({
      status: 200,
      body: { status: 'ready', database: 'ok', storage: 'ok', redis: 'ok' },
    })
  expect(s3.requests).toContain(`HEAD /${s3.bucket}/`)

  await redis.stop()
  const started = Date.now()
  expect(await readiness(server.url)).toEqual({
    status: 503,
    body: {
      status: 'unavailable',
      reason: 'redis unreachable',
      database: 'ok',
      storage: 'ok',
      redis: 'unreachable',
    },
  })
  // Each part gets 2 s at most, and they are asked at once.
  expect(Date.now() - started).toBeLessThan(3_000)

  s3Open = false
  await s3.close()
  expect(await readiness(server.url)).toEqual({
    status: 503,
    body: {
      status: 'unavailable',
      reason: 'storage unavailable, redis unreachable',
      database: 'ok',
      storage: 'unavailable',
      redis: 'unreachable',
    },
  })
})
