import type { Migration } from 'kysely'

export const migration: Migration = {
  // username holds the lowercase handle or NULL (no handle yet): the unique index then
  // makes handles unique in the database itself, however many users have none.
  async up(db) {
    await db.schema
      .createTable('profiles')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('username', 'text')
      .addColumn('display_username', 'text')
      .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('font', 'text', (c) => c.notNull().defaultTo('default'))
      .addColumn('pin_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_pin_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pin_reset_at', 'text')
      .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('profiles_username_key')
      .on('profiles')
      .column('username')
      .unique()
      .execute()
  },
}
