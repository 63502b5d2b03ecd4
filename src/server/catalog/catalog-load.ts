import { randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import type { Selectable } from 'kysely'
import type { Database } from '../db/database'
import type { CatalogStateTable, CatalogTitlesTable } from '../db/catalog-tables'
import {
  type BangumiData,
  dataHashOf,
  malIdOf,
  newTitleIdOf,
  parseBangumiData,
  sitesOf,
  sourceKeyCounts,
  sourceKeysOf,
} from './bangumi-data'

const STATE_KEY = 'catalog'
/** Rows a statement upserts: 14 columns each stays far below either database's parameter cap. */
const BATCH = 500
/**
 * How long a claim holds without word from its loader, which renews it with every batch (a
 * batch takes well under a second): a loader that died leaves it to the next instance to try
 * after this.
 */
const CLAIM_MS = 60_000

export type CatalogSource = 'shipped' | 'import'

export interface CatalogData {
  source: CatalogSource
  /** `bangumi-data 0.3.208`, or the imported file's name. */
  version: string
  /** data.json as read, before parsing: its hash decides whether it is new. */
  bytes: Buffer
}

export type LoadOutcome =
  | { status: 'loaded'; titles: number; missing: number; generation: number }
  /** The database has this data already. */
  | { status: 'unchanged' }
  /** Another instance is loading now: it will bring the catalog up to date. */
  | { status: 'busy' }

export type CatalogState = Selectable<CatalogStateTable>

/**
 * The loading of bangumi-data into catalog_titles, under a claim in catalog_state that one
 * instance holds at a time (docs/architecture.md "The catalog").
 */
export function catalogLoad({ db }: Database) {
  const readState = () =>
    db.selectFrom('catalog_state').selectAll().where('key', '=', STATE_KEY).executeTakeFirst()

  const isCurrent = (state: CatalogState | undefined, source: CatalogSource, hash: string) =>
    state !== undefined && (source === 'shipped' ? state.shipped_hash : state.hash) === hash

  /** Takes the loading claim in one statement, so of instances starting at once one loads. */
  async function claim(): Promise<string | undefined> {
    await db
      .insertInto('catalog_state')
      .values({ key: STATE_KEY })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute()
    const token = randomUUID()
    const now = Date.now()
    const taken = await db
      .updateTable('catalog_state')
      .set({ claim: token, claimed_until: now + CLAIM_MS })
      .where('key', '=', STATE_KEY)
      .where('claimed_until', '<', now)
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1 ? token : undefined
  }

  const release = (token: string) =>
    db
      .updateTable('catalog_state')
      .set({ claim: '', claimed_until: 0 })
      .where('key', '=', STATE_KEY)
      .where('claim', '=', token)
      .execute()

  /**
   * The ids titles already have, by source key: a title keeps its id when a newer file prefers
   * another of its keys (it gained a Bangumi subject, say). A key two titles share names neither.
   */
  async function knownIds(): Promise<Map<string, string>> {
    const rows = await db.selectFrom('catalog_titles').select(['id', 'source_keys']).execute()
    const owners = new Map<string, string | null>()
    for (const row of rows) {
      for (const key of JSON.parse(row.source_keys) as string[]) {
        owners.set(key, owners.has(key) ? null : row.id)
      }
    }
    return new Map([...owners].flatMap(([key, id]) => (id === null ? [] : [[key, id]])))
  }

  async function write(
    data: CatalogData,
    parsed: BangumiData,
    hash: string,
    token: string,
  ): Promise<LoadOutcome> {
    const state = await readState()
    if (isCurrent(state, data.source, hash)) return { status: 'unchanged' }
    const generation = (state?.generation ?? 0) + 1
    const known = await knownIds()
    const counts = sourceKeyCounts(parsed.items)
    const given = new Set<string>()
    const rows: CatalogTitlesTable[] = parsed.items.map((item) => {
      const keys = sourceKeysOf(item)
      let id = keys.map((key) => known.get(key)).find((id) => id !== undefined && !given.has(id))
      if (id === undefined) {
        const base = newTitleIdOf(item, counts)
        id = base
        // Two items alike in every field the hash reads: the data lists one title twice.
        for (let n = 2; given.has(id); n += 1) id = `${base}_${n}`
      }
      given.add(id)
      return {
        id,
        title: item.title,
        lang: item.lang,
        translations: JSON.stringify(item.titleTranslate),
        type: item.type,
        begin_at: item.begin,
        end_at: item.end,
        broadcast: item.broadcast ?? '',
        official_site: item.officialSite,
        sites: JSON.stringify(sitesOf(item, parsed.siteMeta)),
        source_keys: JSON.stringify(keys),
        mal_id: malIdOf(item),
        loaded_generation: generation,
        missing_since: null,
      }
    })
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH)
      // SQLite's driver answers without a turn of the event loop: without this the server
      // would answer nobody until the whole catalog is in.
      await setImmediate()
      await db.transaction().execute(async (trx) => {
        // Each batch is written under the claim, renewed, or not at all.
        const renewed = await trx
          .updateTable('catalog_state')
          .set({ claimed_until: Date.now() + CLAIM_MS })
          .where('key', '=', STATE_KEY)
          .where('claim', '=', token)
          .executeTakeFirst()
        if (Number(renewed.numUpdatedRows) !== 1) throw new Error('catalog load: claim lost')
        await trx
          .insertInto('catalog_titles')
          .values(batch)
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              lang: eb.ref('excluded.lang'),
              translations: eb.ref('excluded.translations'),
              type: eb.ref('excluded.type'),
              begin_at: eb.ref('excluded.begin_at'),
              end_at: eb.ref('excluded.end_at'),
              broadcast: eb.ref('excluded.broadcast'),
              official_site: eb.ref('excluded.official_site'),
              sites: eb.ref('excluded.sites'),
              source_keys: eb.ref('excluded.source_keys'),
              mal_id: eb.ref('excluded.mal_id'),
              loaded_generation: eb.ref('excluded.loaded_generation'),
              missing_since: null,
            })),
          )
          .execute()
      })
    }
    const now = new Date().toISOString()
    // Titles the new data lacks stay, with the date they went missing: someone may like them.
    await db
      .updateTable('catalog_titles')
      .set({ missing_since: now })
      .where('loaded_generation', '<>', generation)
      .where('missing_since', 'is', null)
      .execute()
    await db
      .updateTable('catalog_state')
      .set({
        source: data.source,
        version: data.version,
        hash,
        ...(data.source === 'shipped' ? { shipped_hash: hash } : {}),
        generation,
        loaded_at: now,
      })
      .where('key', '=', STATE_KEY)
      .where('claim', '=', token)
      .execute()
    const missing = await db
      .selectFrom('catalog_titles')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('missing_since', 'is not', null)
      .executeTakeFirstOrThrow()
    return { status: 'loaded', titles: rows.length, missing: Number(missing.count), generation }
  }

  return {
    state: readState,

    /**
     * Loads `data` when the database does not have it yet: the shipped data when its hash is
     * new to the database, an import when it differs from what is loaded. An upsert by id, so
     * loading twice changes nothing, and no title is ever deleted. A bad file throws
     * BangumiDataError before anything is written.
     */
    async load(data: CatalogData): Promise<LoadOutcome> {
      const hash = dataHashOf(data.bytes)
      if (isCurrent(await readState(), data.source, hash)) return { status: 'unchanged' }
      // Parsed before the claim, so a bad file never holds it.
      const parsed = parseBangumiData(data.bytes)
      const token = await claim()
      if (token === undefined) return { status: 'busy' }
      try {
        return await write(data, parsed, hash, token)
      } finally {
        await release(token)
      }
    },
  }
}
