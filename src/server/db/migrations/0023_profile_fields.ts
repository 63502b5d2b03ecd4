import type { Migration } from 'kysely'

export const migration: Migration = {
  // What a profile says besides name and handle (profile-fields.ts): '' or [] while unset.
  // Links are JSON, a list of { label, url }.
  async up(db) {
    for (const column of ['bio', 'pronouns', 'accent', 'frame']) {
      await db.schema
        .alterTable('profiles')
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute()
    }
    await db.schema
      .alterTable('profiles')
      .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
  },
}
