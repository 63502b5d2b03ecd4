import type { Migration } from 'kysely'

export const migration: Migration = {
  // Which browsers (by a hash of their device cookie) an account has signed in from, so a
  // sign-in from a new one can be mailed to the owner.
  async up(db) {
    await db.schema
      .createTable('known_devices')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'device_hash'])
      .execute()
  },
}
