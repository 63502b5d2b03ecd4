import type { Kysely } from 'kysely'
import type { AnimeSummary } from '../../shared/anime'
import {
  FOLDER_CARD_TITLES,
  FOLDER_PAGE_TITLES,
  PROFILE_PINNED_TITLES,
  type PublicFolder,
  type PublicFolderCard,
} from '../../shared/public-folders'
import { SUMMARY_COLUMNS, toSummary } from '../catalog/title-summary'
import type { Tables } from '../db/tables'
import { byPlace } from './order'

/**
 * What anyone may see of a user's folders (docs/using.md "Public folders"): the public ones
 * only. Every look-up names the folder's owner and asks the database for a public folder, so a
 * private folder and one that does not exist take the same queries and give the same answer.
 */

interface FolderTitles {
  count: number
  titles: AnimeSummary[]
}

/**
 * How many titles each of `folderIds` holds, and its first `first` titles in its owner's order:
 * the order is read from the likes alone, and only the titles shown from the catalog.
 */
async function titlesIn(
  db: Kysely<Tables>,
  uid: string,
  folderIds: readonly string[],
  first: number,
): Promise<(folderId: string) => FolderTitles> {
  const folders = new Map(
    folderIds.map((id): [string, FolderTitles] => [id, { count: 0, titles: [] }]),
  )
  const shownOf = (folderId: string) => folders.get(folderId) ?? { count: 0, titles: [] }
  if (folderIds.length === 0) return shownOf
  const likes = await db
    .selectFrom('likes')
    .select(['anime_id as id', 'folder_id', 'order_key as key'])
    .where('user_id', '=', uid)
    .where('folder_id', 'in', folderIds)
    .execute()
  likes.sort(byPlace)
  const shown = new Map<string, string>()
  for (const like of likes) {
    const folder = folders.get(like.folder_id ?? '')
    if (folder === undefined) continue
    if (folder.count < first) shown.set(like.id, like.folder_id ?? '')
    folder.count += 1
  }
  const summaries = await summariesOf(db, [...shown.keys()])
  for (const [id, folderId] of shown) {
    const summary = summaries.get(id)
    if (summary !== undefined) folders.get(folderId)?.titles.push(summary)
  }
  return shownOf
}

/** The catalog's summaries of `ids`, by id. */
async function summariesOf(
  db: Kysely<Tables>,
  ids: readonly string[],
): Promise<Map<string, AnimeSummary>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('catalog_titles')
    .select(SUMMARY_COLUMNS)
    .where('catalog_titles.id', 'in', ids)
    .execute()
  return new Map(rows.map((row) => [row.id, toSummary(row)]))
}

/** `uid`'s pinned titles in their pinned order (by pin key, then by anime id), as /@handle shows them. */
async function pinnedTitles(db: Kysely<Tables>, uid: string): Promise<AnimeSummary[]> {
  const pins = await db
    .selectFrom('likes')
    .select(['anime_id as id', 'pin_key as key'])
    .where('user_id', '=', uid)
    .where('pin_key', 'is not', null)
    .execute()
  const shown = pins
    .map(({ id, key }) => ({ id, key: key ?? '' }))
    .sort(byPlace)
    .slice(0, PROFILE_PINNED_TITLES)
    .map((pin) => pin.id)
  const summaries = await summariesOf(db, shown)
  return shown.flatMap((id) => summaries.get(id) ?? [])
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
  const shown = await titlesIn(
    db,
    uid,
    folders.map((folder) => folder.id),
    FOLDER_CARD_TITLES,
  )
  return folders.map((folder) => ({
    name: folder.name,
    slug: folder.slug,
    ...shown(folder.id),
  }))
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
  const shown = await titlesIn(db, owner.uid, [folder.id], FOLDER_PAGE_TITLES)
  const { name, username, displayUsername } = owner
  return {
    folder: {
      name: folder.name,
      slug: folder.slug,
      ...shown(folder.id),
      owner: { name, username, displayUsername },
    },
  }
}

/**
 * The public folders and pinned titles of Mofu's users, for the pages and the API anyone may
 * read; `catalogGeneration` is the catalog's (CatalogStore.generation), whose titles they show.
 */
export function publicFolders(db: Kysely<Tables>, catalogGeneration: () => Promise<number>) {
  return {
    cardsOf: (uid: string) => publicFolderCards(db, uid),
    pinnedOf: (uid: string) => pinnedTitles(db, uid),
    /**
     * What `cardsOf` and `pinnedOf` answer for the profile in `row` moves on with this: its
     * board's version (every write to the board moves it) and the catalog's generation. A page
     * drawn from them is kept under it, and known current without reading them again.
     */
    versionOf: async (row: { board_version: number }) =>
      `${row.board_version}.${await catalogGeneration()}`,
    find: (owner: { uid: string } & PublicFolder['owner'], slug: string) =>
      findPublicFolder(db, owner, slug),
  }
}

export type PublicFolders = ReturnType<typeof publicFolders>
