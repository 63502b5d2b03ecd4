import type { Migration } from 'kysely'

export const migration: Migration = {
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
}
