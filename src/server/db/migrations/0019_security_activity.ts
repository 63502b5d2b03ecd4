import type { Migration } from 'kysely'

export const migration: Migration = {
  // The security events each owner sees in the account panel (security-events.ts), for 90
  // days; read newest first per user. Failed sign-ins of one day are one row with a count.
  async up(db) {
    await db.schema
      .createTable('security_activity')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('method', 'text')
      .addColumn('browser', 'text')
      .addColumn('system', 'text')
      .addColumn('network', 'text')
      .addColumn('session_id', 'text')
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema
      .createIndex('security_activity_user_at')
      .on('security_activity')
      .columns(['user_id', 'at', 'id'])
      .execute()
    await db.schema
      .createIndex('security_activity_at')
      .on('security_activity')
      .column('at')
      .execute()
  },
}
