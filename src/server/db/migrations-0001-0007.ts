import { sql, type Migration } from 'kysely'
import { PAGE_VIEW_PATH_MAX } from '../../shared/page-view'
import type { DialectName } from './database'

/** Migrations 0001 to 0007: the first tables, Better Auth's, profiles, limits (see migrations.ts). */
export function migrations0001To0007(dialect: DialectName): Record<string, Migration> {
  // Better Auth reads booleans and dates as each dialect stores them natively.
  const bool = dialect === 'postgres' ? 'boolean' : 'integer'
  const date = dialect === 'postgres' ? 'timestamptz' : 'date'
  return {
    '0001_instance_settings': {
      async up(db) {
        await db.schema
          .createTable('instance_settings')
          .addColumn('key', 'text', (column) => column.primaryKey())
          .addColumn('value', 'text', (column) => column.notNull())
          .execute()
      },
    },
    '0002_page_views': {
      async up(db) {
        await db.schema
          .createTable('page_views')
          .addColumn('path', 'text', (column) => column.notNull())
          .addColumn('referrer', 'text')
          .addColumn('viewed_at', 'text', (column) => column.notNull())
          .execute()
        await db.schema
          .createIndex('page_views_viewed_at')
          .on('page_views')
          .column('viewed_at')
          .execute()
      },
    },
    '0003_auth': {
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
    },
    '0004_profiles': {
      // username holds the lowercase handle or NULL (no handle yet): the unique index then
      // makes handles unique in the database itself, however many users have none.
      async up(db) {
        await db.schema
          .createTable('profiles')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('username', 'text')
          .addColumn('display_username', 'text')
          .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('font', 'text', (c) => c.notNull().defaultTo('default'))
          .addColumn('pin_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_pin_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('pin_reset_at', 'text')
          .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('profiles_username_key')
          .on('profiles')
          .column('username')
          .unique()
          .execute()
      },
    },
    '0005_avatar_version': {
      // The profile kept the avatar's whole URL, origin included, so a new PUBLIC_URL broke
      // every avatar. It now keeps only the image's version (its ?v=) and the URL is built
      // when answering. A value that names no version counts as no avatar.
      async up(db) {
        await db.schema
          .alterTable('profiles')
          .addColumn('avatar_version', 'text', (c) => c.notNull().defaultTo(''))
          .execute()
        const rows = await db
          .selectFrom('profiles')
          .select(['user_id', 'avatar'])
          .where('avatar', '!=', '')
          .execute()
        for (const row of rows as { user_id: string; avatar: string }[]) {
          const version = /\?v=([0-9a-f]{16})$/.exec(row.avatar)?.[1]
          if (version === undefined) continue
          await db
            .updateTable('profiles')
            .set({ avatar_version: version })
            .where('user_id', '=', row.user_id)
            .execute()
        }
        await db.schema.alterTable('profiles').dropColumn('avatar').execute()
      },
    },
    '0006_page_view_counts': {
      // One row per path and day instead of one per view, so a flood of views cannot fill the
      // disk; the views kept so far become counts (the referrer is no longer kept).
      async up(db) {
        await db.schema
          .createTable('page_view_counts')
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('views', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('page_view_counts_pkey', ['path', 'day'])
          .execute()
        await sql`
          insert into page_view_counts (path, day, views)
          select substr(path, 1, ${sql.lit(PAGE_VIEW_PATH_MAX)}), substr(viewed_at, 1, 10), count(*)
          from page_views
          group by substr(path, 1, ${sql.lit(PAGE_VIEW_PATH_MAX)}), substr(viewed_at, 1, 10)
        `.execute(db)
        await db.schema.dropTable('page_views').execute()
      },
    },
    '0007_rate_limits': {
      // Mofu's own limits (src/server/http/limiter.ts) when there is no Redis. Better Auth's
      // rateLimit table keeps a row per address for good; these rows expire and are swept.
      async up(db) {
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('rate_limits_expires_at')
          .on('rate_limits')
          .column('expires_at')
          .execute()
      },
    },
  }
}
