import type { Migration } from 'kysely'

export const migration: Migration = {
  // Page views count how many paths a day already has (MAX_PATHS_PER_DAY).
  async up(db) {
    await db.schema
      .createIndex('page_view_counts_day')
      .on('page_view_counts')
      .column('day')
      .execute()
  },
}
