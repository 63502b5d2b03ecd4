import type { Kysely } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import { HANDLE_RELEASE_DAYS, HANDLE_RELEASES_KEPT } from '../../shared/profile'
import type { Database } from '../db/database'
import type { Tables } from '../db/tables'

/**
 * Released handles (docs/using.md "Changing your handle"; why they work this way:
 * docs/decisions/released-handles.md). A handle its holder changed away from redirects to them
 * and stays theirs alone, look-alikes with it, for HANDLE_RELEASE_DAYS.
 */

const RELEASE_MS = HANDLE_RELEASE_DAYS * 86_400_000

/** When a handle released at `now` is free for anyone, as stored (ISO 8601 sorts as text). */
const releaseEnds = (now: Date) => new Date(now.getTime() + RELEASE_MS).toISOString()

/**
 * Reserves `username` for `uid` from `now`, ending their oldest release beyond
 * HANDLE_RELEASES_KEPT. A row left for the same handle has expired: while it was live nobody
 * else could hold the handle to release it.
 */
export async function releaseHandle(db: Kysely<Tables>, uid: string, username: string, now: Date) {
  const row = {
    username,
    skeleton: handleSkeleton(username),
    user_id: uid,
    expires_at: releaseEnds(now),
  }
  await db
    .insertInto('released_handles')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('username').doUpdateSet({ user_id: uid, expires_at: row.expires_at }),
    )
    .execute()
  await db
    .deleteFrom('released_handles')
    .where('user_id', '=', uid)
    .where('username', 'not in', (eb) =>
      eb
        .selectFrom('released_handles as kept')
        .select('kept.username')
        .where('kept.user_id', '=', uid)
        .orderBy('kept.expires_at', 'desc')
        .orderBy('kept.username', 'desc')
        .limit(HANDLE_RELEASES_KEPT),
    )
    .execute()
}

/**
 * The live release of `username` or of a look-alike by anyone but `uid` (a deleted account's
 * counts as anyone's), or undefined.
 */
export const liveReleaseForOthers = (
  db: Kysely<Tables>,
  uid: string,
  username: string,
  now: Date,
) =>
  db
    .selectFrom('released_handles')
    .select('username')
    .where((where) =>
      where.or([
        where('username', '=', username),
        where('skeleton', '=', handleSkeleton(username)),
      ]),
    )
    .where((where) => where.or([where('user_id', 'is', null), where('user_id', '!=', uid)]))
    .where('expires_at', '>', now.toISOString())
    .orderBy('username')
    .executeTakeFirst()

/** Rows whose reservation has ended: their handles are free, and nothing needs them. */
export async function purgeEndedReleases(db: Kysely<Tables>, now: Date) {
  await db.deleteFrom('released_handles').where('expires_at', '<=', now.toISOString()).execute()
}

/**
 * Keeps a deleted account's handle from being taken to pass for them: reserved like any
 * released one, then (the user row gone) with no one behind it, so it redirects nowhere.
 */
export async function reserveHandleOfDeleted(db: Kysely<Tables>, uid: string, now: Date) {
  const profile = await db
    .selectFrom('profiles')
    .select('username')
    .where('user_id', '=', uid)
    .executeTakeFirst()
  if (profile?.username != null) await releaseHandle(db, uid, profile.username, now)
}

/** The user's live released handles, the earliest to end first: their data while it lasts. */
export const releasedHandlesOf = (db: Kysely<Tables>, uid: string, now: Date) =>
  db
    .selectFrom('released_handles')
    .select(['username', 'expires_at'])
    .where('user_id', '=', uid)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at')
    .orderBy('username')
    .execute()

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
    /** The current handle of whoever released `username` while the release lasts, or null. */
    async redirectOf(username: string): Promise<string | null> {
      const [row] = await redirects([username, new Date().toISOString()])
      return row?.current ?? null
    },
  }
}

export type ReleasedHandles = ReturnType<typeof releasedHandles>
