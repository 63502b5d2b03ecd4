import type { Kysely, Transaction } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import { HANDLE_CHANGES_MAX, HANDLE_RELEASE_DAYS } from '../../shared/profile'
import { isDeadlock, isUniqueViolation } from '../db/constraint-errors'
import type { Tables } from '../db/tables'

/**
 * Released handles (docs/using.md "Changing your handle"; why they work this way:
 * docs/decisions/released-handles.md). A handle its holder changed away from redirects to them
 * and stays theirs alone, look-alikes with it, for HANDLE_RELEASE_DAYS; no later change ends
 * that early. An account may change its handle HANDLE_CHANGES_MAX times in those days.
 */

const RELEASE_MS = HANDLE_RELEASE_DAYS * 86_400_000

/** When a handle released at `now` is free for anyone, as stored (ISO 8601 sorts as text). */
const releaseEnds = (now: Date) => new Date(now.getTime() + RELEASE_MS).toISOString()

/** One reservation before `at`: as far back as a released handle may still be held. */
export const reservationBefore = (at: Date) => new Date(at.getTime() - RELEASE_MS)

/** The start of the days a change made before `now` still counts in, as stored. */
const countedSince = (now: Date) => reservationBefore(now).toISOString()

/** A new handle that someone else released, or a look-alike of one, while it stays theirs. */
export class ReleasedHandleError extends Error {
  constructor(readonly sameHandle: boolean) {
    super(sameHandle ? 'released handle' : 'look-alike of a released handle')
  }
}

/** A change of handle past HANDLE_CHANGES_MAX in HANDLE_RELEASE_DAYS; `retryAt` is when it may. */
export class HandleChangesLimitedError extends Error {
  constructor(readonly retryAt: Date) {
    super('handle changes limited')
  }
}

/** A handle as the profile holds it: lowercase, and as typed. */
export interface HeldHandle {
  username: string
  displayUsername: string
}

/** How many times a change of handle is run before a deadlock is let through. */
const DEADLOCK_ATTEMPTS = 3

/**
 * Runs a change of handle in one transaction: BEGIN IMMEDIATE on SQLite (database.ts), READ
 * COMMITTED named on PostgreSQL, so each statement sees what committed before it. A change
 * holds its own profile row, then waits in the unique indexes for any transaction moving off
 * the handle it takes; two owners trading handles (or a chain of them) wait on each other, and
 * PostgreSQL ends one transaction to break the cycle. That one is run again, whole: it then
 * sees what the other committed and is saved or refused as if it had come second.
 */
export async function handleTransaction<Result>(
  db: Kysely<Tables>,
  body: (trx: Transaction<Tables>) => Promise<Result>,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('read committed').execute(body)
    } catch (error) {
      if (!isDeadlock(error) || attempt === DEADLOCK_ATTEMPTS) throw error
    }
  }
}

/**
 * Locks the user's profile row until the transaction ends and answers its handle then (none
 * without a profile). A write rather than SELECT … FOR UPDATE, which SQLite has no words for: on
 * PostgreSQL it holds the row just the same, so the user's other changes queue behind it.
 */
export async function lockProfile(
  trx: Transaction<Tables>,
  uid: string,
  now: Date,
): Promise<{ held: HeldHandle | null } | undefined> {
  const row = await trx
    .updateTable('profiles')
    .set({ updated_at: now.toISOString() })
    .where('user_id', '=', uid)
    .returning(['username', 'display_username'])
    .executeTakeFirst()
  if (row === undefined) return undefined
  const { username, display_username } = row
  return {
    held: username === null ? null : { username, displayUsername: display_username ?? username },
  }
}

/**
 * When `uid` may change its handle again, or null when it may now: at HANDLE_CHANGES_MAX changes
 * within HANDLE_RELEASE_DAYS, once the oldest of the latest HANDLE_CHANGES_MAX is that old.
 */
export async function nextChangeAt(
  db: Kysely<Tables>,
  uid: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom('handle_changes')
    .select('changed_at')
    .where('user_id', '=', uid)
    .where('changed_at', '>', countedSince(now))
    .orderBy('seq', 'desc')
    .limit(1)
    .offset(HANDLE_CHANGES_MAX - 1)
    .executeTakeFirst()
  return row === undefined ? null : new Date(Date.parse(row.changed_at) + RELEASE_MS)
}

/**
 * The rest of a change of handle, once the profile holds `taken` (still uncommitted): `left` is
 * reserved for `uid` and the change counted; `uid`'s own release of `taken` ends (taken back);
 * and the change is undone if someone else's live release holds `taken` or a look-alike. That
 * check comes after the profile's update: on PostgreSQL the update waits in the unique indexes
 * for a transaction releasing the same handle, so the check then sees its release. Answers
 * whether `taken` was one of `uid`'s live releases.
 */
