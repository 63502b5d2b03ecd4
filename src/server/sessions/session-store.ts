import { preparedQuery } from '../db/prepared'
import type { Database } from '../db/database'

/**
 * Sessions as Better Auth keeps them in the database (with REDIS_URL too: Mofu stores sessions
 * in the database, and every sign-out, reset, takeover or deletion deletes the row there).
 * Read-only: Better Auth alone writes sessions.
 */
export function sessionStore(database: Pick<Database, 'db' | 'read'>) {
  const { db } = database
  // The token is unique (its own index); the user's primary key joins the user, so a session
  // whose user is gone finds nothing even before the cascade has removed it.
  const byToken = preparedQuery(
    database,
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.id', 'session.userId', 'session.authenticatedAt', 'session.expiresAt'])
      .where('session.token', '=', '')
      .compile(),
  )
  return {
    /** A session that has not expired, or null. */
    async liveSession(token: string, now: number): Promise<LiveSession | null> {
      const row = await byToken(token)
      if (row === undefined || new Date(row.expiresAt).getTime() <= now) return null
      return {
        id: row.id,
        userId: row.userId,
        authenticatedAt: row.authenticatedAt === null ? null : new Date(row.authenticatedAt),
      }
    },
  }
}

export interface LiveSession {
  id: string
  userId: string
  /** When its owner last proved who they are (recent-proof.ts); null for never. */
  authenticatedAt: Date | null
}

export type SessionStore = ReturnType<typeof sessionStore>
