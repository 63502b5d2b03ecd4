import { generateKeyBetween } from 'fractional-indexing'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Like, LikeStatus } from '../../shared/anime'
import { LIKES_MAX, type Board } from '../../shared/board'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import type { Tables } from '../db/tables'
import { boardOf, LIKE_COLUMNS, likesQuery, type LikeRow, toLike } from './board-reads'
import type { BoardRefusal } from './folders-store'
import { boardTransaction, isOwnFolder, keysAt, likesIn, placeAfter, rekeyLike } from './order'

/** Where a heart lands (PUT's body): first in a folder, with a status and a note. */
export interface Landing {
  folderId?: string | null
  status?: LikeStatus | null
  note?: string
}

/** A change to one like (PATCH's body). */
export interface LikeChange extends Landing {
  place?: { after: string | null }
}

/** The hearts of one user (docs/api.md "Likes", "The board"); every call names the session's own user. */
export function likesStore(database: Database) {
  const { db, dialect } = database
  const likeOf = async (
    trx: Kysely<Tables> | Transaction<Tables>,
    uid: string,
    animeId: string,
  ): Promise<Like | undefined> => {
    const row = await likesQuery(trx, uid).where('likes.anime_id', '=', animeId).executeTakeFirst()
    return row === undefined ? undefined : toLike(row)
  }
  /** Sorts a text column as the board orders keys and ids (byPlace): by UTF-16 code units. */
  const inBoardOrder = (column: 'likes.order_key' | 'likes.anime_id') =>
    dialect === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column)

  /**
   * What a heart needs to know, in one query: the title (none: no such title), the user's like
   * of it if there is one, how many titles they like, whether the folder is theirs, and the key
   * of the first title in it. One statement for Unsorted and one for a folder, each compiled once.
   */
  const landingQuery = (
    trx: Transaction<Tables>,
    { uid, animeId, folderId }: { uid: string; animeId: string; folderId: string | null },
  ) =>
    trx
      .selectFrom('catalog_titles')
      .leftJoin('likes', (join) =>
        join.onRef('likes.anime_id', '=', 'catalog_titles.id').on('likes.user_id', '=', uid),
      )
      .select(LIKE_COLUMNS)
      .select((eb) => [
        eb
          .selectFrom('likes')
          .select(eb.fn.countAll<number | string>().as('count'))
          .where('likes.user_id', '=', uid)
          .as('likes'),
        eb
          .selectFrom('likes')
          .select('likes.order_key')
          .where('likes.user_id', '=', uid)
          .where('likes.folder_id', folderId === null ? 'is' : '=', folderId)
          .orderBy(inBoardOrder('likes.order_key'))
          .orderBy(inBoardOrder('likes.anime_id'))
          .limit(1)
          .as('first_key'),
        folderId === null
          ? sql<string>`${uid}`.as('own_folder')
          : eb
              .selectFrom('folders')
              .select('folders.user_id')
              .where('folders.id', '=', folderId)
              .where('folders.user_id', '=', uid)
              .as('own_folder'),
      ])
      .where('catalog_titles.id', '=', animeId)
  const landingInUnsorted = preparedStatement(['uid', 'animeId'], (trx, values) =>
    landingQuery(trx, { ...values, folderId: null }),
  )
  const landingInFolder = preparedStatement(['uid', 'animeId', 'folderId'], landingQuery)
  const landingOf = async (
    trx: Transaction<Tables>,
    uid: string,
    animeId: string,
    folderId: string | null,
  ) => {
    const { rows } =
      folderId === null
        ? await landingInUnsorted(trx, { uid, animeId })
        : await landingInFolder(trx, { uid, animeId, folderId })
    return rows[0]
  }
  const insertLike = preparedStatement(
    ['uid', 'animeId', 'folderId', 'key', 'likedAt', 'status', 'note'],
    (trx, values) =>
      trx
        .insertInto('likes')
        .values({
          user_id: values.uid,
          anime_id: values.animeId,
          folder_id: values.folderId,
          order_key: values.key,
          liked_at: values.likedAt,
          status: values.status as LikeStatus,
          note: values.note,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'anime_id']).doNothing()),
  )

  /**
   * A key before `first`, the first key in the folder (null: the folder is empty). A first key
   * no key can go before (not a fractional index, written from outside the board) has the
   * whole folder keyed afresh, as keysAt does for any move.
   */
  const firstKeyIn = async (
    trx: Transaction<Tables>,
    uid: string,
    folderId: string | null,
    first: string | null,
  ): Promise<string> => {
    try {
      return generateKeyBetween(null, first)
    } catch {
      const [key] = await keysAt(await likesIn(trx, uid, folderId), -1, 1, rekeyLike(trx, uid))
      return key ?? ''
    }
  }

  return {
    board: (uid: string) => boardOf(db, uid),

    /**
     * Likes the title, first in `landing.folderId` (Unsorted by default), with the landing's
     * status and note; a title liked already stays as it is. The primary key decides between
     * two requests at once: the second inserts nothing. 'no-anime' when the catalog has no such
     * title, 'not-found' for a folder that is not the user's.
     */
    like: (
      uid: string,
      animeId: string,
      landing: Landing = {},
    ): Promise<Like | BoardRefusal | 'no-anime'> =>
      boardTransaction(
        database,
        uid,
        async (trx) => {
          const folderId = landing.folderId ?? null
          const found = await landingOf(trx, uid, animeId, folderId)
          if (found === undefined) return 'no-anime'
          if (found.order_key !== null) return toLike(found as LikeRow)
          if (found.own_folder === null) return 'not-found'
          if (Number(found.likes) >= LIKES_MAX) return 'full'
          const key = await firstKeyIn(trx, uid, folderId, found.first_key)
          const like = {
            folder_id: folderId,
            order_key: key,
            liked_at: new Date().toISOString(),
            status: landing.status ?? null,
            note: landing.note ?? '',
          }
          const { numAffectedRows } = await insertLike(trx, {
            uid,
            animeId,
            folderId,
            key,
            likedAt: like.liked_at,
            status: like.status,
            note: like.note,
          })
          if (numAffectedRows === 0n) return (await likeOf(trx, uid, animeId)) ?? 'no-anime'
          return toLike({ ...found, ...like })
        },
        // Into Unsorted, which nobody else sees, a new title changes no page of the board's.
        landing.folderId === undefined || landing.folderId === null ? 'unseen' : 'after',
      ),

    /** Takes the heart back; nothing to take back is no error. */
    async unlike(uid: string, animeId: string): Promise<void> {
      await boardTransaction(database, uid, (trx) =>
        trx
          .deleteFrom('likes')
          .where('user_id', '=', uid)
          .where('anime_id', '=', animeId)
          .execute(),
      )
    },

    /**
     * Moves the like to `folderId` (null: Unsorted; its own folder when absent), right after the
     * title `place.after` there (null, or no place: first), and sets its status and note. One row
     * written, keys computed from the neighbours as they are inside the transaction.
     */
    change: (uid: string, animeId: string, change: LikeChange): Promise<Like | BoardRefusal> =>
      boardTransaction(database, uid, async (trx) => {
        const like = await trx
          .selectFrom('likes')
          .select(['folder_id', 'order_key'])
          .where('user_id', '=', uid)
          .where('anime_id', '=', animeId)
          .executeTakeFirst()
        if (like === undefined) return 'not-found'
        const { folderId = like.folder_id, place, status, note } = change
        let key = like.order_key
        if (change.folderId !== undefined || place !== undefined) {
          if (!(await isOwnFolder(trx, uid, folderId))) return 'not-found'
          const others = (await likesIn(trx, uid, folderId)).filter((row) => row.id !== animeId)
          const index = placeAfter(others, place?.after ?? null)
          if (index === undefined) return 'not-found'
          key = (await keysAt(others, index, 1, rekeyLike(trx, uid)))[0] ?? key
        }
        await trx
          .updateTable('likes')
          .set({
            folder_id: folderId,
            order_key: key,
            ...(status === undefined ? {} : { status }),
            ...(note === undefined ? {} : { note }),
          })
          .where('user_id', '=', uid)
          .where('anime_id', '=', animeId)
          .execute()
        return (await likeOf(trx, uid, animeId)) ?? 'not-found'
      }),

    /**
     * Moves the titles named to the end of one folder, in the order named (a title named twice
     * counts once). All or nothing: 'not-found' when one of them, or the folder, is not the user's.
     */
    moveMany: (
      uid: string,
      animeIds: readonly string[],
      folderId: string | null,
    ): Promise<Board | BoardRefusal> =>
      boardTransaction(database, uid, async (trx) => {
        const ids = [...new Set(animeIds)]
        if (!(await isOwnFolder(trx, uid, folderId))) return 'not-found'
        const owned = await trx
          .selectFrom('likes')
          .select('anime_id')
          .where('user_id', '=', uid)
          .where('anime_id', 'in', ids)
          .execute()
        if (owned.length !== ids.length) return 'not-found'
        const moving = new Set(ids)
        const staying = (await likesIn(trx, uid, folderId)).filter((row) => !moving.has(row.id))
        const keys = await keysAt(staying, staying.length - 1, ids.length, rekeyLike(trx, uid))
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('likes')
            .set({ folder_id: folderId, order_key: keys[index] ?? '' })
            .where('user_id', '=', uid)
            .where('anime_id', '=', id)
            .execute()
        }
        return boardOf(trx, uid)
      }),

    /**
     * Takes back the hearts of the titles named. All or nothing: 'not-found' when one of them
     * is not the user's.
     */
    removeMany: (uid: string, animeIds: readonly string[]): Promise<Board | BoardRefusal> =>
      boardTransaction(database, uid, async (trx) => {
        const ids = [...new Set(animeIds)]
        const owned = await trx
          .selectFrom('likes')
          .select('anime_id')
          .where('user_id', '=', uid)
          .where('anime_id', 'in', ids)
          .execute()
        if (owned.length !== ids.length) return 'not-found'
        await trx
          .deleteFrom('likes')
          .where('user_id', '=', uid)
          .where('anime_id', 'in', ids)
          .execute()
        return boardOf(trx, uid)
      }),
  }
}

export type LikesStore = ReturnType<typeof likesStore>
