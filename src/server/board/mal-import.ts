import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { LikeStatus } from '../../shared/anime'
import { LIKES_MAX, type ImportResult } from '../../shared/board'
import { MAL_IMPORT_MAX_BYTES, type MalImportRefusal } from '../../shared/mal-import'
import type { Database } from '../db/database'
import { boardTransaction, keysAt, likesIn, rekeyLike } from './order'

/**
 * A MyAnimeList list export read into the board (docs/api.md "Import from MyAnimeList"). The file
 * is `<myanimelist>` with `<myinfo>` (`user_export_type` 1 for anime) and one `<anime>` per
 * entry, its MyAnimeList id in `series_animedb_id`, its title in `series_title` and where the
 * user stands in `my_status`. MyAnimeList hands it out gzipped; people often unpack it first.
 */

export class MalImportRefused extends Error {
  constructor(readonly refusal: MalImportRefusal) {
    super(refusal)
  }
}

export interface MalEntry {
  malId: string
  title: string
  status: LikeStatus | null
}

const inflate = promisify(gunzip)
const GZIP_MAGIC = [0x1f, 0x8b] as const
/** A title is given back as the file names it, cut to this many characters. */
const TITLE_MAX_LENGTH = 300
/** MyAnimeList ids are positive integers. */
const MAL_ID = /^[1-9]\d{0,9}$/
/** Rows one statement reads or writes: far below either database's parameter cap. */
const BATCH = 500

/**
 * MyAnimeList's statuses, by name as the export writes them and by the number its older exports
 * and list API used (1 watching, 2 completed, 3 on hold, 4 dropped, 6 plan to watch). On hold
 * is still being watched; Mofu has no status of its own for it.
 */
const STATUS_OF: Readonly<Record<string, LikeStatus>> = {
  watching: 'watching',
  completed: 'watched',
  'on-hold': 'watching',
  'on hold': 'watching',
  dropped: 'dropped',
  'plan to watch': 'want',
  '1': 'watching',
  '2': 'watched',
  '3': 'watching',
  '4': 'dropped',
  '6': 'want',
}

/**
 * A declaration of a document type or an entity, anywhere (inside a comment or CDATA too): a
 * MyAnimeList export has none, and refusing them outright leaves nothing to expand or fetch.
 */
const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name, path) => path === 'myanimelist.anime',
})

/**
 * The most markup (`<`) a file may hold. An entry of an export takes about 50 and some 900
 * bytes, so an honest file of 10 MB stays near half of this; ten megabytes of empty elements
 * would hold four times as many, and parsing them would take seconds and the thread's whole heap.
 */
const MAX_MARKUP = 1_000_000

function markupCount(text: string): number {
  let count = 0
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) count += 1
  return count
}

/** The body as bytes of XML: gzip (known by its magic bytes) inflated, never past the cap. */
async function xmlBytes(body: Buffer): Promise<Buffer> {
  if (body[0] !== GZIP_MAGIC[0] || body[1] !== GZIP_MAGIC[1]) return body
  try {
    // zlib stops inflating at maxOutputLength: a gzip bomb never fills memory.
    return await inflate(body, { maxOutputLength: MAL_IMPORT_MAX_BYTES })
  } catch (error) {
    if (error instanceof RangeError) throw new MalImportRefused('tooLarge')
    throw new MalImportRefused('notXml')
  }
}

/** The five predefined entities and character references, once: `&amp;lt;` reads `&lt;`. */
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#x([\da-f]{1,6}));/gi
const NAMED: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
}
const decodeReferences = (text: string) =>
  text.replace(REFERENCE, (whole, name?: string, decimal?: string, hex?: string) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole
    const code = decimal === undefined ? Number.parseInt(hex ?? '', 16) : Number(decimal)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })

/** A field's text: the parser gives a string, or an object for an element with children. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/**
 * Reads an upload as a MyAnimeList anime list export: its entries in the file's order, each
 * MyAnimeList id once. Throws MalImportRefused for anything else.
 */
