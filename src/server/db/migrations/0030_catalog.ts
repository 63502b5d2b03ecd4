import type { Migration } from 'kysely'

export const migration: Migration = {
  // The anime catalog (catalog/): one row per title of the loaded bangumi-data, kept when a
  // newer file no longer has it (missing_since), so a liked title never goes. Lists are JSON.
  // catalog_state holds one row: what was loaded, and the claim of the instance loading now.
  async up(db) {
    await db.schema
      .createTable('catalog_titles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('begin_at', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('end_at', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('broadcast', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('official_site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sites', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('source_keys', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('mal_id', 'text')
      .addColumn('loaded_generation', 'integer', (c) => c.notNull())
      .addColumn('missing_since', 'text')
      .execute()
    await db.schema
      .createIndex('catalog_titles_mal_id')
      .on('catalog_titles')
      .column('mal_id')
      .execute()
    await db.schema
      .createTable('catalog_state')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('shipped_hash', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('loaded_at', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('claim', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
