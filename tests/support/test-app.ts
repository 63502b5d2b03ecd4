import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pino, type Logger } from 'pino'
import { createApp, type AppDeps } from '../../src/server/app'
import { createAuth, type Auth, type AuthDeps } from '../../src/server/auth/auth'
import { openDatabase, type Database, type OpenOptions } from '../../src/server/db/database'
import { migrateToLatest } from '../../src/server/db/migrate'
import { createLimiter, databaseCounters, type CounterStore } from '../../src/server/http/limiter'
import { createMailer } from '../../src/server/mail/mailer'
import { noticesFor } from '../../src/server/services'
import { createLocalStorage } from '../../src/server/storage/local-storage'
import type { ObjectStorage } from '../../src/server/storage/object-storage'
import { CHEAP_HASHING } from './cheap-hashing'
import { createMigratedTestDatabase, type TestDatabase } from './test-database'

/** The key test apps sign session cookies with. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-at-least-32-characters-long'

export interface TestApp {
  app: ReturnType<typeof createApp>
  /** The Better Auth instance the app serves under /api/auth. */
  auth: Auth
  database: Database
  /** Where mail goes when no SMTP URL is given (one .eml per mail). */
  outboxDir: string
  /** Where uploads go: `options.storage`, or a local folder of its own removed by dispose(). */
  storage: ObjectStorage
  testDatabase: TestDatabase
  /** Closes the connection (if still open) and drops the test database. */
  dispose(): Promise<void>
}

export interface TestAppOptions {
  app?: Partial<Omit<AppDeps, 'database' | 'auth' | 'storage'>>
  auth?: Partial<AuthDeps['config']>
  smtpUrl?: string
  open?: OpenOptions
  /**
   * Another instance's database (or one made by the test): both apps then share it, like two
   * app instances do. It is left for its owner to drop.
   */
  shareDatabaseOf?: Pick<TestApp, 'testDatabase'>
  secondaryStorage?: AuthDeps['secondaryStorage']
  /** Where Mofu's own limits count (Redis); the test database when absent. */
  counters?: CounterStore
  /** Key prefix of those counts in Redis; apps given the same one share them. */
  limitPrefix?: string
  /** Another storage (S3 against the test S3 server); the caller cleans it up. */
  storage?: ObjectStorage
  /** Where the app logs; silent by default. */
  logger?: Logger
  /**
   * Hash passwords and backup codes at production cost, for a test whose claim is about the
   * time a hash takes; every other app hashes cheaply (cheap-hashing.ts).
   */
  productionHashing?: boolean
}

/** The real app on a fresh, migrated database of the current project's dialect. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.shareDatabaseOf?.testDatabase
  const testDatabase = shared ?? (await createMigratedTestDatabase())
  const database = openDatabase(testDatabase.target, options.open)
  // On PostgreSQL this migrates the new schema; on SQLite, a copy of a migrated file, it finds
  // nothing left to run, as an instance restarted on its database does.
  await migrateToLatest(database)
  const logger = options.logger ?? pino({ level: 'silent' })
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-outbox-'))
  let storage = options.storage
  let storageDir: string | undefined
  if (storage === undefined) {
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-storage-'))
    storage = createLocalStorage(storageDir)
  }
  const publicUrl = options.app?.publicUrl ?? 'http://localhost:3000'
  // In Redis, keys of their own, so runs that share the server never share a count; each test
  // database has its own tables already.
  const limiter =
    options.counters === undefined
      ? createLimiter(databaseCounters(database.db))
      : createLimiter(options.counters, {
          prefix: options.limitPrefix ?? `test-${crypto.randomUUID()}:`,
        })
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    from: 'Mofu <no-reply@mofu.test>',
    outboxDir,
    logLinks: true,
    logger,
  })
  const notices = noticesFor(database, mailer, logger, publicUrl)
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    config: { publicUrl, google: undefined, neutralAuthErrors: false, ...options.auth },
    secret: TEST_AUTH_SECRET,
    mailer,
    logger,
    notices,
    secondaryStorage: options.secondaryStorage,
    limiter,
    ...(options.productionHashing === true ? {} : { hashing: CHEAP_HASHING }),
  })
  const app = createApp({
    database,
    auth,
    storage,
    trustProxy: { kind: 'hops', hops: 1 },
    limiter,
    mailer,
    notices,
    googleSignIn: false,
    neutralAuthErrors: options.auth?.neutralAuthErrors ?? false,
    logger,
    publicUrl,
    gaMeasurementId: undefined,
    contactUrl: 'mailto:hello@mofu.example',
    ...options.app,
  })
  return {
    app,
    auth,
    database,
    outboxDir,
    storage,
    testDatabase,
    async dispose() {
      await database.close()
      if (shared === undefined) await testDatabase.drop()
      await fs.rm(outboxDir, { recursive: true, force: true })
      // A share card made in the background may still land in the folder while it goes.
      if (storageDir !== undefined) {
        await fs.rm(storageDir, { recursive: true, force: true, maxRetries: 5 })
      }
    },
  }
}
