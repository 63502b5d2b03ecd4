import type { Migration } from 'kysely'

export const migration: Migration = {
  // The profile banner's version and thumbhash, as the avatar's: '' while there is none.
  async up(db) {
    for (const column of ['banner_version', 'banner_thumbhash']) {
      await db.schema
        .alterTable('profiles')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    }
  },
}
