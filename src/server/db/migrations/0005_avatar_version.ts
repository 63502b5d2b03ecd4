import type { Migration } from 'kysely'

export const migration: Migration = {
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
}
