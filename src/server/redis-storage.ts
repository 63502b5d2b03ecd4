import type { SecondaryStorage } from '@better-auth/core/db'
import { createClient } from 'redis'
import type { Logger } from './logger'

export interface RedisStorage {
  storage: SecondaryStorage
  close(): Promise<void>
}

/** Better Auth's secondary storage on Redis (REDIS_URL): rate limits shared by every instance. */
export async function connectRedisStorage(url: string, logger: Logger): Promise<RedisStorage> {
  const client = createClient({ url, socket: { connectTimeout: 5_000 } })
  client.on('error', (error: unknown) => logger.warn({ err: error }, 'redis error'))
  await client.connect()
  const storage: SecondaryStorage = {
    get: (key) => client.get(key),
    getAndDelete: (key) => client.getDel(key),
    async set(key, value, ttl) {
      await (ttl === undefined || ttl <= 0
        ? client.set(key, value)
        : client.set(key, value, { expiration: { type: 'EX', value: Math.ceil(ttl) } }))
    },
    async delete(key) {
      await client.del(key)
    },
    async increment(key, ttl) {
      const [count] = await client.multi().incr(key).expire(key, Math.ceil(ttl), 'NX').exec()
      return Number(count)
    },
  }
  return {
    storage,
    async close() {
      await client.quit()
    },
  }
}
