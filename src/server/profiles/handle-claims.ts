import type { Kysely } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import { passesForReserved, RESERVED_SKELETONS } from '../../shared/profile'
import type { Database } from '../db/database'
import type { Tables } from '../db/tables'

export type HandleClaim = 'free' | 'taken' | 'too-similar'

/** Handles checked per query by `claimed` (the suggestions' candidates fit in one). */
const CLAIMED_BATCH = 6

/**
 * Who holds a handle or one that passes for it (docs/using.md "Look-alike IDs"), or released
 * one of them lately. The unique indexes and the save's transaction decide races; this answers
 * the live check and tells a refused save which rule refused it.
 */
export function handleClaims(database: Pick<Database, 'db' | 'read'>) {
  const { db } = database
  // The live check runs on every keystroke: compiled once, run on the driver (see prepared.ts).
  // A live release holds its handle and look-alikes like a profile does (released-handles.ts).
  const holdersOf = database.read(
    db
      .selectFrom('profiles')
      .select(['user_id', 'username'])
      .where((where) => where.or([where('username', '=', ''), where('handle_skeleton', '=', '')]))
      .$castTo<{ user_id: string | null; username: string | null }>()
      .unionAll(
        db
          .selectFrom('released_handles')
          .select(['user_id', 'username'])
          .where((where) => where.or([where('username', '=', ''), where('skeleton', '=', '')]))
          .where('expires_at', '>', ''),
      )
      .compile(),
  )

  // Suggestions are checked a batch at a time with one compiled query, like the live check.
  const none = Array.from({ length: CLAIMED_BATCH }, () => '')
  const heldAmong = database.read(
    db
      .selectFrom('profiles')
      .select(['username', 'handle_skeleton'])
      .where((where) =>
        where.or([where('username', 'in', none), where('handle_skeleton', 'in', none)]),
      )
      .unionAll(
        db
          .selectFrom('released_handles')
          .select(['username', 'skeleton as handle_skeleton'])
          .where((where) =>
            where.or([where('username', 'in', none), where('skeleton', 'in', none)]),
          )
          .where('expires_at', '>', ''),
      )
      .compile(),
  )

  return {
    /**
     * Whether this handle is free for the user who asks (`asker` gives their id, null for
     * anyone): not held by another user, not passing for another's handle or a reserved name.
     * The user's own handle is free to them, even a look-alike kept from before the rule.
     */
    async claim(handle: string, asker: () => Promise<string | null>): Promise<HandleClaim> {
      const skeleton = handleSkeleton(handle)
      const now = new Date().toISOString()
      const holders = await holdersOf([handle, skeleton, handle, skeleton, now])
      if (holders.length === 0) return passesForReserved(handle) ? 'too-similar' : 'free'
      // Only a handle someone holds needs to know who asks (a session lookup). Their own
      // released handle is theirs to take back; a deleted account's (no user) is no one's.
      const uid = await asker()
      const own = (holder: { user_id: string | null }) => uid !== null && holder.user_id === uid
      if (holders.some((holder) => own(holder) && holder.username === handle)) return 'free'
      const others = holders.filter((holder) => !own(holder))
      if (others.some((holder) => holder.username === handle)) return 'taken'
      return others.length > 0 || passesForReserved(handle) ? 'too-similar' : 'free'
    },

    /**
     * Which of these handles someone holds or has released, or holds or has released a
     * look-alike of (by skeleton).
     */
    async claimed(handles: readonly string[]): Promise<Set<string>> {
      const rows = []
      for (let start = 0; start < handles.length; start += CLAIMED_BATCH) {
        const batch = handles.slice(start, start + CLAIMED_BATCH)
        // Padded with '': no profile stores an empty handle or skeleton (NULL means none).
        const padded = Array.from({ length: CLAIMED_BATCH }, (_, index) => batch[index] ?? '')
        const both = [...padded, ...padded.map(handleSkeleton)]
        rows.push(...(await heldAmong([...both, ...both, new Date().toISOString()])))
      }
      const heldHandles = new Set(rows.map((row) => row.username))
      const heldSkeletons = new Set(rows.map((row) => row.handle_skeleton))
      return new Set(
        handles.filter(
          (handle) => heldHandles.has(handle) || heldSkeletons.has(handleSkeleton(handle)),
        ),
      )
    },
  }
}

export type HandleClaims = ReturnType<typeof handleClaims>

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
