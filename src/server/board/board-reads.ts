import type { Kysely } from 'kysely'
import type { Like } from '../../shared/anime'
import type { Board } from '../../shared/board'
import { SUMMARY_COLUMNS, toSummary } from '../catalog/title-summary'
import type { Tables } from '../db/tables'
import { foldersOf } from './folders-store'
import { byPlace } from './order'

export const LIKE_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'likes.folder_id',
  'likes.order_key',
  'likes.liked_at',
  'likes.status',
  'likes.note',
  'likes.pin_key',
] as const

export const likesQuery = (db: Kysely<Tables>, uid: string) =>
  db
    .selectFrom('likes')
    .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
    .select(LIKE_COLUMNS)
    .where('likes.user_id', '=', uid)

export type LikeRow = Awaited<ReturnType<ReturnType<typeof likesQuery>['executeTakeFirstOrThrow']>>

export const toLike = (row: LikeRow): Like => ({
  anime: toSummary(row),
  folderId: row.folder_id,
  orderKey: row.order_key,
  likedAt: row.liked_at,
  status: row.status,
  note: row.note,
  pinKey: row.pin_key,
})

/**
 * One user's whole board (GET /api/me/likes, the export): folders in their order, then the
 * likes folder by folder, Unsorted first, then each folder in that order, each in its own, and
 * the pinned titles in theirs.
 */
export async function boardOf(db: Kysely<Tables>, uid: string): Promise<Board> {
  const [folders, rows] = await Promise.all([foldersOf(db, uid), likesQuery(db, uid).execute()])
  const folderPlace = new Map<string | null, number>([
    [null, -1],
    ...folders.map((folder, index) => [folder.id, index] as const),
  ])
  const likes = rows.map(toLike).sort((a, b) => {
    const folders = (folderPlace.get(a.folderId) ?? -1) - (folderPlace.get(b.folderId) ?? -1)
    return folders !== 0
      ? folders
      : byPlace({ id: a.anime.id, key: a.orderKey }, { id: b.anime.id, key: b.orderKey })
  })
  const pinned = likes
    .flatMap((like) => (like.pinKey === null ? [] : [{ id: like.anime.id, key: like.pinKey }]))
    .sort(byPlace)
    .map((pin) => pin.id)
  return { folders, likes, pinned }
}
