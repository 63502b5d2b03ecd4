import type { Migration } from 'kysely'

export const migration: Migration = {
  // The profile's links whose pages link back to it (profiles/link-check.ts), and the handle
  // they linked back to: columns of their own, so a release reading `links` meets no key
  // it does not know.
  async up(db) {
    await db.schema
      .alterTable('profiles')
      .addColumn('verified_links', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute()
    await db.schema
      .alterTable('profiles')
      .addColumn('verified_for', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
  },
}
