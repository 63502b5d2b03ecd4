import { sql, type Migration } from 'kysely'

export const migration: Migration = {
  // A user's pinned titles, read by every /@handle and every pin, found without reading each
  // of their likes: a partial index holds the pinned ones alone.
  async up(db) {
    await db.schema
      .createIndex('likes_user_id_pin_key')
      .on('likes')
      .columns(['user_id', 'pin_key'])
      .where(sql.ref('pin_key'), 'is not', null)
      .execute()
  },
}