export async function readMalExport(body: Buffer): Promise<MalEntry[]> {
  if (body.length === 0) throw new MalImportRefused('empty')
  const bytes = await xmlBytes(body)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new MalImportRefused('notXml')
  }
  if (text.trim() === '') throw new MalImportRefused('empty')
  if (DECLARATION.test(text)) throw new MalImportRefused('hostile')
  if (markupCount(text) > MAX_MARKUP) throw new MalImportRefused('tooLarge')
  if (!text.trimStart().startsWith('<') || XMLValidator.validate(text) !== true) {
    throw new MalImportRefused('notXml')
  }
  const document = parser.parse(text) as Record<string, unknown>
  const root = document.myanimelist
  if (typeof root !== 'object' || root === null || Object.keys(document).length !== 1) {
    throw new MalImportRefused('notExport')
  }
  const { myinfo, anime = [] } = root as { myinfo?: unknown; anime?: unknown[] }
  const exportType =
    typeof myinfo === 'object' && myinfo !== null
      ? textOf((myinfo as Record<string, unknown>).user_export_type)
      : ''
  // 1 is an anime list; a manga list (2) or anything else is not one Mofu can import.
  if (exportType !== '1') throw new MalImportRefused('notExport')

  const entries = new Map<string, MalEntry>()
  for (const item of anime) {
    if (typeof item !== 'object' || item === null) throw new MalImportRefused('notExport')
    const fields = item as Record<string, unknown>
    const malId = textOf(fields.series_animedb_id)
    if (!MAL_ID.test(malId)) throw new MalImportRefused('notExport')
    if (entries.has(malId)) continue
    const status = textOf(fields.my_status).toLowerCase()
    entries.set(malId, {
      malId,
      title: decodeReferences(textOf(fields.series_title)).slice(0, TITLE_MAX_LENGTH),
      status: Object.hasOwn(STATUS_OF, status) ? (STATUS_OF[status] ?? null) : null,
    })
  }
  return [...entries.values()]
}

export type ImportOutcome = ImportResult | 'tooManyLikes'

const batches = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, n) =>
    items.slice(n * BATCH, (n + 1) * BATCH),
  )

/**
 * Likes the catalog's titles for `entries`, in one of the board's transactions (order.ts
 * boardTransaction): new likes first in Unsorted, in the file's order, with the file's status; a
 * title liked already stays as its user left it. An entry whose MyAnimeList id several titles
 * carry likes the first of them by id. Adds nothing when the board would pass LIKES_MAX. A user
 * deleted meanwhile fails the insert on its foreign key (constraint-errors.ts isMissingUser).
 */
export function importMalEntries(
  database: Database,
  userId: string,
  entries: readonly MalEntry[],
): Promise<ImportOutcome> {
  return boardTransaction(database, userId, async (trx) => {
    const titleOf = new Map<string, string>()
    for (const batch of batches(entries.map((entry) => entry.malId))) {
      const rows = await trx
        .selectFrom('catalog_titles')
        .select(['id', 'mal_id'])
        .where('mal_id', 'in', batch)
        .orderBy('id')
        .execute()
      for (const row of rows) {
        if (row.mal_id !== null && !titleOf.has(row.mal_id)) titleOf.set(row.mal_id, row.id)
      }
    }
    const liked = new Set(
      (
        await trx.selectFrom('likes').select('anime_id').where('user_id', '=', userId).execute()
      ).map((row) => row.anime_id),
    )

    const unmatched: ImportResult['unmatched'] = []
    const fresh: { animeId: string; status: LikeStatus | null }[] = []
    const seen = new Set<string>()
    let alreadyLiked = 0
    for (const entry of entries) {
      const animeId = titleOf.get(entry.malId)
      if (animeId === undefined) unmatched.push({ malId: entry.malId, title: entry.title })
      else if (liked.has(animeId)) alreadyLiked += 1
      else if (!seen.has(animeId)) {
        seen.add(animeId)
        fresh.push({ animeId, status: entry.status })
      }
    }
    if (liked.size + fresh.length > LIKES_MAX) return 'tooManyLikes'
    let imported = 0

    if (fresh.length > 0) {
      const unsorted = await likesIn(trx, userId, null)
      const keys = await keysAt(unsorted, -1, fresh.length, rekeyLike(trx, userId))
      const likedAt = new Date().toISOString()
      const rows = fresh.map((like, n) => ({
        user_id: userId,
        anime_id: like.animeId,
        folder_id: null,
        order_key: keys[n] ?? '',
        liked_at: likedAt,
        status: like.status,
      }))
      for (const batch of batches(rows)) {
        const inserted = await trx
          .insertInto('likes')
          .values(batch)
          // A like written meanwhile outside the board's transactions (an older instance during a
          // roll) stays as it is, and counts as liked already.
          .onConflict((conflict) => conflict.columns(['user_id', 'anime_id']).doNothing())
          .executeTakeFirst()
        imported += Number(inserted.numInsertedOrUpdatedRows ?? 0)
      }
    }
    return { imported, alreadyLiked: alreadyLiked + fresh.length - imported, unmatched }
  })
}
