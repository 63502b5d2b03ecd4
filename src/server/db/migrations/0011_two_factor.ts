import { sql, type Migration } from 'kysely'
import { authColumnTypes, type MigrationInputs } from './inputs'

export function migration({ dialect }: MigrationInputs): Migration {
  const { bool, date } = authColumnTypes(dialect)
  return {
    // Better Auth's two-factor plugin: its flag on the user and its table (the TOTP secret and
    // the backup codes, both encrypted with the auth secret), as its schema generator writes
    // them. totp_last_steps is Mofu's: the newest 30-second step each user has signed in
    // with, so a code is accepted once (auth/two-factor-codes.ts).
    async up(db) {
      await db.schema
        .alterTable('user')
        .addColumn('twoFactorEnabled', bool, (c) => c.defaultTo(sql.lit(false)))
        .execute()
      await db.schema
        .createTable('twoFactor')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('backupCodes', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('verified', bool, (c) => c.defaultTo(sql.lit(true)))
        .addColumn('failedVerificationCount', 'integer', (c) => c.defaultTo(0))
        .addColumn('lockedUntil', date)
        .execute()
      await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute()
      await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute()
      await db.schema
        .createTable('totp_last_steps')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('user.id').onDelete('cascade'),
        )
        .addColumn('step', 'bigint', (c) => c.notNull())
        .execute()
    },
  }
}
