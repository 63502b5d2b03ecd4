import { afterEach, describe, expect, it } from 'vitest'
import { handleSkeleton } from '../src/shared/handle-skeleton'
import { openDatabase, type Database } from '../src/server/db/database'
import { migrateToLatest } from '../src/server/db/migrate'
import { boardOf } from '../src/server/board/board-reads'
import { catalogStore } from '../src/server/catalog/catalog-store'
import { dataFile } from '../tests/support/bangumi-data-file'
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database'
import {
  postgresSeeder,
  seededFolderName,
  seededHandle,
  seedSqliteBoard,
  sqliteSeeder,
  type Seeder,
} from './seed'

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

/** The board Lighthouse and the drag measure reads back through the app's own store. */
describe('a seeded board', () => {
  let target: TestDatabase | undefined
  let database: Database | undefined
  afterEach(async () => {
    await database?.db.destroy()
    await target?.drop()
  })

  it('holds every title once, dealt over the folders in order', async () => {
    target = await createTestDatabase('sqlite')
    database = openDatabase(target.target)
    await migrateToLatest(database)
    if (target.target.kind !== 'sqlite') throw new Error('a SQLite database was asked for')
    const titles = Array.from({ length: 12 }, (_, i) => ({
      title: `作品${i + 1}`,
      sites: [{ site: 'bangumi', id: String(i + 1) }],
    }))
    await catalogStore(database).load({
      source: 'import',
      version: 'test',
      bytes: dataFile(titles),
    })
    const seeder = sqliteSeeder(target.target.file)
    try {
      await seeder.seed(1, 1)
    } finally {
      await seeder.close()
    }
    const ids = titles.map((_, i) => `bgm-${i + 1}`)
    seedSqliteBoard(target.target.file, 'seed1', ids, { likes: 12, folders: 3 })

    const board = await boardOf(database.db, 'seed1')
    expect(board.folders.map((folder) => folder.name)).toEqual([1, 2, 3].map(seededFolderName))
    const inFolder = (n: number) =>
      board.likes
        .filter((like) => like.folderId === board.folders[n]?.id)
        .map((like) => like.anime.id)
    expect([0, 1, 2].map(inFolder)).toEqual([
      ['bgm-1', 'bgm-4', 'bgm-7', 'bgm-10'],
      ['bgm-2', 'bgm-5', 'bgm-8', 'bgm-11'],
      ['bgm-3', 'bgm-6', 'bgm-9', 'bgm-12'],
    ])
  })
})
