import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/database'
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations'
import { previousRelease } from '../support/previous-release'
import { createTestDatabase } from '../support/test-database'

/**
 * The rule that lets instances be rolled one at a time (docs/scaling-out.md "Rolling out a new
 * version"): the migrations added since the previous release leave a schema that release still
 * runs on. Its tables and columns stay, with their types; a column that took no value may not
 * start to require one; a column added to one of its tables takes a value of its own (nullable
 * or with a default), since the previous release's inserts do not name it. The previous release
 * is the newest one in CHANGELOG.md, and its migrations are read from git at the commit named
 * there.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The migrations a commit has, by name, in the order they run. */
function migrationsAt(commit: string): string[] {
  const found = execFileSync(
    'git',
    ['grep', '-h', '-o', '-E', "'[0-9]{4}_[a-z0-9_]+'\\s*:", commit, '--', 'src'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  return [...found.matchAll(/'([0-9]{4}_[a-z0-9_]+)'/g)].map((match) => match[1] ?? '').sort()
}

interface Column {
  dataType: string
  isNullable: boolean
  hasDefaultValue: boolean
}

/** Every column of the database's own tables, as `table.column`. */
async function columnsOf(database: Database): Promise<Map<string, Column>> {
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db))
          .rows[0]?.schema
      : undefined
  const tables = await database.db.introspection.getTables()
  return new Map(
    tables
      .filter((table) => table.schema === schema)
      .flatMap((table) =>
        table.columns.map(({ name, dataType, isNullable, hasDefaultValue }): [string, Column] => [
          `${table.name}.${name}`,
          { dataType, isNullable, hasDefaultValue },
        ]),
      ),
  )
}

/** What the previous release's schema lost or now demands, each problem in words. */
function breaks(before: Map<string, Column>, after: Map<string, Column>): string[] {
  const tablesBefore = new Set([...before.keys()].map((key) => key.split('.')[0]))
  const problems: string[] = []
  for (const [key, old] of before) {
    const now = after.get(key)
    if (now === undefined) problems.push(`${key} is gone (dropped or renamed)`)
    else if (now.dataType !== old.dataType) {
      problems.push(`${key} changed type from ${old.dataType} to ${now.dataType}`)
    } else if (old.isNullable && !now.isNullable) problems.push(`${key} no longer takes null`)
  }
  for (const [key, now] of after) {
    const added = !before.has(key) && tablesBefore.has(key.split('.')[0])
    if (added && !now.isNullable && !now.hasDefaultValue) {
      problems.push(`${key} is new, requires a value and has no default`)
    }
  }
  return problems
}

const closes: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closes.splice(0).reverse()) await close()
})

async function freshDatabase(): Promise<Database> {
  const testDatabase = await createTestDatabase()
  const database = openDatabase(testDatabase.target)
  closes.push(testDatabase.drop, database.close)
  return database
}

describe('the migrations since the previous release', () => {
  it('leave a schema the previous release still runs on, each of them', async () => {
    const { version, commit } = previousRelease()
    const released = migrationsAt(commit)
    const last = released.at(-1)
    expect(last, `release ${version} has migrations`).toBeDefined()

    const latest = await migrateToLatest(await freshDatabase())
    const all = (latest.results ?? []).map((step) => step.migrationName)
    expect(all.slice(0, released.length), `${version}'s migrations, unchanged, come first`).toEqual(
      released,
    )

    const database = await freshDatabase()
    await migrateTo(database, last ?? '')
    const theirs = await columnsOf(database)
    expect(theirs.size).toBeGreaterThan(0)
    // Each problem named once, at the migration that made it.
    const problems = new Map<string, string>()
    for (const name of all.slice(released.length)) {
      await migrateTo(database, name)
      for (const text of breaks(theirs, await columnsOf(database))) {
        if (!problems.has(text)) problems.set(text, `${name}: ${text}`)
      }
    }
    expect([...problems.values()], `migrations that break release ${version}`).toEqual([])
  })
})
