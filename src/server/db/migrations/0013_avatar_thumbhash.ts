import type { Migration } from 'kysely'

export const migration: Migration = {
  // A tiny placeholder of each avatar (ThumbHash), painted while the image loads. Avatars
  // stored before have none ('') and show the plain circle until their next upload.
  async up(db) {
    await db.schema
      .alterTable('profiles')
      .addColumn('avatar_thumbhash', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
  },
}
