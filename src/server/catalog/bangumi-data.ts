import { createHash } from 'node:crypto'
import { z } from 'zod'
import { ANIME_LANGUAGES, ANIME_TYPES, type AnimeSite } from '../../shared/anime'

/**
 * bangumi-data's `data.json` (https://github.com/bangumi-data/bangumi-data, CC BY 4.0), read
 * once at the edge: what the catalog needs is checked, and keys a newer version adds are let
 * through unread.
 */

const isWebUrl = (text: string) => {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
/**
 * A link the data gives. Only http and https ever become links; anything else (the data has
 * typos such as `ttp://`) is read as no link, rather than refusing the whole file over it.
 */
const LinkSchema = z.string().max(2048)
const WebLinkSchema = LinkSchema.transform((text) => (isWebUrl(text) ? text : ''))
/** '' when the data does not know it. */
const DateSchema = z.union([z.literal(''), z.iso.datetime({ offset: true })])
const BroadcastSchema = z.union([
  z.literal(''),
  z.string().regex(/^R\d*\/[^/]+\/P[0-9YMWDTHS]+$/, 'expected an ISO 8601 repeating interval'),
])

const SiteMetaSchema = z.looseObject({
  title: z.string(),
  urlTemplate: LinkSchema,
  type: z.enum(['info', 'onair', 'resource']),
})

const ItemSiteSchema = z.looseObject({
  site: z.string().min(1).max(64),
  id: z.string().max(256).optional(),
  url: LinkSchema.optional(),
  begin: DateSchema.optional(),
  broadcast: BroadcastSchema.optional(),
})

const ItemSchema = z.looseObject({
  title: z.string().trim().min(1).max(500),
  titleTranslate: z.partialRecord(z.enum(ANIME_LANGUAGES), z.array(z.string().max(500))),
  type: z.enum(ANIME_TYPES),
  lang: z.enum(ANIME_LANGUAGES),
  officialSite: WebLinkSchema,
  begin: DateSchema,
  end: DateSchema,
  broadcast: BroadcastSchema.optional(),
  sites: z.array(ItemSiteSchema).max(200),
})

export const BangumiDataSchema = z.object({
  siteMeta: z.record(z.string(), SiteMetaSchema),
  items: z.array(ItemSchema).max(200_000),
})

export type BangumiData = z.infer<typeof BangumiDataSchema>
type Item = BangumiData['items'][number]

/** Where in the file a problem is, as a JSON path: `items[12].sites[3].url`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, part) =>
      typeof part === 'number'
        ? `${text}[${part}]`
        : `${text}${text === '' ? '' : '.'}${String(part)}`,
    '',
  )
}

export class BangumiDataError extends Error {
  override name = 'BangumiDataError'
}

/** The file's bytes as bangumi-data, or a BangumiDataError saying what is wrong and where. */
export function parseBangumiData(bytes: Buffer): BangumiData {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    throw new BangumiDataError(`not JSON: ${(error as Error).message}`)
  }
  const parsed = BangumiDataSchema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue === undefined ? '' : jsonPath(issue.path)
  throw new BangumiDataError(`${where === '' ? '(file)' : where}: ${issue?.message ?? 'invalid'}`)
}

export const dataHashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/**
 * The sites that say what the title is, in the order their ids are preferred as the catalog's
 * id. Bangumi's subject ids are what bangumi-data itself is curated by, and they are never
 * reused; the others stand in for the few titles without one.
 */
const ID_SITES = ['bangumi', 'anidb', 'mal', 'aniList', 'tmdb'] as const
const ID_PREFIX: Record<(typeof ID_SITES)[number], string> = {
  bangumi: 'bgm',
  anidb: 'anidb',
  mal: 'mal',
  aniList: 'anilist',
  tmdb: 'tmdb',
}

/** `bangumi:123`, `mal:45`…: each information site's id of the item, the preferred first. */
export function sourceKeysOf(item: Item): string[] {
  return ID_SITES.flatMap((site) =>
    item.sites
      .filter((entry) => entry.site === site && entry.id !== undefined && entry.id !== '')
      .map((entry) => `${site}:${entry.id ?? ''}`),
  )
}

/** `bangumi:123` -> `bgm-123`; URL-safe, and says where it came from. */
function idOfKey(key: string): string {
  const [site = '', ...rest] = key.split(':')
  const prefix = ID_PREFIX[site as (typeof ID_SITES)[number]]
  return `${prefix}-${rest.join(':').replace(/[^A-Za-z0-9]+/g, '_')}`
}

/**
 * A new title's id: its first source key no other item of the file shares (a Chinese title and
 * its Japanese version may share one Bangumi subject), else a hash of what the item is. An id
 * once given is kept by the store across versions (catalog-load.ts matches the source keys).
 */
export function newTitleIdOf(item: Item, keyCounts: ReadonlyMap<string, number>): string {
  const unique = sourceKeysOf(item).find((key) => keyCounts.get(key) === 1)
  if (unique !== undefined) return idOfKey(unique)
  const digest = createHash('sha256')
    .update(`${item.type}\n${item.lang}\n${item.title}\n${item.begin}`)
    .digest('hex')
  return `h-${digest.slice(0, 16)}`
}

/** How many items of the file carry each source key. */
export function sourceKeyCounts(items: readonly Item[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) {
    for (const key of new Set(sourceKeysOf(item))) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/**
 * The item's information and where-to-watch sites as links. Download sites ('resource') are
 * left out: Mofu links to where a title is shown, not to where it is shared.
 */
export function sitesOf(item: Item, siteMeta: BangumiData['siteMeta']): AnimeSite[] {
  return item.sites.flatMap((entry) => {
    const meta = siteMeta[entry.site]
    if (meta === undefined || meta.type === 'resource') return []
    const url =
      entry.url ??
      (entry.id === undefined || entry.id === ''
        ? undefined
        : meta.urlTemplate.replace('{{id}}', entry.id))
    if (url === undefined || !isWebUrl(url)) return []
    return [
      {
        site: entry.site,
        name: meta.title,
        kind: meta.type,
        id: entry.id ?? '',
        url,
      },
    ]
  })
}

export const malIdOf = (item: Item): string | null =>
  item.sites.find((entry) => entry.site === 'mal' && entry.id !== undefined && entry.id !== '')
    ?.id ?? null
