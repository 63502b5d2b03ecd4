import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { DatabaseTarget } from '../../src/server/config'

export type TestDialect = 'sqlite' | 'postgres'

export interface TestDatabase {
  dialect: TestDialect
  target: DatabaseTarget
  /** The same database as a DATABASE_URL value, for starting a server process on it. */
  url: string
  drop(): Promise<void>
}

/** The PostgreSQL every test run uses; each run gets a schema of its own inside it. */
export const POSTGRES_URL =
  process.env.MOFU_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

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
  const schema = `mofu_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await withClient((client) => client.query(`create schema "${schema}"`))
  undropped.add(schema)
  const url = new URL(POSTGRES_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    dialect,
    target: { kind: 'postgres', connectionString: url.toString() },
    url: url.toString(),
    drop: async () => {
      await withClient((client) => client.query(`drop schema "${schema}" cascade`))
      undropped.delete(schema)
    },
  }
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
