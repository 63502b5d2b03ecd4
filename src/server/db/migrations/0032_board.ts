import { sql, type Migration } from 'kysely'

export const migration: Migration = {
  // The board (board/): folders each user names and orders (order_key, a fractional index),
  // their names unique per user ignoring case (name_key), and each like's status and private
  // note. A like's folder_id names one of its user's folders; the store keeps it so (SQLite
  // cannot add a foreign key to a table), and deleting a folder moves its likes to Unsorted.
  async up(db) {
    await db.schema
      .createTable('folders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('order_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('folders_user_id_name_key')
      .on('folders')
      .columns(['user_id', 'name_key'])
      .unique()
      .execute()
    await db.schema
      .alterTable('likes')
      .addColumn('status', 'text', (c) =>
        c.check(sql`status in ('want', 'watching', 'watched', 'dropped')`),
      )
      .execute()
    await db.schema
      .alterTable('likes')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema
      .createIndex('likes_user_id_folder_id')
      .on('likes')
      .columns(['user_id', 'folder_id', 'order_key'])
      .execute()
  },
}
