import type { Generated } from 'kysely'

/** One title of the anime catalog (catalog/catalog-store.ts); lists are JSON text. */
export interface CatalogTitlesTable {
  /** catalog/bangumi-data.ts `titleIdOf`: stays the same across data versions. */
  id: string
  /** As first published, mostly Japanese. */
  title: string
  /** The language of `title`: ja, en, zh-Hans or zh-Hant. */
  lang: string
  /** `{ "zh-Hans": ["…"], "en": ["…"] }` */
  translations: string
  type: string
  /** ISO 8601, or '' when unknown. */
  begin_at: string
  end_at: string
  /** ISO 8601 repeating interval (`R/2024-04-06T15:00:00.000Z/P7D`), or ''. */
  broadcast: string
  official_site: string
  /** `[{ "site": "netflix", "id": "…", "url": "https://…" }]`: information and where-to-watch. */
  sites: string
  /** `["bangumi:123", "mal:45"]`: what keeps the id when the data's preferred one changes. */
  source_keys: string
  /** The MyAnimeList id, for imports of MyAnimeList lists. */
  mal_id: string | null
  /** The catalog_state generation that last had this title. */
  loaded_generation: number
  /** ISO 8601 since when the loaded data no longer has the title; NULL while it does. */
  missing_since: string | null
}

/** The one row (key 'catalog') saying what the catalog holds, and who is loading it now. */
export interface CatalogStateTable {
  key: string
  /** 'shipped' (the bangumi-data package) or 'import' (`mofu catalog import`). */
  source: Generated<string>
  version: Generated<string>
  /** SHA-256 of the loaded data file. */
  hash: Generated<string>
  /** SHA-256 of the last shipped data loaded: a start loads shipped data new to the database. */
  shipped_hash: Generated<string>
  /** Counts each load; instances rebuild their search index when it moves. */
  generation: Generated<number>
  /** ISO 8601. */
  loaded_at: Generated<string>
  /** The loading instance's token, '' when none loads. */
  claim: Generated<string>
  /** Epoch milliseconds; past it the claim is free again. PostgreSQL's bigint arrives as a string. */
  claimed_until: Generated<number | string>
}
