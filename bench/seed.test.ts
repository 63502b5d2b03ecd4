import { afterEach, describe, expect, it } from 'vitest'
import { handleSkeleton } from '../src/shared/handle-skeleton'
import { openDatabase, type Database } from '../src/server/db/database'
import { migrateToLatest } from '../src/server/db/migrations'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database'
import { postgresSeeder, seededHandle, sqliteSeeder, type Seeder } from './seed'

/** The bench's users look like the app's own: the handle lookups then walk the same indexes. */
describe.each(['sqlite', 'postgres'] as const)('seeded users on %s', (dialect) => {
  let target: TestDatabase | undefined
  let database: Database | undefined
  afterEach(async () => {
    await database?.db.destroy()
    await target?.drop()
  })

  it('carry the skeleton the app would store for their handle', async () => {
    target = await createTestDatabase(dialect)
    database = openDatabase(target.target)
    await migrateToLatest(database)
    const seeder: Seeder =
      target.target.kind === 'sqlite'
        ? sqliteSeeder(target.target.file)
        : await postgresSeeder(target.target.connectionString)
    try {
      await seeder.seed(1, 120)
    } finally {
      await seeder.close()
    }
    const rows = await database.db
      .selectFrom('profiles')
      .select(['username', 'handle_skeleton'])
      .orderBy('user_id')
      .execute()
    expect(rows).toHaveLength(120)
    for (const row of rows) expect(row.handle_skeleton).toBe(handleSkeleton(row.username ?? ''))
    expect(rows.map((row) => row.username)).toContain(seededHandle(105))
  })
})
