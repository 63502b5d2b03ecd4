import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { DatabaseTarget } from '../../src/server/db/database'

export type TestDialect = 'sqlite' | 'postgres'

export interface TestDatabase {
  dialect: TestDialect
  target: DatabaseTarget
  /** The same database as a DATABASE_URL value, for starting a server process on it. */
  url: string
  drop(): Promise<void>
}

/** The machine's PostgreSQL and the database the tests are given in it. */
export const POSTGRES_URL =
  process.env.MOFU_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/**
 * Each test database is a schema of its own, inside a database of the Vitest worker's own
 * (test_w1, test_w2, … beside the given one), made on first use and kept for later runs. Workers
 * run files at the same time and each worker one file at a time, so no catalog scan ever meets
 * another worker's schema drop: Kysely's migrator lists tables with has_schema_privilege(), which
 * fails with "schema … does not exist" for a schema dropped while the scan runs.
 */
let workerDatabase: Promise<string> | undefined

function workerDatabaseUrl(): Promise<string> {
  workerDatabase ??= (async () => {
    const url = new URL(POSTGRES_URL)
    const name = `${url.pathname.slice(1)}_w${process.env.VITEST_POOL_ID ?? '0'}`
    await withClient(POSTGRES_URL, async (client) => {
      const found = await client.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount !== 0) return
      // Two runs may make it at once: the one that loses finds it made (duplicate_database).
      await client.query(`create database "${name}"`).catch((error: unknown) => {
        if ((error as { code?: string }).code !== '42P04') throw error
      })
    })
    url.pathname = `/${name}`
    return url.toString()
  })()
  return workerDatabase
}

/** The dialect of the Vitest project running this file (see vitest.config.ts). */
export function currentTestDialect(): TestDialect {
  const dialect = process.env.MOFU_TEST_DB
  if (dialect !== 'sqlite' && dialect !== 'postgres') {
    throw new Error('MOFU_TEST_DB must be sqlite or postgres (set by vitest.config.ts)')
  }
  return dialect
}

/** Databases made in this test file and not dropped yet (see leftover-databases.ts). */
const undropped = new Set<string>()

export function undroppedTestDatabases(): string[] {
  return [...undropped]
}

/** A fresh, empty database: a SQLite file in a temporary folder, or a new PostgreSQL schema. */
export async function createTestDatabase(
  dialect: TestDialect = currentTestDialect(),
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-db-'))
    const file = path.join(dir, 'mofu.db')
    undropped.add(file)
    return {
      dialect,
      target: { kind: 'sqlite', file },
      url: `file:${file}`,
      drop: async () => {
        await fs.rm(dir, { recursive: true, force: true })
        undropped.delete(file)
      },
    }
  }
  const databaseUrl = await workerDatabaseUrl()
  const schema = `mofu_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await withClient(databaseUrl, (client) => client.query(`create schema "${schema}"`))
  undropped.add(schema)
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    dialect,
    target: { kind: 'postgres', connectionString: url.toString() },
    url: url.toString(),
    drop: async () => {
      await withClient(databaseUrl, (client) => client.query(`drop schema "${schema}" cascade`))
      undropped.delete(schema)
    },
  }
}

/**
 * A fresh database for a test app, made from the one the run migrated once: on SQLite a copy of
 * its file (sqlite-template.ts), on PostgreSQL a database made with it as template
 * (postgres-template.ts). Either holds the same schema without running every migration again for
 * each app; the migrations themselves run from an empty database in database.test.ts and
 * migration-compatibility.test.ts, and the app still runs them on the copy, finding nothing to do.
 */
export async function createMigratedTestDatabase(
  dialect: TestDialect = currentTestDialect(),
): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    const template = inject('postgresTemplate')
    const base = new URL(POSTGRES_URL).pathname.slice(1)
    const name = `${base}_app_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    await withClient(POSTGRES_URL, (client) =>
      client.query(`create database "${name}" template "${template}"`),
    )
    undropped.add(name)
    const url = databaseUrl(name)
    return {
      dialect,
      target: { kind: 'postgres', connectionString: url },
      url,
      drop: async () => {
        await withClient(POSTGRES_URL, (client) =>
          client.query(`drop database "${name}" with (force)`),
        )
        undropped.delete(name)
      },
    }
  }
  const database = await createTestDatabase(dialect)
  if (database.target.kind === 'sqlite') {
    await fs.copyFile(inject('sqliteTemplate'), database.target.file)
  }
  return database
}

/** The machine's PostgreSQL server's database of that name. */
export function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  return url.toString()
}

export async function withClient<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
