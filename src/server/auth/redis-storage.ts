import type { SecondaryStorage } from '@better-auth/core/db'
import { createClient } from 'redis'
import type { CounterStore } from '../http/limiter'
import type { Logger } from '../logger'

export interface RedisStorage {
  storage: SecondaryStorage
  /** Mofu's own limits (src/server/http/limiter.ts). */
  counters: CounterStore
  /** Resolves when Redis answers PING within `timeoutMs` (for /readyz). */
  ping(timeoutMs: number): Promise<void>
  close(): Promise<void>
}

/** Keys of Mofu's own counters, apart from Better Auth's. */
const COUNTER_PREFIX = 'mofu:limit:'

/** DECR of a count that is still there and above zero, in one step: an expired key stays gone. */
const TAKE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`

/**
 * Better Auth's secondary storage on Redis (REDIS_URL) and Mofu's own counters: rate limits
 * shared by every instance.
 */
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
  const counters: CounterStore = {
    async add(key, amount, windowMs) {
      const name = COUNTER_PREFIX + key
      const [count, , ttl] = await client
        .multi()
        .incrBy(name, amount)
        .pExpire(name, windowMs, 'NX')
        .pTTL(name)
        .exec()
      return { count: Number(count), resetAt: Date.now() + Math.max(0, Number(ttl)) }
    },
    async takeBack(key) {
      await client.eval(TAKE_BACK, { keys: [COUNTER_PREFIX + key] })
    },
    async clear(key) {
      await client.del(COUNTER_PREFIX + key)
    },
  }
  return {
    storage,
    counters,
    async ping(timeoutMs) {
      await client.withAbortSignal(AbortSignal.timeout(timeoutMs)).ping()
    },
    async close() {
      await client.quit()
    },
  }
}
