import type { Migration } from 'kysely'

export const migration: Migration = {
  // Theme, font and effects kept with the account (JSON, PreferencesSchema); NULL until the
  // first signed-in browser gives its own.
  async up(db) {
    await db.schema.alterTable('profiles').addColumn('preferences', 'text').execute()
  },
}
