import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/database'
import { preparedStatement } from '../../src/server/db/prepared'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

/**
 * Statements compiled once and run in transactions (db/prepared.ts preparedStatement): each call
 * binds its own values, one statement serves a SQLite and a PostgreSQL database in the same
 * process with each one's SQL, and a statement whose values would not be bound is refused. It
 * opens both databases itself, so it runs once (vitest.config.ts DIALECT_FREE).
 */

const opened: { database: Database; testDatabase: TestDatabase }[] = []

beforeAll(async () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const testDatabase = await createTestDatabase(dialect)
    const database = openDatabase(testDatabase.target)
    opened.push({ database, testDatabase })
    await sql`create table rate_limits (key text primary key, count integer not null, expires_at bigint not null)`.execute(
      database.db,
    )
  }
})

afterAll(async () => {
  for (const { database, testDatabase } of opened) {
    await database.close()
    await testDatabase.drop()
  }
})

const insert = preparedStatement(['key', 'count'], (trx, { key, count }) =>
  trx.insertInto('rate_limits').values({ key, count: sql<number>`${count}`, expires_at: 1_000 }),
)
const countOf = preparedStatement(['key'], (trx, { key }) =>
  trx.selectFrom('rate_limits').select(['count', 'expires_at']).where('key', '=', key),
)

it('binds each call’s values into the SQL compiled once, on SQLite and PostgreSQL alike', async () => {
  for (const { database } of opened) {
    const rows = await database.db.transaction().execute(async (trx) => {
      const first = await insert(trx, { key: 'a', count: 3 })
      await insert(trx, { key: 'b', count: 7 })
      expect(first.numAffectedRows).toBe(1n)
      return [(await countOf(trx, { key: 'b' })).rows, (await countOf(trx, { key: 'a' })).rows]
    })
    // The fixed value (expires_at) is bound as it was built; the named ones as each call gave.
    expect(
      rows.map((found) => found.map((row) => [Number(row.count), Number(row.expires_at)])),
    ).toEqual([[[7, 1_000]], [[3, 1_000]]])
    expect((await database.db.selectFrom('rate_limits').select('key').execute()).length).toBe(2)
  }
})

it('refuses a value written into the SQL text, or one the statement never uses', async () => {
  const written = preparedStatement(['key'], (trx, { key }) =>
    trx
      .selectFrom('rate_limits')
      .select('count')
      .where(sql.raw<boolean>(`key = '${key}'`)),
  )
  const unused = preparedStatement(['key', 'count'], (trx, { key }) =>
    trx.selectFrom('rate_limits').select('count').where('key', '=', key),
  )
  for (const { database } of opened) {
    await database.db.transaction().execute(async (trx) => {
      await expect(written(trx, { key: 'a' })).rejects.toThrow(
        'the value key is written into the statement’s SQL, not bound',
      )
      await expect(unused(trx, { key: 'a', count: 1 })).rejects.toThrow(
        'the statement never uses the value count',
      )
    })
  }
})
