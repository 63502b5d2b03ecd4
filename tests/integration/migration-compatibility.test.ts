import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/database'
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate'
import { previousRelease } from '../support/previous-release'
import { createTestDatabase } from '../support/test-database'

/**
 * The rule that lets instances be rolled one at a time (docs/scaling-out.md "Rolling out a new
 * version"): the migrations added since the previous release leave a schema that release still
 * runs on. Its tables and columns stay, with their types and defaults; a column that took no
 * value may not start to require one; its primary keys, indexes, unique constraints, checks and
 * foreign keys stay as they were; a column added to one of its tables takes a value of its own
 * (nullable or with a default), since the previous release's inserts do not name it, and no new
 * unique index, check or foreign key bears on a column it writes. The previous release is the
 * newest one in CHANGELOG.md, and its migrations are read from git at the commit named there.
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
  type: string
  isNullable: boolean
  /** As the database prints it (`''`, `0`, `'[]'::text`), null for none. */
  default: string | null
}

/**
 * Anything else of a table that its writes meet or its reads lean on: its primary key, an index,
 * a unique constraint, a check or a foreign key.
 */
interface Rule {
  table: string
  /** Whether it can refuse a write: all but a plain index. */
  refuses: boolean
  /** The table's columns it bears on. */
  columns: string[]
  /** As the database states it, without the test schema's name. */
  definition: string
}

/** A database's own tables: their columns by `table.column`, and their rules by name. */
interface Schema {
  columns: Map<string, Column>
  rules: Map<string, Rule>
}

/** The columns among `columns` that `text` (an expression, a definition) names. */
const named = (text: string, columns: string[]) =>
  columns.filter((column) => new RegExp(`(^|[^\\w])"?${column}"?($|[^\\w])`).test(text))

/**
 * The checks a CREATE TABLE statement of SQLite holds, column and table ones alike, as written
 * (SQLite keeps them nowhere else): each `check (…)` outside quotes, its parentheses balanced.
 */
