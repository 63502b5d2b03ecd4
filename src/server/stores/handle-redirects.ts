import type { Database } from '../db/database'

/** The reads every visit of an old address makes, compiled once (see prepared.ts). */
export function releasedHandles(database: Pick<Database, 'db' | 'read'>) {
  const { db } = database
  const redirects = database.read(
    db
      .selectFrom('released_handles')
      .innerJoin('profiles', 'profiles.user_id', 'released_handles.user_id')
      .select('profiles.username as current')
      .where('released_handles.username', '=', '')
      .where('released_handles.expires_at', '>', '')
      // A handle someone holds is theirs to show, never a redirect.
      .where((where) =>
        where.not(
          where.exists(
            where
              .selectFrom('profiles as holder')
              .select('holder.user_id')
              .whereRef('holder.username', '=', 'released_handles.username'),
          ),
        ),
      )
      .compile(),
  )

  return {
    /** The current handle of whoever released `handle` while the release lasts, or null. */
    async redirectOf(handle: string): Promise<string | null> {
      const [row] = await redirects([handle, new Date().toISOString()])
      return row?.current ?? null
    },
  }
}

export type ReleasedHandles = ReturnType<typeof releasedHandles>
