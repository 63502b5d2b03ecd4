import type { Kysely } from 'kysely'
import type { AnimeSummary } from '../../shared/anime'
import {
  FOLDER_CARD_TITLES,
  FOLDER_PAGE_TITLES,
  PROFILE_PINNED_TITLES,
  type PublicFolder,
  type PublicFolderCard,
} from '../../shared/public-folders'
import { SUMMARY_COLUMNS, toSummary } from '../catalog/catalog-store'
import type { Tables } from '../db/tables'
import { byPlace } from './order'

/**
 * What anyone may see of a user's folders (docs/using.md "Public folders"): the public ones
 * only. Every look-up names the folder's owner and asks the database for a public folder, so a
 * private folder and one that does not exist take the same queries and give the same answer.
 */

/** The titles of `folderIds`, each folder's in its owner's order. */
async function titlesIn(
  db: Kysely<Tables>,
  uid: string,
  folderIds: readonly string[],
): Promise<Map<string, AnimeSummary[]>> {
  const titles = new Map<string, AnimeSummary[]>(folderIds.map((id) => [id, []]))
  if (folderIds.length === 0) return titles
  const rows = await db
    .selectFrom('likes')
    .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
    .select([...SUMMARY_COLUMNS, 'likes.folder_id', 'likes.order_key'])
    .where('likes.user_id', '=', uid)
    .where('likes.folder_id', 'in', folderIds)
    .execute()
  rows.sort((a, b) => byPlace({ id: a.id, key: a.order_key }, { id: b.id, key: b.order_key }))
  for (const row of rows) titles.get(row.folder_id ?? '')?.push(toSummary(row))
  return titles
}

/** `uid`'s pinned titles in their pinned order (by pin key, then by anime id), as /@handle shows them. */
async function pinnedTitles(db: Kysely<Tables>, uid: string): Promise<AnimeSummary[]> {
  const rows = await db
    .selectFrom('likes')
    .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
    .select([...SUMMARY_COLUMNS, 'likes.pin_key'])
    .where('likes.user_id', '=', uid)
    .where('likes.pin_key', 'is not', null)
    .execute()
  rows.sort((a, b) =>
    byPlace({ id: a.id, key: a.pin_key ?? '' }, { id: b.id, key: b.pin_key ?? '' }),
  )
  return rows.slice(0, PROFILE_PINNED_TITLES).map(toSummary)
}

/** `uid`'s public folders in their order, as /@handle shows them. */
async function publicFolderCards(db: Kysely<Tables>, uid: string): Promise<PublicFolderCard[]> {
  const folders = await db
    .selectFrom('folders')
    .select(['id', 'name', 'slug', 'order_key'])
    .where('user_id', '=', uid)
    .where('public', '=', 1)
    .execute()
  folders.sort((a, b) => byPlace({ id: a.id, key: a.order_key }, { id: b.id, key: b.order_key }))
  const titles = await titlesIn(
    db,
    uid,
    folders.map((folder) => folder.id),
  )
  return folders.map((folder) => {
    const all = titles.get(folder.id) ?? []
    return {
      name: folder.name,
      slug: folder.slug,
      count: all.length,
      titles: all.slice(0, FOLDER_CARD_TITLES),
    }
  })
}

/**
 * The public folder of `owner` at `slug`: the folder, or the slug it has now when `slug` is one
 * it had before a rename, or undefined when `owner` has no public folder there now or before.
 */
async function findPublicFolder(
  db: Kysely<Tables>,
  owner: { uid: string } & PublicFolder['owner'],
  slug: string,
): Promise<{ folder: PublicFolder } | { movedTo: string } | undefined> {
  const folder = await db
    .selectFrom('folders')
    .select(['id', 'name', 'slug'])
    .where('user_id', '=', owner.uid)
    .where('slug', '=', slug)
    .where('public', '=', 1)
    .executeTakeFirst()
  if (folder === undefined) {
    const moved = await db
      .selectFrom('folder_slugs')
      .innerJoin('folders', 'folders.id', 'folder_slugs.folder_id')
      .select('folders.slug')
      .where('folder_slugs.user_id', '=', owner.uid)
      .where('folder_slugs.slug', '=', slug)
      .where('folders.public', '=', 1)
      .executeTakeFirst()
    return moved === undefined ? undefined : { movedTo: moved.slug }
  }
  const titles = (await titlesIn(db, owner.uid, [folder.id])).get(folder.id) ?? []
  const { name, username, displayUsername } = owner
  return {
    folder: {
      name: folder.name,
      slug: folder.slug,
      count: titles.length,
      titles: titles.slice(0, FOLDER_PAGE_TITLES),
      owner: { name, username, displayUsername },
    },
  }
}

/** The public folders and pinned titles of Mofu's users, for the pages and the API anyone may read. */
export function publicFolders(db: Kysely<Tables>) {
  return {
    cardsOf: (uid: string) => publicFolderCards(db, uid),
    pinnedOf: (uid: string) => pinnedTitles(db, uid),
    find: (owner: { uid: string } & PublicFolder['owner'], slug: string) =>
      findPublicFolder(db, owner, slug),
  }
}

export type PublicFolders = ReturnType<typeof publicFolders>
