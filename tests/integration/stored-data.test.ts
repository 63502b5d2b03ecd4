import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/database'
import { migrateToLatest } from '../../src/server/db/migrate'
import { STORED_DATA, TABLE_CONTENTS } from '../../src/shared/stored-data'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

/**
 * The privacy page describes every kind of data Mofu keeps (src/shared/stored-data.ts): here
 * that list meets the tables the migrations make, so a table cannot be added without saying what
 * of a person it holds, or that it holds nothing personal.
 */

let testDatabase: TestDatabase
let database: Database

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = openDatabase(testDatabase.target)
  await migrateToLatest(database)
})
afterAll(async () => {
  await database.close()
  await testDatabase.drop()
})

/** The tables of the database's own schema. */
async function tablesOf({ db, dialect }: Database): Promise<string[]> {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  return tables.filter((table) => table.schema === schema).map((table) => table.name)
}

it('describes every table the migrations make, and no table that is not there', async () => {
  const tables = (await tablesOf(database)).sort()
  expect(tables.length).toBeGreaterThan(10)
  expect(Object.keys(TABLE_CONTENTS).sort()).toEqual(tables)
})

it('has a table for every kind of data the privacy page describes', () => {
  const held = new Set(Object.values(TABLE_CONTENTS))
  expect(STORED_DATA.filter((kind) => !held.has(kind))).toEqual([])
})
