import type { Migration } from 'kysely'

export const migration: Migration = {
  // The browsers each account trusts to skip two-factor codes; the plugin's own record of
  // one counts only while it is here too. Browsers trusted before are asked once more.
  async up(db) {
    await db.schema
      .createTable('trusted_browsers')
      .addColumn('trust_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('session_id', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('trusted_browsers_user_id')
      .on('trusted_browsers')
      .column('user_id')
      .execute()
    await db.schema
      .createIndex('trusted_browsers_session_id')
      .on('trusted_browsers')
      .column('session_id')
      .execute()
  },
}
