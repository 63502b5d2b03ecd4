import type { Migration } from 'kysely'

export const migration: Migration = {
  // The address each recovery link was mailed to: the recovery gives that address back and
  // voids the links mailed to it and to every later address. Null for links made before.
  async up(db) {
    await db.schema.alterTable('recovery_codes').addColumn('email', 'text').execute()
  },
}
