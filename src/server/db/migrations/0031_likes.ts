import type { Migration } from 'kysely'

export const migration: Migration = {
  // The titles each user likes (board/): the primary key is what makes a second heart of
  // the same title, from a double click or another tab, no second like. folder_id is NULL
  // for Unsorted; order_key is a fractional index, so a move writes one row.
  async up(db) {
    await db.schema
      .createTable('likes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('anime_id', 'text', (c) => c.notNull().references('catalog_titles.id'))
      .addColumn('folder_id', 'text')
      .addColumn('order_key', 'text', (c) => c.notNull())
      .addColumn('liked_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('likes_pkey', ['user_id', 'anime_id'])
      .execute()
    await db.schema.createIndex('likes_anime_id').on('likes').column('anime_id').execute()
  },
}
