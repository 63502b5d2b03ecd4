import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { FOLDERS_MAX, uniqueSlug, type Folder } from '../../shared/board'
import type { FoldersTable } from '../db/board-tables'
import { isUniqueViolation } from '../db/constraint-errors'
import type { Database } from '../db/database'
import type { Tables } from '../db/tables'
import type { PlanBook } from '../plans/plan-book'
import {
  boardTransaction,
  byPlace,
  keysAt,
  likesIn,
  placeAfter,
  rekeyLike,
  type Placed,
} from './order'

/** Why a change to the board was not made; the routes answer each (docs/api.md "The board"). */
export type BoardRefusal =
  /** The folder, the like, or the neighbour named is not the user's. */
  | 'not-found'
  /** Another of the user's folders has this name, ignoring case and width. */
  | 'name-taken'
  /** FOLDERS_MAX folders, or LIKES_MAX likes, already. */
  | 'full'
  /** As many folders as the user's plan allows, or more (kept from a plan before). */
  | 'folder-limit'
  /** Every pin of the plan's period is used. */
  | 'out-of-pins'
  /** As many public folders as the user's plan allows, or more (kept from a plan before). */
  | 'public-full'

/** A folder name as uniqueness compares it: NFKC, lower case (the name comes trimmed). */
export const folderNameKey = (name: string) => name.trim().normalize('NFKC').toLowerCase()

const toFolder = (row: Selectable<FoldersTable>): Folder => ({
  id: row.id,
  name: row.name,
  orderKey: row.order_key,
  createdAt: row.created_at,
  public: Boolean(row.public),
  slug: row.slug,
})

/** A user's folders, in their order. */
export async function foldersOf(db: Kysely<Tables>, uid: string): Promise<Folder[]> {
  const rows = await db.selectFrom('folders').selectAll().where('user_id', '=', uid).execute()
  return rows
    .map(toFolder)
    .sort((a, b) => byPlace({ id: a.id, key: a.orderKey }, { id: b.id, key: b.orderKey }))
}

async function placedFolders(trx: Transaction<Tables>, uid: string): Promise<Placed[]> {
  const rows = await trx
    .selectFrom('folders')
    .select(['id', 'order_key'])
    .where('user_id', '=', uid)
    .execute()
  return rows.map((row) => ({ id: row.id, key: row.order_key })).sort(byPlace)
}

const rekeyFolder = (trx: Transaction<Tables>, uid: string) => (row: Placed) =>
  trx
    .updateTable('folders')
    .set({ order_key: row.key })
    .where('user_id', '=', uid)
    .where('id', '=', row.id)
    .execute()

/** Whether another of `uid`'s folders than `except` has a name that compares as `name`. */
async function nameTaken(trx: Transaction<Tables>, uid: string, name: string, except?: string) {
  const row = await trx
    .selectFrom('folders')
    .select('id')
    .where('user_id', '=', uid)
    .where('name_key', '=', folderNameKey(name))
    .$if(except !== undefined, (query) => query.where('id', '!=', except ?? ''))
    .executeTakeFirst()
  return row !== undefined
}

/** The slugs of `uid`'s folders but `except`. */
async function slugsTaken(trx: Transaction<Tables>, uid: string, except?: string) {
  const rows = await trx
    .selectFrom('folders')
    .select('slug')
    .where('user_id', '=', uid)
    .$if(except !== undefined, (query) => query.where('id', '!=', except ?? ''))
    .execute()
  return new Set(rows.map((row) => row.slug))
}

/**
 * A folder takes `slug`: an address it had before (`previous`, on a rename) leads to it from
 * now on, and a slug another folder had before is this one's now.
 */
async function takeSlug(
  trx: Transaction<Tables>,
  uid: string,
  id: string,
  slug: string,
  previous?: string,
) {
  const released = previous === undefined ? [slug] : [slug, previous]
  await trx
    .deleteFrom('folder_slugs')
    .where('user_id', '=', uid)
    .where('slug', 'in', released)
    .execute()
  if (previous !== undefined) {
    await trx
      .insertInto('folder_slugs')
      .values({ user_id: uid, slug: previous, folder_id: id })
      .execute()
  }
}

/**
 * The folders of one user's board; every call names the session's own user, and a folder id
 * that is not theirs is 'not-found'. The unique (user_id, name_key) index decides between two
 * folders named at once.
 */
