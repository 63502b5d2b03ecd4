import type { Migration } from 'kysely'

export const migration: Migration = {
  // Each account's calendar feed (calendar/): at most one address, its secret kept as a
  // SHA-256 hash (unique, so a feed is found by it). No row: the feed is off.
  async up(db) {
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
}
