import { sql, type Migration } from 'kysely'
import type { MigrationInputs } from './inputs'

export function migration({ pageViewPathMax }: MigrationInputs): Migration {
  return {
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
        select substr(path, 1, ${sql.lit(pageViewPathMax)}), substr(viewed_at, 1, 10), count(*)
        from page_views
        group by substr(path, 1, ${sql.lit(pageViewPathMax)}), substr(viewed_at, 1, 10)
      `.execute(db)
      await db.schema.dropTable('page_views').execute()
    },
  }
}