export async function moveHandle(
  trx: Transaction<Tables>,
  uid: string,
  left: HeldHandle | null,
  taken: string,
  now: Date,
): Promise<boolean> {
  if (left !== null) {
    await releaseHandle(trx, uid, left.username, now)
    const last = await trx
      .selectFrom('handle_changes')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('user_id', '=', uid)
      .executeTakeFirst()
    await trx
      .insertInto('handle_changes')
      .values({
        user_id: uid,
        seq: Number(last?.seq ?? 0) + 1,
        username: left.username,
        display_username: left.displayUsername,
        changed_at: now.toISOString(),
      })
      .execute()
  }
  const takenBack = await trx
    .deleteFrom('released_handles')
    .where('username', '=', taken)
    .where('user_id', '=', uid)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  const reserved = await liveReleaseForOthers(trx, uid, taken, now)
  if (reserved !== undefined) throw new ReleasedHandleError(reserved.username === taken)
  return Number(takenBack.numDeletedRows) > 0
}

/**
 * Reserves `handle` for `uid` from `now`. A row left for the same handle has expired: while
 * it was live nobody else could hold the handle to release it.
 */
export async function releaseHandle(db: Kysely<Tables>, uid: string, handle: string, now: Date) {
  const row = {
    username: handle,
    skeleton: handleSkeleton(handle),
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
}

/** Given back by takeBackHandle when it is no longer the account's to take. */
class NotReservedError extends Error {}

/**
 * For the account recovery: gives `uid` back the handle it held at `since`, if it changed its
 * handle after that and the handle is still reserved for it, releasing the current one as any
 * change does. Not refused by HANDLE_CHANGES_MAX, which the changes being undone may have used
 * up; it counts as a change all the same. Decided inside the change's transaction, as a save
 * is, so a claim racing it either waits for it or is seen by it. Answers the handle given back,
 * or null when nothing changed.
 */
export async function takeBackHandle(
  db: Kysely<Tables>,
  uid: string,
  since: Date,
): Promise<string | null> {
  const now = new Date()
  try {
    const given = await handleTransaction(db, async (trx) => {
      const profile = await lockProfile(trx, uid, now)
      // The first change after `since` left the handle held then.
      const first = await trx
        .selectFrom('handle_changes')
        .select(['username', 'display_username', 'changed_at'])
        .where('user_id', '=', uid)
        .where('changed_at', '>=', since.toISOString())
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst()
      if (profile === undefined || first === undefined) return null
      // Older, the handle it left then was released longer ago than a reservation lasts, and
      // changes before it may be gone (purgeEndedReleases): none is known to be held for it.
      if (first.changed_at <= countedSince(now)) return null
      const { held } = profile
      if (held?.username === first.username) return null
      await trx
        .updateTable('profiles')
        .set({
          username: first.username,
          display_username: first.display_username,
          handle_skeleton: handleSkeleton(first.username),
        })
        .where('user_id', '=', uid)
        .execute()
      if (!(await moveHandle(trx, uid, held, first.username, now))) throw new NotReservedError()
      return first.username
    })
    await purgeEndedReleases(db, now)
    return given
  } catch (error) {
    // Another account holds it, or a look-alike of it (the unique indexes), or its release ended.
    if (error instanceof NotReservedError || error instanceof ReleasedHandleError) return null
    if (isUniqueViolation(error)) return null
    throw error
  }
}

/**
 * The live release of `handle` or of a look-alike by anyone but `uid` (a deleted account's
 * counts as anyone's), or undefined.
 */
export const liveReleaseForOthers = (db: Kysely<Tables>, uid: string, handle: string, now: Date) =>
  db
    .selectFrom('released_handles')
    .select('username')
    .where((where) =>
      where.or([where('username', '=', handle), where('skeleton', '=', handleSkeleton(handle))]),
    )
    .where((where) => where.or([where('user_id', 'is', null), where('user_id', '!=', uid)]))
    .where('expires_at', '>', now.toISOString())
    .orderBy('username')
    .executeTakeFirst()

/**
 * Rows nothing needs any more: releases whose reservation has ended, and changes of handle
 * older than HANDLE_RELEASE_DAYS but each account's latest such one, which tells
 * takeBackHandle that a `since` before it was followed by a change whose release has ended.
 */
export async function purgeEndedReleases(db: Kysely<Tables>, now: Date) {
  await db.deleteFrom('released_handles').where('expires_at', '<=', now.toISOString()).execute()
  const counted = countedSince(now)
  await db
    .deleteFrom('handle_changes')
    .where('changed_at', '<=', counted)
    .where((where) =>
      where.exists(
        where
          .selectFrom('handle_changes as later')
          .select('later.seq')
          .whereRef('later.user_id', '=', 'handle_changes.user_id')
          .whereRef('later.seq', '>', 'handle_changes.seq')
          .where('later.changed_at', '<=', counted),
      ),
    )
    .execute()
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
