import { generateNKeysBetween } from 'fractional-indexing'
import type { Transaction } from 'kysely'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import type { Tables } from '../db/tables'

/**
 * The board's hand-made order (docs/api.md "The board"): folders among a user's folders, and
 * titles inside a folder, each sorted by a fractional-index key, then by id. A move writes one
 * row: a key between its new neighbours.
 */

/** One row of an ordered list: its id (a folder's, or the anime's for a like) and its key. */
export interface Placed {
  id: string
  key: string
}

/**
 * The board's order: by key, then by id, compared as UTF-16 code units, as fractional-indexing
 * makes its keys. Sorted here, not by the database: a PostgreSQL collation such as en_US puts
 * `a` before `B`, which would scramble the keys.
 */
export const byPlace = (a: Placed, b: Placed): number =>
  a.key === b.key ? compare(a.id, b.id) : compare(a.key, b.key)

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Where a row placed right after the row `after` goes in `list` (in order): the index of that
 * row, -1 when `after` is null (first), undefined when no row of the list is `after`.
 */
export function placeAfter(list: readonly Placed[], after: string | null): number | undefined {
  if (after === null) return -1
  const index = list.findIndex((row) => row.id === after)
  return index === -1 ? undefined : index
}

/**
 * `count` new keys in `list` (in order) right after its row at `index` (-1: before the first;
 * the last index: after the last). When the neighbours leave no room (equal keys, which only a
 * write from outside the board's transactions could leave, or a key that is not a fractional
 * index), the whole list gets fresh keys first, written through `rekey`, in the same
 * transaction as the move.
 */
export async function keysAt(
  list: readonly Placed[],
  index: number,
  count: number,
  rekey: (row: Placed) => Promise<unknown>,
): Promise<string[]> {
  const between = (rows: readonly Placed[]) =>
    generateNKeysBetween(rows[index]?.key ?? null, rows[index + 1]?.key ?? null, count)
  try {
    return between(list)
  } catch {
    const keys = generateNKeysBetween(null, null, list.length)
    const rekeyed = list.map((row, position) => ({ id: row.id, key: keys[position] ?? '' }))
    for (const row of rekeyed) await rekey(row)
    return between(rekeyed)
  }
}

/**
 * How a board write moves the board's version on: 'after' the body, in an UPDATE of its own;
 * 'by-body', in the body's own UPDATE of the profile row (a pin's, which counts it); or not at
 * all, 'unseen', for a write that cannot change what anyone else sees of the board (a title
 * added to Unsorted, which is nobody's but its owner's).
 */
export type VersionMove = 'after' | 'by-body' | 'unseen'

/** The statements every board write makes, compiled once (db/prepared.ts). */
const holdUser = preparedStatement(['uid'], (trx, { uid }) =>
  trx.selectFrom('user').select('id').where('id', '=', uid).forNoKeyUpdate(),
)
const moveVersion = preparedStatement(['uid'], (trx, { uid }) =>
  trx
    .updateTable('profiles')
    .set((eb) => ({ board_version: eb('board_version', '+', 1) }))
    .where('user_id', '=', uid),
)

/**
 * Runs one write to a user's board in a transaction that, on PostgreSQL (READ COMMITTED), holds
 * the user's row first: the board writes of one user queue behind each other, so each reads its
 * neighbours as the one before it left them. FOR NO KEY UPDATE does not hold up rows that
 * reference the user (a new session, a like) from other transactions. SQLite's BEGIN IMMEDIATE
 * (database.ts) queues every write transaction already. The write moves the board's version on
 * (profiles.board_version), in the same transaction: every write to a board goes through here,
 * so a page drawn from the board is current while the version is the one it was drawn at.
 */
export function boardTransaction<Result>(
  { db, dialect }: Database,
  uid: string,
  body: (trx: Transaction<Tables>) => Promise<Result>,
  versionMove: VersionMove = 'after',
): Promise<Result> {
  return db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      if (dialect === 'postgres') await holdUser(trx, { uid })
      const result = await body(trx)
      if (versionMove === 'after') await moveVersion(trx, { uid })
      return result
    })
}

/** The likes in one of `uid`'s folders (null: Unsorted), in order, by anime id. */
export async function likesIn(
  trx: Transaction<Tables>,
  uid: string,
  folderId: string | null,
): Promise<Placed[]> {
  const rows = await trx
    .selectFrom('likes')
    .select(['anime_id', 'order_key'])
    .where('user_id', '=', uid)
    .where('folder_id', folderId === null ? 'is' : '=', folderId)
    .execute()
  return rows.map((row) => ({ id: row.anime_id, key: row.order_key })).sort(byPlace)
}

/** Writes a like's new key (a rekey of its folder). */
export const rekeyLike = (trx: Transaction<Tables>, uid: string) => (row: Placed) =>
  writeOrderKey(trx, { uid, id: row.id, key: row.key })
const writeOrderKey = preparedStatement(['uid', 'id', 'key'], (trx, { uid, id, key }) =>
  trx
    .updateTable('likes')
    .set({ order_key: key })
    .where('user_id', '=', uid)
    .where('anime_id', '=', id),
)

/** Whether `folderId` is one of `uid`'s folders (null, Unsorted, always is). */
export async function isOwnFolder(
  trx: Transaction<Tables>,
  uid: string,
  folderId: string | null,
): Promise<boolean> {
  if (folderId === null) return true
  const row = await trx
    .selectFrom('folders')
    .select('id')
    .where('id', '=', folderId)
    .where('user_id', '=', uid)
    .executeTakeFirst()
  return row !== undefined
}
