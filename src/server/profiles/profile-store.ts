import type { Kysely, Selectable } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import {
  passesForReserved,
  RESERVED_SKELETONS,
  type Profile,
  type ProfileChanges,
} from '../../shared/profile'
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

/** A new handle that passes for a reserved name: no row holds those, so no index refuses it. */
export class ReservedLookAlikeError extends Error {}

/**
 * Merge-saves the fields sent (SPEC 7 "Save profile (merge)"); throws on a handle that is taken
 * or too similar (the unique indexes) or passes for a reserved name.
 */
export async function saveProfile(
  db: Kysely<Tables>,
  uid: string,
  patch: ProfileChanges,
): Promise<ProfileRow> {
  const current = await loadOrCreateProfile(db, uid)
  const { handle } = patch
  // Only a new handle is judged and gets a skeleton: a look-alike kept from before the rule
  // (skeleton NULL, or passing for a reserved name) stays savable as it is.
  const newHandle = handle !== undefined && handle.username !== current.username
  if (newHandle && passesForReserved(handle.username)) throw new ReservedLookAlikeError()
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
 * Whether this handle is free for the user who asks (`asker` gives their id, null for anyone):
 * not held by another user, not passing for another's handle or a reserved name. The user's own
 * handle is free to them, even a look-alike kept from before the rule. The unique indexes decide
 * races; this answers the live check and tells a refused save which rule refused it.
 */
export async function handleClaim(
  db: Kysely<Tables>,
  username: string,
  asker: () => Promise<string | null>,
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
  if (holders.length === 0) return passesForReserved(username) ? 'too-similar' : 'free'
  // Only a handle someone holds needs to know who asks (a session lookup).
  const uid = await asker()
  if (holders.some((holder) => holder.user_id === uid && holder.username === username)) {
    return 'free'
  }
  const others = holders.filter((holder) => holder.user_id !== uid)
  if (others.some((holder) => holder.username === username)) return 'taken'
  return others.length > 0 || passesForReserved(username) ? 'too-similar' : 'free'
}

/** Which of these handles someone holds, or holds a look-alike of (by skeleton). */
export async function handlesClaimed(
  db: Kysely<Tables>,
  usernames: readonly string[],
): Promise<Set<string>> {
  if (usernames.length === 0) return new Set()
  const rows = await db
    .selectFrom('profiles')
    .select(['username', 'handle_skeleton'])
    .where((where) =>
      where.or([
        where('username', 'in', usernames),
        where('handle_skeleton', 'in', usernames.map(handleSkeleton)),
      ]),
    )
    .execute()
  const heldHandles = new Set(rows.map((row) => row.username))
  const heldSkeletons = new Set(rows.map((row) => row.handle_skeleton))
  return new Set(
    usernames.filter(
      (username) => heldHandles.has(username) || heldSkeletons.has(handleSkeleton(username)),
    ),
  )
}

/**
 * Handles from before the similarity rule that pass for another's (their skeleton NULL) or for a
 * reserved name: kept, and listed once in the log.
 */
export async function lookAlikeHandlesKept(db: Kysely<Tables>): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('username')
    .where('username', 'is not', null)
    .where((where) =>
      where.or([
        where('handle_skeleton', 'is', null),
        where('handle_skeleton', 'in', [...RESERVED_SKELETONS]),
      ]),
    )
    .orderBy('username')
    .execute()
  return rows.flatMap((row) => (row.username === null ? [] : [row.username]))
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