export function foldersStore(database: Database, plans: PlanBook) {
  const inTransaction = <Result>(
    uid: string,
    body: (trx: Transaction<Tables>) => Promise<Result>,
  ): Promise<Result | 'name-taken'> =>
    boardTransaction(database, uid, body).catch((error: unknown) => {
      if (isUniqueViolation(error)) return 'name-taken' as const
      throw error
    })

  /**
   * The plan the user is on as the transaction reads it (boardTransaction holds the user's
   * board), so two tabs at once never pass its limits.
   */
  const planOf = async (trx: Transaction<Tables>, uid: string) => {
    const profile = await trx
      .selectFrom('profiles')
      .select(['plan', 'plan_until'])
      .where('user_id', '=', uid)
      .executeTakeFirst()
    return profile === undefined ? plans.free : plans.current(profile)
  }

  return {
    /**
     * A new folder, last. A board with as many folders as its plan allows makes no new one;
     * one left over a lower plan's limit keeps every folder it has (docs/using.md "Plans").
     */
    create: (uid: string, name: string): Promise<Folder | BoardRefusal> =>
      inTransaction(uid, async (trx) => {
        const folders = await placedFolders(trx, uid)
        if (folders.length >= FOLDERS_MAX) return 'full'
        if (folders.length >= (await planOf(trx, uid)).folders) return 'folder-limit'
        if (await nameTaken(trx, uid, name)) return 'name-taken'
        const [key] = await keysAt(folders, folders.length - 1, 1, rekeyFolder(trx, uid))
        const row = {
          id: randomUUID(),
          user_id: uid,
          name,
          name_key: folderNameKey(name),
          order_key: key ?? '',
          created_at: new Date().toISOString(),
          public: 0,
          slug: uniqueSlug(name, await slugsTaken(trx, uid)),
        }
        await trx.insertInto('folders').values(row).execute()
        await takeSlug(trx, uid, row.id, row.slug)
        return toFolder(row)
      }),

    /**
     * Renames the folder (its old address then leads to the new one), moves it right after the
     * folder `place.after` (null: first), makes it public or private, any of them at once. A
     * board with as many public folders as its plan allows makes no other public; those left
     * over a lower plan's limit stay public (docs/using.md "Public folders").
     */
    update: (
      uid: string,
      id: string,
      change: { name?: string; place?: { after: string | null }; public?: boolean },
    ): Promise<Folder | BoardRefusal> =>
      inTransaction(uid, async (trx) => {
        const row = await trx
          .selectFrom('folders')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', uid)
          .executeTakeFirst()
        if (row === undefined) return 'not-found'
        const { name, place } = change
        if (name !== undefined && (await nameTaken(trx, uid, name, id))) return 'name-taken'
        const shown = change.public === undefined ? row.public : Number(change.public)
        if (shown === 1 && row.public === 0) {
          const { count } = await trx
            .selectFrom('folders')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', uid)
            .where('public', '=', 1)
            .executeTakeFirstOrThrow()
          if (Number(count) >= (await planOf(trx, uid)).publicFolders) return 'public-full'
        }
        let slug = row.slug
        if (name !== undefined) {
          slug = uniqueSlug(name, await slugsTaken(trx, uid, id))
          if (slug !== row.slug) await takeSlug(trx, uid, id, slug, row.slug)
        }
        let key = row.order_key
        if (place !== undefined) {
          const others = (await placedFolders(trx, uid)).filter((folder) => folder.id !== id)
          const index = placeAfter(others, place.after)
          if (index === undefined) return 'not-found'
          key = (await keysAt(others, index, 1, rekeyFolder(trx, uid)))[0] ?? key
        }
        const changed = {
          ...row,
          ...(name === undefined ? {} : { name, name_key: folderNameKey(name) }),
          order_key: key,
          public: shown,
          slug,
        }
        await trx
          .updateTable('folders')
          .set({
            name: changed.name,
            name_key: changed.name_key,
            order_key: changed.order_key,
            public: changed.public,
            slug: changed.slug,
          })
          .where('id', '=', id)
          .where('user_id', '=', uid)
          .execute()
        return toFolder(changed)
      }),

    /**
     * Deletes the folder; its titles go to the end of Unsorted in their order, in the same
     * transaction, so none is ever lost.
     */
    remove: (uid: string, id: string): Promise<'removed' | BoardRefusal> =>
      inTransaction(uid, async (trx) => {
        const deleted = await trx
          .deleteFrom('folders')
          .where('id', '=', id)
          .where('user_id', '=', uid)
          .executeTakeFirst()
        if (Number(deleted.numDeletedRows) === 0) return 'not-found'
        const moving = await likesIn(trx, uid, id)
        const unsorted = await likesIn(trx, uid, null)
        const keys = await keysAt(unsorted, unsorted.length - 1, moving.length, rekeyLike(trx, uid))
        for (const [index, like] of moving.entries()) {
          await trx
            .updateTable('likes')
            .set({ folder_id: null, order_key: keys[index] ?? '' })
            .where('user_id', '=', uid)
            .where('anime_id', '=', like.id)
            .execute()
        }
        return 'removed'
      }),
  }
}

export type FoldersStore = ReturnType<typeof foldersStore>
