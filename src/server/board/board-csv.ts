import type { Kysely } from 'kysely'
import { ANIME_LANGUAGES } from '../../shared/anime'
import type { Tables } from '../db/tables'

/**
 * The board as a CSV file (GET /api/me/likes/export.csv, docs/api.md "The board as CSV"): one
 * row per liked title, Unsorted first and then each folder in the user's order, titles in their
 * order within it. RFC 4180: CRLF line ends, a field with a comma, quote or line break quoted,
 * its quotes doubled. A UTF-8 byte-order mark first, so spreadsheets read Japanese right.
 */

export const CSV_HEADER = [
  'Folder',
  'Title',
  'Other titles',
  'Type',
  'Began',
  'Status',
  'Note',
  'Liked at',
  'Catalog ID',
] as const

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(…) in a
 * note, say). OWASP's advice: such a cell starts with an apostrophe, which shows it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One field as RFC 4180 writes it, made safe to open in a spreadsheet. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`

/** The titles a row gives besides the first published one, language by language. */
function otherTitles(translations: string): string {
  const byLanguage = JSON.parse(translations) as Partial<Record<string, string[]>>
  return ANIME_LANGUAGES.flatMap((language) => byLanguage[language] ?? []).join(' / ')
}

/** The CSV of `userId`'s board; every row is theirs. */
export async function boardCsv(db: Kysely<Tables>, userId: string): Promise<string> {
  const folders = await db
    .selectFrom('folders')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('order_key')
    .orderBy('id')
    .execute()
  const likes = await db
    .selectFrom('likes')
    .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
    .select([
      'catalog_titles.id',
      'catalog_titles.title',
      'catalog_titles.translations',
      'catalog_titles.type',
      'catalog_titles.begin_at',
      'likes.folder_id',
      'likes.liked_at',
      'likes.status',
      'likes.note',
    ])
    .where('likes.user_id', '=', userId)
    .orderBy('likes.order_key')
    .orderBy('likes.anime_id')
    .execute()

  const rank = new Map<string | null, number>([[null, 0]])
  for (const [n, folder] of folders.entries()) rank.set(folder.id, n + 1)
  const nameOf = new Map(folders.map((folder) => [folder.id, folder.name]))
  // A like whose folder is not among the user's (none should be) goes with Unsorted.
  const rankOf = (folderId: string | null) => rank.get(folderId) ?? 0
  const rows = likes.toSorted((a, b) => rankOf(a.folder_id) - rankOf(b.folder_id))

  let csv = `\uFEFF${csvLine(CSV_HEADER)}`
  for (const like of rows) {
    csv += csvLine([
      (like.folder_id === null ? undefined : nameOf.get(like.folder_id)) ?? '',
      like.title,
      otherTitles(like.translations),
      like.type,
      like.begin_at.slice(0, 10),
      like.status ?? '',
      like.note,
      like.liked_at,
      like.id,
    ])
  }
  return csv
}
