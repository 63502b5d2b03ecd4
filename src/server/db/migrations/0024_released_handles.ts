import type { Migration } from 'kysely'

export const migration: Migration = {
  // The handles users changed away from (stores/released-handles.ts): reserved for their
  // last holder and redirecting to them until expires_at. A deleted account's handles stay
  // reserved with no one behind them (user_id NULL), so nothing links them to the person.
  async up(db) {
    await db.schema
      .createTable('released_handles')
      .addColumn('username', 'text', (c) => c.primaryKey())
      .addColumn('skeleton', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('released_handles_skeleton')
      .on('released_handles')
      .column('skeleton')
      .execute()
    await db.schema
      .createIndex('released_handles_user_id')
      .on('released_handles')
      .column('user_id')
      .execute()
    await db.schema
      .createIndex('released_handles_expires_at')
      .on('released_handles')
      .column('expires_at')
      .execute()
  },
}
