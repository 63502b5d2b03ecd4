import type { Migration } from 'kysely'

export const migration: Migration = {
  // The password of each later sign-up for an address nobody has verified, kept apart from
  // the account's own until the address's owner proves which one they chose.
  async up(db) {
    await db.schema
      .createTable('sign_up_passwords')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('sign_up_passwords_user')
      .on('sign_up_passwords')
      .columns(['user_id', 'created_at'])
      .execute()
  },
}
