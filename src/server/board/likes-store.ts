import { generateKeyBetween } from 'fractional-indexing'
import type { Kysely } from 'kysely'
import type { Like } from '../../shared/anime'
import { toSummary } from '../catalog/catalog-store'
import type { Tables } from '../db/tables'

const LIKE_COLUMNS = [
  'catalog_titles.id',
  'catalog_titles.title',
  'catalog_titles.lang',
  'catalog_titles.translations',
  'catalog_titles.type',
  'catalog_titles.begin_at',
  'likes.folder_id',
  'likes.order_key',
  'likes.liked_at',
  'likes.status',
  'likes.note',
] as const

/** Everything one user likes, folder by folder in their order (the board, the export). */
export async function likesOf(db: Kysely<Tables>, userId: string): Promise<Like[]> {
  const rows = await db
    .selectFrom('likes')
    .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
    .select(LIKE_COLUMNS)
    .where('likes.user_id', '=', userId)
    .orderBy('likes.folder_id')
    .orderBy('likes.order_key')
    .orderBy('likes.anime_id')
    .execute()
  return rows.map((row) => ({
    anime: toSummary(row),
    folderId: row.folder_id,
    orderKey: row.order_key,
    likedAt: row.liked_at,
    status: row.status,
    note: row.note,
  }))
}

/** The hearts of one user (docs/api.md "Likes"); every call names the session's own user. */
export function likesStore(db: Kysely<Tables>) {
  async function likeOf(userId: string, animeId: string): Promise<Like | undefined> {
    const row = await db
      .selectFrom('likes')
      .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
      .select(LIKE_COLUMNS)
      .where('likes.user_id', '=', userId)
      .where('likes.anime_id', '=', animeId)
      .executeTakeFirst()
    return row === undefined
      ? undefined
      : {
          anime: toSummary(row),
          folderId: row.folder_id,
          orderKey: row.order_key,
          likedAt: row.liked_at,
          status: row.status,
          note: row.note,
        }
  }

  return {
    list: (userId: string) => likesOf(db, userId),

    /**
     * Likes the title, first in Unsorted; a title liked already stays as it is. The primary key
     * decides between two requests at once: the second inserts nothing. Undefined when the
     * catalog has no such title.
     */
    async like(userId: string, animeId: string): Promise<Like | undefined> {
      const title = await db
        .selectFrom('catalog_titles')
        .select('id')
        .where('id', '=', animeId)
        .executeTakeFirst()
      if (title === undefined) return undefined
      const first = await db
        .selectFrom('likes')
        .select((eb) => eb.fn.min('order_key').as('key'))
        .where('user_id', '=', userId)
        .where('folder_id', 'is', null)
        .executeTakeFirst()
      await db
        .insertInto('likes')
        .values({
          user_id: userId,
          anime_id: animeId,
          folder_id: null,
          order_key: generateKeyBetween(null, first?.key ?? null),
          liked_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'anime_id']).doNothing())
        .execute()
      return likeOf(userId, animeId)
    },

    /** Takes the heart back; nothing to take back is no error. */
    async unlike(userId: string, animeId: string): Promise<void> {
      await db
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('anime_id', '=', animeId)
        .execute()
    },
  }
}

export type LikesStore = ReturnType<typeof likesStore>
