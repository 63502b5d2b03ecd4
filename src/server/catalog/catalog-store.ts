import type { Anime, AnimeSite, AnimeSummary } from '../../shared/anime'
import type { Database } from '../db/database'
import { browseCatalog, type BrowseRequest } from './catalog-browse'
import { catalogLoad } from './catalog-load'
import { toSummary } from './title-summary'

/** How often an instance asks the database whether the catalog moved on (a load or an import). */
const RECHECK_MS = 5_000

/** The catalog's titles in the database (docs/architecture.md "The catalog"). */
export function catalogStore(database: Database) {
  const { db } = database
  const load = catalogLoad(database)
  let known: { generation: number; at: number } | undefined
  return {
    ...load,

    /**
     * The generation of the catalog loaded (catalog_state), which every load and import moves
     * on: what an instance keeps made from the titles (the search index, drawn pages) is current
     * while it is the one they were made at. Asked of the database at most every few seconds.
     */
    async generation(): Promise<number> {
      const now = Date.now()
      if (known !== undefined && now - known.at < RECHECK_MS) return known.generation
      known = { generation: (await load.state())?.generation ?? 0, at: now }
      return known.generation
    },

    async counts() {
      const row = await db
        .selectFrom('catalog_titles')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('titles'),
          eb.fn.count<number | string>('missing_since').as('missing'),
        ])
        .executeTakeFirstOrThrow()
      const likes = await db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number | string>().as('likes'))
        .executeTakeFirstOrThrow()
      return {
        titles: Number(row.titles),
        missing: Number(row.missing),
        likes: Number(likes.likes),
      }
    },

    /** Every title, for the search index. */
    async summaries(): Promise<AnimeSummary[]> {
      const rows = await db
        .selectFrom('catalog_titles')
        .select(['id', 'title', 'lang', 'translations', 'type', 'begin_at'])
        .execute()
      return rows.map(toSummary)
    },

    /** One page of a season's or a year's titles (browseCatalog). */
    browse: (request: BrowseRequest) => browseCatalog(db, request),

    /** The title with how many people here like it; undefined for an unknown id. */
    async find(id: string): Promise<Anime | undefined> {
      const row = await db
        .selectFrom('catalog_titles')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()
      if (row === undefined) return undefined
      const likes = await db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('anime_id', '=', id)
        .executeTakeFirstOrThrow()
      return {
        ...toSummary(row),
        endAt: row.end_at === '' ? null : row.end_at,
        broadcast: row.broadcast === '' ? null : row.broadcast,
        officialSite: row.official_site === '' ? null : row.official_site,
        sites: JSON.parse(row.sites) as AnimeSite[],
        likes: Number(likes.count),
      }
    },
  }
}

export type CatalogStore = ReturnType<typeof catalogStore>
