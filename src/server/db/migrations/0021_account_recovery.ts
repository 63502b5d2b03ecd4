import type { Migration } from 'kysely'

export const migration: Migration = {
  // Recovery (auth/account-recovery.ts): a pending change belongs to the session that asked
  // for it and knows when that session's holder first proved who they are; each change of
  // address is remembered for the week its old address may take the account back; and the
  // links that take it back (the old address's, and "This wasn't me" in the activity) are
  // kept by the hash of their code with the moment from which everything is disowned; the
  // account's latest recovery voids every reset link sent before it.
  async up(db) {
    await db.schema.alterTable('email_changes').addColumn('session_id', 'text').execute()
    await db.schema.alterTable('email_changes').addColumn('disown_since', 'text').execute()
    await db.schema
      .createTable('address_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('old_email', 'text', (c) => c.notNull())
      .addColumn('new_email', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addColumn('disown_since', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createIndex('address_changes_user_id')
      .on('address_changes')
      .columns(['user_id', 'changed_at'])
      .execute()
    await db.schema
      .createTable('recovery_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('disown_since', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('account_recoveries')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('recovered_at', 'text', (c) => c.notNull())
      .execute()
  },
}
