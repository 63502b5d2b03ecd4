import type { Kysely } from 'kysely'
import type { DialectName } from '../db/database'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'

/** An address nobody verified within this long is freed (docs/using.md "Signing up"). */
export const UNVERIFIED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Deletes accounts whose address was never verified and that are older than `maxAgeMs` (the
 * sweep's 7 days unless an operator asks otherwise, `mofu purge-unverified`); their
 * profile (and so any handle) goes with them by foreign key. One DELETE: instances running it at
 * the same moment each delete what is left, which is harmless.
 */
export async function deleteStaleUnverifiedAccounts(
  db: Kysely<Tables>,
  dialect: DialectName,
  now = new Date(),
  maxAgeMs = UNVERIFIED_MAX_AGE_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeMs)
  // Each dialect compares the values Better Auth stores: 0/1 and ISO text in SQLite.
  const result = await db
    .deleteFrom('user')
    .where('emailVerified', '=', dialect === 'postgres' ? false : 0)
    .where('createdAt', '<', dialect === 'postgres' ? cutoff : cutoff.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Sweeps now and then every hour; the returned function stops it. */
export function startUnverifiedAccountSweep(
  db: Kysely<Tables>,
  dialect: DialectName,
  logger: Logger,
): () => void {
  const sweep = () => {
    deleteStaleUnverifiedAccounts(db, dialect).then(
      (deleted) => {
        if (deleted > 0) logger.info({ deleted }, 'deleted unverified accounts older than 7 days')
      },
      (error: unknown) => logger.warn({ err: error }, 'could not delete stale unverified accounts'),
    )
  }
  sweep()
  const timer = setInterval(sweep, SWEEP_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
