import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { Hashing, ScryptCost } from '../../src/server/auth/hashing'

/** scrypt at its smallest: what the integration tests prove is which secret is accepted. */
const CHEAP: ScryptCost = { N: 2, r: 1, p: 1 }
const PREFIX = 'cheap:'

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, CHEAP, (error, key) => {
      if (error === null) resolve(key)
      else reject(error)
    })
  })

/**
 * The app factory's hashing (docs/testing.md "The cost of a password hash"): scrypt at its
 * cheapest, in a format of its own, so a hash made at production cost is never taken for one.
 */
export const CHEAP_HASHING: Hashing = {
  password: {
    async hash(password) {
      const salt = randomBytes(16)
      return `${PREFIX}${salt.toString('hex')}:${(await derive(password, salt)).toString('hex')}`
    },
    async verify({ hash, password }) {
      const [salt, key] = hash.startsWith(PREFIX) ? hash.slice(PREFIX.length).split(':') : []
      if (salt === undefined || key === undefined) return false
      const expected = Buffer.from(key, 'hex')
      const derived = await derive(password, Buffer.from(salt, 'hex'))
      return derived.length === expected.length && timingSafeEqual(derived, expected)
    },
  },
  backupCodeCost: CHEAP,
}
