import type { Migration } from 'kysely'

export const migration: Migration = {
  async up(db) {
    await db.schema
      .createTable('page_views')
      .addColumn('path', 'text', (column) => column.notNull())
      .addColumn('referrer', 'text')
      .addColumn('viewed_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema
      .createIndex('page_views_viewed_at')
      .on('page_views')
      .column('viewed_at')
      .execute()
  },
}
