import type { Migration } from 'kysely'

export const migration: Migration = {
  // Each change of a user's handle (stores/released-handles.ts): how many changes of the
  // last 30 days count against the limit, and which handle a recovery gives back. Gone
  // with the user.
  async up(db) {
    await db.schema
      .createTable('handle_changes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('display_username', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('handle_changes_pkey', ['user_id', 'seq'])
      .execute()
    await db.schema
      .createIndex('handle_changes_changed_at')
      .on('handle_changes')
      .column('changed_at')
      .execute()
  },
}
