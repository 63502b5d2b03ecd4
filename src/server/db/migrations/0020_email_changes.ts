import type { Migration } from 'kysely'

export const migration: Migration = {
  // The one pending change of address of each account (its latest request): the hash of the
  // code mailed to the new address, which works once, until it expires.
  async up(db) {
    await db.schema
      .createTable('email_changes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('new_email', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
  },
}
