import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Errors that say the database cannot be reached or cannot answer right now (stopped,
 * restarting, out of connections, locked past the wait), as opposed to a bug or a bad request.
 * The request may succeed if tried again, so they become 503, not 500.
 */

/** Socket errors on the way to PostgreSQL; SQLite's lock errors once its busy wait has run out. */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
])

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (server shutting down or
 * starting), 53300 (too many connections), 57014 (statement timeout).
 */
const SQLSTATE = /^(08...|57P0[123]|53300|57014)$/

/** node-postgres reports a lost or never-made connection by message only. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
]

/** How many `cause` links to follow: Better Auth wraps the driver's error once or twice. */
const MAX_CAUSE_DEPTH = 5

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current instanceof Object; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (NODE_CODES.has(code) || SQLSTATE.test(code))) return true
    if (typeof message === 'string' && PG_MESSAGES.some((text) => message.includes(text))) {
      return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const watched = new AsyncLocalStorage<{ away?: unknown }>()

/**
 * Runs `work` and returns, beside its result, the first database-away error reported meanwhile
 * to `noteDatabaseAway`. A library that catches such an error and answers with a failure of its
 * own (Better Auth answers a sign-up whose insert met the database away with "422 Failed to
 * create user") then still gets the 503 the database's absence deserves.
 */
export async function watchingDatabase<T>(work: () => Promise<T>): Promise<[T, unknown]> {
  const seen: { away?: unknown } = {}
  const result = await watched.run(seen, work)
  return [result, seen.away]
}

/** Reports the errors a library logged instead of throwing: those of a database away count. */
export function noteDatabaseAway(errors: readonly unknown[]): void {
  const seen = watched.getStore()
  if (seen === undefined || seen.away !== undefined) return
  seen.away = errors.find(isDatabaseUnavailable)
}
