import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type SqliteDatabase,
} from 'kysely'
import pg from 'pg'
import { DATABASE_TIMEOUT_MS } from '../../shared/constants'
import type { Tables } from './tables'

export type DialectName = 'sqlite' | 'postgres'

/** Which database DATABASE_URL names: a SQLite file (the default) or PostgreSQL. */
export type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; connectionString: string }

export interface Database {
  db: Kysely<Tables>
  dialect: DialectName
  /**
   * Runs a compiled read (see prepared.ts) straight on the driver, past Kysely's executor and
   * its connection lock: SQLite through a statement prepared once, PostgreSQL as a
   * parameterised query on the pool. Only for single reads outside transactions, which need no
   * lock. On SQLite such a read shares the one connection with a handle save's transaction
   * (profile-store.ts) and may see its writes before they commit: fine for what these reads
   * answer (a live check, a page view), never for a decision the transaction makes.
   */
  read<Row>(compiled: CompiledQuery<Row>): (parameters: readonly unknown[]) => Promise<Row[]>
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void>
  /** PostgreSQL only: connections checked out of the pool, and queries waiting for one. */
  poolStats?: () => { inUse: number; waiting: number }
  /** Closes every connection; calling it again waits for the same close. */
  close(): Promise<void>
}

/**
 * better-sqlite3 is synchronous: while it waits for a lock held by another process, the event
 * loop waits too. Lock waits are therefore kept far below the request timeout; only a second
 * process on the same file (a migration running elsewhere) can hold a lock at all.
 */
const SQLITE_BUSY_TIMEOUT_MS = 5_000

/**
 * Write transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE) rather than at
 * their first write, so two processes never deadlock upgrading read locks and a migration run
 * holds the lock for its whole length.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

/** SQLite does run DDL inside transactions; saying so makes Kysely's migrator use one. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

/** How many distinct SQL texts keep their prepared statement; Mofu issues a few dozen. */
const STATEMENT_CACHE_SIZE = 256

/**
 * Kysely prepares every query anew; SQLite then parses and plans the same text again on each
 * request. This keeps each text's statement, dropping the least recently used past the limit. A
 * statement still being iterated is busy, so its text gets a fresh one meanwhile.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(source) {
      const cached = statements.get(source)
      if (cached !== undefined && !cached.busy) {
        statements.delete(source)
        statements.set(source, cached)
        return cached
      }
      const statement = sqlite.prepare(source)
      if (cached === undefined) {
        statements.set(source, statement)
        const oldest = statements.keys().next().value
        if (statements.size > STATEMENT_CACHE_SIZE && oldest !== undefined) {
          statements.delete(oldest)
        }
      }
      return statement
    },
  }
}

class MofuSqliteDialect extends SqliteDialect {
  private readonly database: SqliteDatabase
  constructor(sqlite: SQLite.Database) {
    const database = withStatementCache(sqlite)
    super({ database })
    this.database = database
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database })
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter()
  }
}

export interface OpenOptions {
  /** Upper bound for every statement and connection attempt. */
  timeoutMs?: number
  onPoolError?: (error: Error) => void
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Database {
  const timeoutMs = options.timeoutMs ?? DATABASE_TIMEOUT_MS
  return target.kind === 'sqlite'
    ? openSqlite(target.file, timeoutMs)
    : openPostgres(target.connectionString, timeoutMs, options.onPoolError)
}

function openSqlite(file: string, timeoutMs: number): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  // Created owner-only before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  const sqlite = new SQLite(file, { timeout: Math.min(timeoutMs, SQLITE_BUSY_TIMEOUT_MS) })
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  const db = new Kysely<Tables>({ dialect: new MofuSqliteDialect(sqlite) })
  return {
    db,
    dialect: 'sqlite',
    read<Row>(compiled: CompiledQuery<Row>) {
      let statement: SQLite.Statement | undefined
      return async (parameters: readonly unknown[]) => {
        statement ??= sqlite.prepare(compiled.sql)
        return statement.all(...parameters) as Row[]
      }
    },
    async ping() {
      await sql`select 1`.execute(db)
    },
    close: closeOnce(db),
  }
}

function openPostgres(
  connectionString: string,
  timeoutMs: number,
  onPoolError: ((error: Error) => void) | undefined,
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs,
  })
  // A client whose server went away (a restart, a failover) emits 'error'; an unheard one ends
  // the process. The pool hears its idle clients; clients in use at that moment need their own
  // listener. Their query fails on its own, and the pool drops the broken client on release.
  pool.on('error', (error) => onPoolError?.(error))
  pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)))
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    dialect: 'postgres',
    // Unnamed: a named statement's cached plan would fail once a migration elsewhere changed
    // a table it selects `*` from.
    read:
      <Row>(compiled: CompiledQuery<Row>) =>
      async (parameters: readonly unknown[]) =>
        (await pool.query(compiled.sql, [...parameters])).rows as Row[],
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    async ping(pingTimeoutMs) {
      const connecting = pool.connect()
      const client = await withTimeout(connecting, pingTimeoutMs).catch((error: unknown) => {
        connecting.then(
          (late) => late.release(),
          () => undefined,
        )
        throw error
      })
      try {
        await withTimeout(client.query('select 1'), pingTimeoutMs)
        client.release()
      } catch (error) {
        client.release(error instanceof Error ? error : true)
        throw error
      }
    },
    close: closeOnce(db),
  }
}

async function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function closeOnce(db: Kysely<Tables>): () => Promise<void> {
  let closing: Promise<void> | undefined
  return () => (closing ??= db.destroy())
}
