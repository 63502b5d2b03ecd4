import { Migrator, sql, type Migration, type MigrationResultSet } from 'kysely'
import { uniqueSlug } from '../../shared/board'
import { SKELETON_REPLACEMENTS } from '../../shared/handle-skeleton'
import { PAGE_VIEW_PATH_MAX } from '../../shared/page-view'
import type { Database, DialectName } from './database'
import { makeMigrations } from './migrations/index'

/**
 * The one migration set (migrations/) for a dialect. Kysely's migrator records what ran in
 * `kysely_migration` and serialises concurrent runs (PostgreSQL advisory lock; SQLite BEGIN
 * IMMEDIATE, see database.ts), so starting two instances at once is safe.
 */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return makeMigrations({
    dialect,
    pageViewPathMax: PAGE_VIEW_PATH_MAX,
    skeletonReplacements: SKELETON_REPLACEMENTS,
    uniqueSlug,
  })
}

/** A migration of a later release, found applied: its schema is one this release runs on. */
const APPLIED_BY_A_LATER_RELEASE: Migration = { up: () => Promise.resolve() }

/**
 * This release's migrations, and as applied each one the database ran that sorts after all of
 * them: a later release's, met when an operator goes back a release (docs/scaling-out.md
 * "Rolling out a new version"), whose schema this one still runs on. An unknown migration among
 * this release's own is another history, and Kysely's migrator refuses it.
 */
async function knownAndLater(
  { db, dialect }: Database,
  schema: string | undefined,
): Promise<Record<string, Migration>> {
  const known = migrationsFor(dialect)
  const last = Object.keys(known).sort().at(-1) ?? ''
  const migrationTable = schema === undefined ? 'kysely_migration' : `${schema}.kysely_migration`
  const applied = await sql<{ name: string }>`select name from ${sql.table(migrationTable)}`
    .execute(db)
    .then((result) => result.rows)
    // A database no migration has run on yet has no table to read.
    .catch(() => [])
  const later = applied.map((row) => row.name).filter((name) => name > last)
  return {
    ...known,
    ...Object.fromEntries(later.map((name) => [name, APPLIED_BY_A_LATER_RELEASE])),
  }
}

function createMigrator(
  db: Database['db'],
  migrations: Record<string, Migration>,
  schema: string | undefined,
): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Kysely looks for its bookkeeping tables in every schema unless told which one; name the
    // connection's own schema so databases that share a server (one schema each) stay apart.
    migrationTableSchema: schema,
  })
}

export function migrateToLatest(database: Database): Promise<MigrationResultSet> {
  return migrate(database, (migrator) => migrator.migrateToLatest())
}

/** Up to and including `name`, as a database of an older release is (for upgrade tests). */
export function migrateTo(database: Database, name: string): Promise<MigrationResultSet> {
  return migrate(database, (migrator) => migrator.migrateTo(name))
}

async function migrate(
  database: Database,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const schema = database.dialect === 'postgres' ? await currentSchema(database.db) : undefined
  // Read before the migrator takes its lock: on SQLite that lock holds the one connection.
  const migrations = await knownAndLater(database, schema)
  const result = await run(createMigrator(database.db, migrations, schema))
  if (result.error !== undefined) {
    const failed = result.results?.find((step) => step.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed`, {
      cause: result.error,
    })
  }
  return result
}

async function currentSchema(db: Database['db']): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  )
  const schema = rows[0]?.schema
  if (schema === undefined || schema === null) {
    throw new Error('PostgreSQL has no current schema: check search_path in DATABASE_URL')
  }
  return schema
}
