import type { Migration } from 'kysely'
import { authColumnTypes, type MigrationInputs } from './inputs'

export function migration({ dialect }: MigrationInputs): Migration {
  const { bool, date } = authColumnTypes(dialect)
  return {
    // The tables of Better Auth (user, session, account, verification, rateLimit), as its own
    // schema generator writes them, so they live in the one migration set.
    async up(db) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute()
      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute()
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute()
      await db.schema
        .createIndex('verification_identifier_idx')
        .on('verification')
        .column('identifier')
        .execute()
    },
  }
}
