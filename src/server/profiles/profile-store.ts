import type { Kysely, Selectable } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import type { Profile, ProfileChanges } from '../../shared/profile'
import { avatarUrl } from '../storage/avatar-object'
import type { ProfilesTable, Tables } from '../db/tables'

type ProfileRow = Selectable<ProfilesTable>

/** The spec's profile from its row; the avatar URL is built from today's PUBLIC_URL. */
export function toProfile(row: ProfileRow, publicUrl: string): Profile {
  return {
    uid: row.user_id,
    name: row.name,
    username: row.username ?? '',
    // SPEC 3: displayUsername falls back to username.
    displayUsername: row.display_username ?? row.username ?? '',
    avatar: avatarUrl(publicUrl, row.user_id, row.avatar_version),
    font: row.font,
    pinCount: Number(row.pin_count),
    usedPinCount: Number(row.used_pin_count),
    pinResetAt: row.pin_reset_at,
    plan: row.plan,
  }
}

/** SQLite and PostgreSQL each report constraint violations their own way. */
const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code
/** Another profile holds the handle (the unique index decided a race). */
export const isUniqueViolation = (error: unknown) =>
  ['SQLITE_CONSTRAINT_UNIQUE', '23505'].includes(String(errorCode(error)))
/** The user was deleted while this request ran (its session was checked just before). */
export const isMissingUser = (error: unknown) =>
  ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'].includes(String(errorCode(error)))

/** The user's profile, created with the defaults when there is none (SPEC 4). */
export async function loadOrCreateProfile(db: Kysely<Tables>, uid: string): Promise<ProfileRow> {
  const load = () => db.selectFrom('profiles').selectAll().where('user_id', '=', uid)
  const existing = await load().executeTakeFirst()
  if (existing !== undefined) return existing
  // Two first requests may race here; the second insert does nothing.
  await db
    .insertInto('profiles')
    .values({ user_id: uid, updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
  return load().executeTakeFirstOrThrow()
}

/** Merge-saves the fields sent (SPEC 7 "Save profile (merge)"); throws on a taken handle. */
export async function saveProfile(
  db: Kysely<Tables>,
  uid: string,
  patch: ProfileChanges,
): Promise<ProfileRow> {
  const current = await loadOrCreateProfile(db, uid)
  const { handle } = patch
  // The skeleton is set with a new handle only: a look-alike kept from before the rule (its
  // skeleton NULL) stays savable as it is.
  const newHandle = handle !== undefined && handle.username !== current.username
  await db
    .updateTable('profiles')
    .set({
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(handle === undefined ? {} : { display_username: handle.displayUsername }),
      ...(newHandle
        ? { username: handle.username, handle_skeleton: handleSkeleton(handle.username) }
        : {}),
      ...(patch.font === undefined ? {} : { font: patch.font }),
      updated_at: new Date().toISOString(),
    })
    .where('user_id', '=', uid)
    .execute()
  return loadOrCreateProfile(db, uid)
}

export type HandleClaim = 'free' | 'taken' | 'too-similar'

/**
 * Whether another user holds this handle or one that passes for it. The unique indexes decide
 * races; this answers the live check and tells a refused save which rule refused it.
 */
export async function handleClaim(
  db: Kysely<Tables>,
  username: string,
  uid: string | null,
): Promise<HandleClaim> {
  const holders = await db
    .selectFrom('profiles')
    .select(['user_id', 'username'])
    .where((where) =>
      where.or([
        where('username', '=', username),
        where('handle_skeleton', '=', handleSkeleton(username)),
      ]),
    )
    .execute()
  const others = holders.filter((holder) => holder.user_id !== uid)
  if (others.length === 0) return 'free'
  return others.some((holder) => holder.username === username) ? 'taken' : 'too-similar'
}

/** Which of these skeletons some profile already holds. */
export async function skeletonsInUse(
  db: Kysely<Tables>,
  skeletons: string[],
): Promise<Set<string>> {
  if (skeletons.length === 0) return new Set()
  const rows = await db
    .selectFrom('profiles')
    .select('handle_skeleton')
    .where('handle_skeleton', 'in', skeletons)
    .execute()
  return new Set(rows.map((row) => row.handle_skeleton ?? ''))
}

/** Look-alike handles that existed before the similarity rule (their skeleton is NULL). */
export async function lookAlikeHandlesKept(db: Kysely<Tables>): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('username')
    .where('username', 'is not', null)
    .where('handle_skeleton', 'is', null)
    .execute()
  return rows.map((row) => row.username ?? '')
}

/** The profile holding this lowercase handle, if any. */
export const findProfileByHandle = (db: Kysely<Tables>, username: string) =>
  db.selectFrom('profiles').selectAll().where('username', '=', username).executeTakeFirst()

/** The current avatar's version ('' for none), which is also its ETag. */
export async function avatarVersionOf(db: Kysely<Tables>, uid: string): Promise<string> {
  const row = await db
    .selectFrom('profiles')
    .select('avatar_version')
    .where('user_id', '=', uid)
    .executeTakeFirst()
  return row?.avatar_version ?? ''
}

/** Points the profile at another stored avatar ('' for the default picture). */
export async function setAvatarVersion(db: Kysely<Tables>, uid: string, version: string) {
  await db
    .updateTable('profiles')
    .set({ avatar_version: version, updated_at: new Date().toISOString() })
    .where('user_id', '=', uid)
    .execute()
}
