import type { Migration } from 'kysely'

export const migration: Migration = {
  async up(db) {
    await db.schema
      .createTable('instance_settings')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute()
  },
}
