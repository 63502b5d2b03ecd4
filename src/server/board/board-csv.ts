import type { Kysely } from 'kysely'
import { ANIME_LANGUAGES, type Like } from '../../shared/anime'
import type { Tables } from '../db/tables'
import { boardOf } from './board-reads'

/**
 * The board as a CSV file (GET /api/me/likes/export.csv, docs/api.md "The board as CSV"): one
 * row per liked title, in the board's order: Unsorted first and then each folder in the user's
 * order, titles in their order within it. RFC 4180: CRLF line ends, a field with a comma, quote
 * or line break quoted, its quotes doubled. A UTF-8 byte-order mark first, so spreadsheets read
 * Japanese right.
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
const otherTitles = (translations: Like['anime']['translations']) =>
  ANIME_LANGUAGES.flatMap((language) => translations[language] ?? []).join(' / ')

/** The CSV of `uid`'s board (board-reads.ts boardOf: its order); every row is theirs. */
export async function boardCsv(db: Kysely<Tables>, uid: string): Promise<string> {
  const { folders, likes } = await boardOf(db, uid)
  const nameOf = new Map(folders.map((folder) => [folder.id, folder.name]))
  let csv = `\uFEFF${csvLine(CSV_HEADER)}`
  for (const like of likes) {
    csv += csvLine([
      (like.folderId === null ? undefined : nameOf.get(like.folderId)) ?? '',
      like.anime.title,
      otherTitles(like.anime.translations),
      like.anime.type,
      like.anime.beginAt?.slice(0, 10) ?? '',
      like.status ?? '',
      like.note,
      like.likedAt,
      like.anime.id,
    ])
  }
  return csv
}
