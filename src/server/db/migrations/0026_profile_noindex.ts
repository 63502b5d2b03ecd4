import type { Migration } from 'kysely'

export const migration: Migration = {
  // 1 when the profile asks search engines not to list its /@handle page; 0 by default.
  async up(db) {
    await db.schema
      .alterTable('profiles')
      .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
