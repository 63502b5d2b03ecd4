import type { Migration } from 'kysely'

export const migration: Migration = {
  // Accounts an operator disabled (`mofu users disable`): no session starts for them until
  // they are enabled again. A row of its own, so Better Auth's user table stays its own.
  async up(db) {
    await db.schema
      .createTable('disabled_users')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('reason', 'text')
      .addColumn('disabled_at', 'text', (c) => c.notNull())
      .execute()
  },
}
