import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { POSTGRES_URL } from '../tests/support/test-database'
import { handlePaths } from './handles'
import { BROWSER_API_HEADERS, cycling, warmThenRun, type LoadFigures } from './load'
import { startApp } from './processes'
import { postgresSeeder, sqliteSeeder, type Seeder } from './seed'
import type { BenchSettings } from './settings'
import { timed } from './stats'

export type ScaleDialect = 'sqlite' | 'postgres'

export interface ScalePoint {
  dialect: ScaleDialect
  users: number
  /** Seconds to seed the users added for this point. */
  seedSeconds: number
  figures: LoadFigures
}

interface ScaleDatabase {
  dataDir: string
  /** Environment that points the server at this database. */
  env: Record<string, string>
  seeder(): Promise<Seeder>
  drop(): Promise<void>
}

async function sqliteDatabase(): Promise<ScaleDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-bench-sqlite-'))
  return {
    dataDir,
    env: {},
    seeder: async () => sqliteSeeder(path.join(dataDir, 'mofu.db')),
    drop: () => fs.rm(dataDir, { recursive: true, force: true }),
  }
}

/** A database of its own on the test PostgreSQL server, dropped afterwards. */
async function postgresDatabase(): Promise<ScaleDatabase> {
  const name = `mofu_bench_${Date.now().toString(36)}_${process.pid}`
  await asAdmin(`CREATE DATABASE "${name}"`)
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-bench-pg-'))
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    seeder: () => postgresSeeder(url.toString()),
    async drop() {
      await asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * Handle lookups on one dialect as the user count grows: the server migrates a new database
 * and stops, users are seeded with SQL up to each count, and a freshly started server is
 * measured on lookups of taken and free handles spread across all users.
 */
async function measureDialect(
  dialect: ScaleDialect,
  main: string,
  settings: BenchSettings,
): Promise<ScalePoint[]> {
  const database = dialect === 'sqlite' ? await sqliteDatabase() : await postgresDatabase()
  try {
    await (await startApp(main, database.dataDir, database.env)).stop()
    const points: ScalePoint[] = []
    let seeded = 0
    for (const users of settings.scaleUsers) {
      const seeder = await database.seeder()
      const seedMs = await timed(() => seeder.seed(seeded + 1, users)).finally(() => seeder.close())
      seeded = users
      const app = await startApp(main, database.dataDir, database.env)
      try {
        const load = cycling(handlePaths(users), BROWSER_API_HEADERS, 200)
        const figures = await warmThenRun(app.url, load, settings)
        points.push({ dialect, users, seedSeconds: seedMs / 1000, figures })
      } finally {
        await app.stop()
      }
    }
    return points
  } finally {
    await database.drop()
  }
}

export async function measureScale(main: string, settings: BenchSettings): Promise<ScalePoint[]> {
  return [
    ...(await measureDialect('sqlite', main, settings)),
    ...(await measureDialect('postgres', main, settings)),
  ]
}