function checksIn(createTable: string): string[] {
  const checks: string[] = []
  let quote: string | null = null
  for (let at = 0; at < createTable.length; at++) {
    const char = createTable[at] ?? ''
    if (quote !== null) {
      if (char === quote) quote = null
      continue
    }
    if (`'"\`[`.includes(char)) {
      quote = char === '[' ? ']' : char
      continue
    }
    const found = /^check\s*\(/i.exec(createTable.slice(at))
    if (found === null || /\w/.test(createTable[at - 1] ?? '')) continue
    let depth = 0
    let end = at + found[0].length - 1
    for (let inQuote: string | null = null; end < createTable.length; end++) {
      const inner = createTable[end] ?? ''
      if (inQuote !== null) {
        if (inner === inQuote) inQuote = null
      } else if (`'"\``.includes(inner)) inQuote = inner
      else if (inner === '(') depth++
      else if (inner === ')' && --depth === 0) break
    }
    checks.push(createTable.slice(at, end + 1).replace(/\s+/g, ' '))
    at = end
  }
  return checks
}

/** SQLite's schema, from its pragmas and the statements sqlite_master keeps. */
async function sqliteSchema({ db }: Database): Promise<Schema> {
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows
  const schema: Schema = { columns: new Map(), rules: new Map() }
  const tables = await rows<{ name: string; sql: string }>(
    sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`,
  )
  for (const table of tables) {
    const info = await rows<{
      name: string
      type: string
      notnull: number
      dflt_value: string | null
      pk: number
    }>(sql`select * from pragma_table_info(${table.name})`)
    const names = info.map(({ name }) => name)
    for (const column of info) {
      schema.columns.set(`${table.name}.${column.name}`, {
        type: column.type.toLowerCase(),
        isNullable: column.notnull === 0 && column.pk === 0,
        default: column.dflt_value,
      })
    }
    const key = info.filter(({ pk }) => pk > 0).toSorted((a, b) => a.pk - b.pk)
    if (key.length > 0) {
      const columns = key.map(({ name }) => name)
      schema.rules.set(`primary key of ${table.name}`, {
        table: table.name,
        refuses: true,
        columns,
        definition: `(${columns.join(', ')})`,
      })
    }
    const indexes = await rows<{ name: string; unique: number; origin: string }>(
      sql`select * from pragma_index_list(${table.name})`,
    )
    for (const index of indexes.filter(({ origin }) => origin !== 'pk')) {
      const parts = await rows<{ name: string | null }>(
        sql`select name from pragma_index_info(${index.name}) order by seqno`,
      )
      const [statement] = await rows<{ sql: string | null }>(
        sql`select sql from sqlite_master where type = 'index' and name = ${index.name}`,
      )
      const definition = (statement?.sql ?? '').replace(/\s+/g, ' ')
      const columns = parts.some(({ name }) => name === null)
        ? named(definition, names)
        : parts.map(({ name }) => name ?? '')
      // A UNIQUE in CREATE TABLE: SQLite numbers its index by position, so it goes by its columns.
      const name =
        index.origin === 'u'
          ? `unique (${columns.join(', ')}) on ${table.name}`
          : `index ${index.name} on ${table.name}`
      schema.rules.set(name, {
        table: table.name,
        refuses: index.unique === 1,
        columns,
        definition: index.origin === 'u' ? name : definition,
      })
    }
    const references = await rows<{
      id: number
      table: string
      from: string
      to: string
      on_update: string
      on_delete: string
    }>(sql`select * from pragma_foreign_key_list(${table.name}) order by id, seq`)
    for (const id of new Set(references.map((reference) => reference.id))) {
      const parts = references.filter((reference) => reference.id === id)
      const [first] = parts
      const from = parts.map((part) => part.from)
      schema.rules.set(`foreign key ${table.name} (${from.join(', ')}) to ${first?.table ?? ''}`, {
        table: table.name,
        refuses: true,
        columns: from,
        definition:
          `references ${first?.table ?? ''} (${parts.map((part) => part.to).join(', ')}) on update ${first?.on_update ?? ''} on delete ${first?.on_delete ?? ''}`.toLowerCase(),
      })
    }
    for (const check of checksIn(table.sql)) {
      schema.rules.set(`check ${check.replace(/^check\s*/i, '')} on ${table.name}`, {
        table: table.name,
        refuses: true,
        columns: named(check, names),
        definition: check,
      })
    }
  }
  return schema
}

const CONSTRAINT_KINDS: Record<string, string> = {
  p: 'primary key',
  u: 'unique constraint',
  c: 'check',
  f: 'foreign key',
  x: 'exclusion constraint',
}

/** PostgreSQL's schema (the test's own), from information_schema and pg_catalog. */
async function postgresSchema({ db }: Database): Promise<Schema> {
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows
  const [{ schema: own = '' } = {}] = await rows<{ schema: string }>(
    sql`select current_schema() as schema`,
  )
  const unqualified = (definition: string) =>
    definition.replaceAll(`${own}.`, '').replaceAll(`"${own}".`, '')
  const schema: Schema = { columns: new Map(), rules: new Map() }
  const columns = await rows<{
    table_name: string
    column_name: string
    type: string
    is_nullable: string
    column_default: string | null
  }>(
    // The type as declared, its length or precision with it (information_schema has it apart).
    sql`select c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) as type,
        c.is_nullable, c.column_default
      from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      join pg_attribute a on a.attname = c.column_name
        and a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`,
  )
  for (const column of columns) {
    schema.columns.set(`${column.table_name}.${column.column_name}`, {
      type: column.type,
      isNullable: column.is_nullable === 'YES',
      default: column.column_default === null ? null : unqualified(column.column_default),
    })
  }
  const constraints = await rows<{
    name: string
    kind: string
    table: string
    columns: string[] | null
    definition: string
  }>(
    sql`select con.conname as name, con.contype as kind, rel.relname as table,
        (select array_agg(attname::text) from pg_attribute
          where attrelid = con.conrelid and attnum = any(con.conkey)) as columns,
        pg_get_constraintdef(con.oid) as definition
      from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      join pg_namespace ns on ns.oid = rel.relnamespace
      where ns.nspname = current_schema() and con.contype in ('p', 'u', 'c', 'f', 'x')`,
  )
  for (const constraint of constraints) {
    schema.rules.set(
      `${CONSTRAINT_KINDS[constraint.kind] ?? constraint.kind} ${constraint.name} on ${constraint.table}`,
      {
        table: constraint.table,
        refuses: true,
        columns: constraint.columns ?? [],
        definition: unqualified(constraint.definition),
      },
    )
  }
  // The indexes of their own: a primary key's or a unique constraint's is the constraint.
  const indexes = await rows<{
    name: string
    table: string
    unique: boolean
    columns: string[] | null
    definition: string
  }>(
    sql`select idx.relname as name, rel.relname as table, ix.indisunique as unique,
        (select array_agg(attname::text) from pg_attribute
          where attrelid = ix.indrelid and attnum = any(ix.indkey)) as columns,
        pg_get_indexdef(ix.indexrelid) as definition
      from pg_index ix
      join pg_class idx on idx.oid = ix.indexrelid
      join pg_class rel on rel.oid = ix.indrelid
      join pg_namespace ns on ns.oid = rel.relnamespace
      where ns.nspname = current_schema()
        and not exists (select 1 from pg_constraint con where con.conindid = ix.indexrelid)`,
  )
  for (const index of indexes) {
    const definition = unqualified(index.definition)
    const tableColumns = columns
      .filter((column) => column.table_name === index.table)
      .map((column) => column.column_name)
    schema.rules.set(`index ${index.name} on ${index.table}`, {
      table: index.table,
      refuses: index.unique,
      // An expression's columns are not among indkey's (0 stands for each).
      columns: [...new Set([...(index.columns ?? []), ...named(definition, tableColumns)])],
      definition,
    })
  }
  return schema
}

const schemaOf = (database: Database) =>
  database.dialect === 'postgres' ? postgresSchema(database) : sqliteSchema(database)

/** What the previous release's schema lost, had changed or now demands, each problem in words. */
function breaks(before: Schema, after: Schema): string[] {
  const tablesBefore = new Set([...before.columns.keys()].map((key) => key.split('.')[0]))
  const problems: string[] = []
  for (const [key, old] of before.columns) {
    const now = after.columns.get(key)
    if (now === undefined) problems.push(`${key} is gone (dropped or renamed)`)
    else if (now.type !== old.type) {
      problems.push(`${key} changed type from ${old.type} to ${now.type}`)
    } else if (old.isNullable && !now.isNullable) problems.push(`${key} no longer takes null`)
    else if (now.default !== old.default) {
      problems.push(
        `${key} changed its default from ${old.default ?? 'none'} to ${now.default ?? 'none'}`,
      )
    }
  }
  for (const [key, now] of after.columns) {
    const added = !before.columns.has(key) && tablesBefore.has(key.split('.')[0])
    if (added && !now.isNullable && now.default === null) {
      problems.push(`${key} is new, requires a value and has no default`)
    }
  }
  for (const [name, old] of before.rules) {
    const now = after.rules.get(name)
    if (now === undefined) problems.push(`${name} is gone (dropped or renamed)`)
    else if (now.definition !== old.definition) {
      problems.push(`${name} changed from ${old.definition} to ${now.definition}`)
    }
  }
  // A rule that may refuse a write, new on columns the release writes: its writes do not expect it.
  for (const [name, now] of after.rules) {
    const theirs = now.columns.filter((column) => before.columns.has(`${now.table}.${column}`))
    if (!before.rules.has(name) && now.refuses && theirs.length > 0) {
      problems.push(`${name} is new and may refuse the release's writes of ${theirs.join(', ')}`)
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
    const theirs = await schemaOf(database)
    // Each kind of rule is read, or a migration that drops one would go unseen.
    expect(
      [...theirs.columns.values()].filter((column) => column.default !== null).length,
    ).toBeGreaterThan(0)
    const kinds = [...theirs.rules.keys()].map((name) => /^\w+( key)?/.exec(name)?.[0])
    expect(new Set(kinds)).toEqual(
      new Set(['primary key', 'foreign key', 'index', 'unique', 'check']),
    )
    expect(
      [...theirs.rules.entries()].filter(([name, rule]) => name.startsWith('index') && rule.refuses)
        .length,
      'unique indexes',
    ).toBeGreaterThan(0)
    // Each problem named once, at the migration that made it.
    const problems = new Map<string, string>()
    for (const name of all.slice(released.length)) {
      await migrateTo(database, name)
      for (const text of breaks(theirs, await schemaOf(database))) {
        if (!problems.has(text)) problems.set(text, `${name}: ${text}`)
      }
    }
    expect([...problems.values()], `migrations that break release ${version}`).toEqual([])
  })
})
