import { sql, type Migration } from 'kysely'
import type { MigrationInputs } from './inputs'

export function migration({ uniqueSlug }: MigrationInputs): Migration {
  return {
    // Public folders (board/public-folders.ts): whether anyone may see a folder, the slug of
    // its address (unique per user), and the slugs it had before a rename, which lead to it.
    // Existing folders stay private and get their slugs in the order they were made.
    async up(db) {
      await db.schema
        .alterTable('folders')
        .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .alterTable('folders')
        .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      const folders = await sql<{ id: string; user_id: string; name: string }>`
        select id, user_id, name from folders order by user_id, created_at, id`.execute(db)
      const taken = new Map<string, Set<string>>()
      for (const folder of folders.rows) {
        const slugs = taken.get(folder.user_id) ?? new Set<string>()
        taken.set(folder.user_id, slugs)
        const slug = uniqueSlug(folder.name, slugs)
        slugs.add(slug)
        await sql`update folders set slug = ${slug} where id = ${folder.id}`.execute(db)
      }
      await db.schema
        .createIndex('folders_user_id_slug')
        .on('folders')
        .columns(['user_id', 'slug'])
        .unique()
        .execute()
      await db.schema
        .createTable('folder_slugs')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('folder_id', 'text', (c) =>
          c.notNull().references('folders.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('folder_slugs_pkey', ['user_id', 'slug'])
        .execute()
      await db.schema
        .createIndex('folder_slugs_folder_id')
        .on('folder_slugs')
        .column('folder_id')
        .execute()
    },
  }
}
