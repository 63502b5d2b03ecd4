import SQLite from 'better-sqlite3'
import { getMigrations } from 'better-auth/db/migration'
import { sql } from 'kysely'
import pg from 'pg'
import { pino } from 'pino'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type DatabaseTarget } from '../../src/server/db/database'
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate'
import { isDatabaseUnavailable } from '../../src/server/db/unavailable'
import { resolveAuthSecret } from '../../src/server/auth/secret'
import { isUniqueViolation } from '../../src/server/db/constraint-errors'
import { warnOfLookAlikesKept } from '../../src/server/startup-checks'
import { connectRedisStorage } from '../../src/server/auth/redis-storage'
import { callAuth } from '../support/api'
import { TEST_REDIS_URL } from '../support/app-with-mail'
import { createTestApp } from '../support/test-app'
import { TEST_PASSWORD } from '../support/test-users'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function freshDatabase(timeoutMs?: number): Promise<[Database, TestDatabase]> {
  const testDatabase = await createTestDatabase()
  const database = openDatabase(testDatabase.target, { timeoutMs })
  cleanups.push(testDatabase.drop, database.close)
  return [database, testDatabase]
}

describe('migrations', () => {
  it('apply on a fresh database and apply nothing the second time', async () => {
    const [database] = await freshDatabase()
    const first = await migrateToLatest(database)
    expect(first.results?.length).toBeGreaterThan(0)
    expect(first.results?.filter((step) => step.status !== 'Success')).toEqual([])
    const second = await migrateToLatest(database)
    expect(second.results).toEqual([])
    const tables = await database.db.introspection.getTables()
    expect(tables.map((table) => table.name)).toContain('instance_settings')
  })

  it('start on a database a later release migrated (going back a release), and refuse another history', async () => {
    const [database] = await freshDatabase()
    await migrateToLatest(database)
    const applied = (name: string) =>
      sql`insert into kysely_migration (name, timestamp)
        values (${name}, ${new Date().toISOString()})`.execute(database.db)
    await applied('9999_of_a_later_release')
    expect((await migrateToLatest(database)).results).toEqual([])

    await applied('0001a_of_another_history')
    await expect(migrateToLatest(database)).rejects.toMatchObject({
      cause: { message: expect.stringContaining('0001a_of_another_history is missing') },
    })
  })
})

describe("Better Auth's tables", () => {
  it("are what Better Auth's own migration planner expects: it finds nothing to add", async () => {
    // The tables are written by hand in src/server/db/migrations/; this catches them drifting
    // from the schema the installed Better Auth, with Mofu's options, wants.
    const app = await createTestApp()
    cleanups.push(app.dispose)
    const plan = await getMigrations(app.auth.options, { throwOnUnsafe: false })
    expect(plan.toBeCreated.map((table) => table.table)).toEqual([])
    expect(plan.toBeAdded.map(({ table, fields }) => [table, Object.keys(fields)])).toEqual([])
    expect(plan.toBeAddedIndexes.map((index) => index.name)).toEqual([])
    expect(plan.unsafeChanges).toEqual([])
    expect(plan.schemaProblems).toEqual([])
  })
})

describe('upgrading a database with page views stored one row each', () => {
  it('keeps them as counts per path and day, long paths cut at 256 characters', async () => {
    const [database] = await freshDatabase()
    await migrateTo(database, '0004_profiles')
    const long = `/${'x'.repeat(300)}`
    const views = [
      ['/shop', '2026-11-20T10:00:00.000Z'],
      ['/shop', '2026-11-20T23:59:59.999Z'],
      ['/shop', '2026-11-21T00:00:00.000Z'],
      ['/', '2026-11-21T08:00:00.000Z'],
      [long, '2026-11-21T09:00:00.000Z'],
      [`${long}y`, '2026-11-21T09:30:00.000Z'],
    ]
    for (const [path, viewedAt] of views) {
      await sql`insert into page_views (path, referrer, viewed_at) values (${path}, ${null}, ${viewedAt})`.execute(
        database.db,
      )
    }
    await migrateToLatest(database)
    const counts = await database.db.selectFrom('page_view_counts').selectAll().execute()
    expect(counts.map((row) => ({ ...row, views: Number(row.views) }))).toEqual(
      expect.arrayContaining([
        { path: '/shop', day: '2026-11-20', views: 2 },
        { path: '/', day: '2026-11-21', views: 1 },
        { path: long.slice(0, 256), day: '2026-11-21', views: 2 },
        { path: '/shop', day: '2026-11-21', views: 1 },
      ]),
    )
    expect(counts).toHaveLength(4)
    await expect(sql`select count(*) from page_views`.execute(database.db)).rejects.toThrow(
      /page_views/,
    )
  })
})

describe('upgrading a database whose handles already pass for one another', () => {
  it('keeps every handle, gives the earliest user of each look-alike group the skeleton and lists the rest', async () => {
    const [database] = await freshDatabase()
    await migrateTo(database, '0007_rate_limits')
    // Inserted out of sign-up order: who keeps the skeleton follows sign-up time, not row order.
    const users: [id: string, createdAt: string, username: string | null][] = [
      ['u-later', '2026-03-01T00:00:00.000Z', 'rnochi'],
      ['u-first', '2026-01-01T00:00:00.000Z', 'mochi'],
      ['u-last', '2026-05-01T00:00:00.000Z', 'm0chl'],
      ['u-tie-b', '2026-02-01T00:00:00.000Z', 'kurno'],
      ['u-tie-a', '2026-02-01T00:00:00.000Z', 'kumo'],
      ['u-reserved', '2026-01-15T00:00:00.000Z', 'adrnin'],
      ['u-alone', '2026-04-01T00:00:00.000Z', 'sakura'],
      ['u-none', '2025-12-01T00:00:00.000Z', null],
    ]
    for (const [id, createdAt, username] of users) {
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values (${id}, ${''}, ${`${id}@mofu.test`}, ${sql.lit(true)}, ${createdAt}, ${createdAt})`.execute(
        database.db,
      )
      await sql`insert into profiles (user_id, username, display_username, updated_at)
        values (${id}, ${username}, ${username}, ${createdAt})`.execute(database.db)
    }

    const applied = await migrateToLatest(database)

    const rows = await database.db
      .selectFrom('profiles')
      .select(['user_id', 'username', 'handle_skeleton'])
      .orderBy('user_id')
      .execute()
    expect(rows).toEqual([
      { user_id: 'u-alone', username: 'sakura', handle_skeleton: 'sakura' },
      { user_id: 'u-first', username: 'mochi', handle_skeleton: 'rnochl' },
      { user_id: 'u-last', username: 'm0chl', handle_skeleton: null },
      { user_id: 'u-later', username: 'rnochi', handle_skeleton: null },
      { user_id: 'u-none', username: null, handle_skeleton: null },
      { user_id: 'u-reserved', username: 'adrnin', handle_skeleton: 'adrnln' },
      // Signed up at the same moment: the lower user id keeps the skeleton.
      { user_id: 'u-tie-a', username: 'kumo', handle_skeleton: 'kurno' },
      { user_id: 'u-tie-b', username: 'kurno', handle_skeleton: null },
    ])
    // Listed in the log by the start that applied the migration, and by no later start.
    const lines: Record<string, unknown>[] = []
    const logger = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>)
          done()
        },
      }),
    )
    await warnOfLookAlikesKept(database.db, applied, logger)
    await warnOfLookAlikesKept(database.db, await migrateToLatest(database), logger)
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'look-alike handles from before the similarity rule kept',
        handles: ['adrnin', 'kurno', 'm0chl', 'rnochi'],
      }),
    ])
    // From now on the database itself refuses a second holder of a skeleton.
    const copy = database.db
      .updateTable('profiles')
      .set({ username: 'sakurn', handle_skeleton: 'rnochl' })
      .where('user_id', '=', 'u-none')
      .execute()
    expect(isUniqueViolation(await copy.catch((error: unknown) => error))).toBe(true)
  })
})

describe('upgrading a database whose fonts an older release kept in the column alone', () => {
  it("copies the column's font into the kept preferences where the two are apart, and nothing else", async () => {
    const [database] = await freshDatabase()
    await migrateTo(database, '0037_board_version')
    const stored: [id: string, font: string, preferences: string | null][] = [
      // Chosen on 0.2.0, then changed on 0.1.0 during its roll: the column is the later.
      ['u-apart', 'default', '{"theme":"dark","font":"orbitron"}'],
      ['u-column', 'orbitron', null],
      ['u-same', 'orbitron', '{"font":"orbitron","language":"ja"}'],
      ['u-none', 'default', null],
      ['u-unchosen', 'default', '{"theme":"light"}'],
      ['u-garbage', 'orbitron', 'not json'],
      ['u-later', 'default', '{"font":"orbitron","later":{"kept":true}}'],
    ]
    const at = '2026-12-01T00:00:00.000Z'
    for (const [id, font, preferences] of stored) {
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values (${id}, ${''}, ${`${id}@mofu.test`}, ${sql.lit(true)}, ${at}, ${at})`.execute(
        database.db,
      )
      await sql`insert into profiles (user_id, font, preferences, updated_at)
        values (${id}, ${font}, ${preferences}, ${at})`.execute(database.db)
    }

    await migrateToLatest(database)

    const rows = await database.db
      .selectFrom('profiles')
      .select(['user_id', 'preferences'])
      .orderBy('user_id')
      .execute()
    expect(
      rows.map((row) => ({ id: row.user_id, kept: JSON.parse(row.preferences ?? 'null') })),
    ).toEqual([
      { id: 'u-apart', kept: { theme: 'dark', font: 'default' } },
      { id: 'u-column', kept: { font: 'orbitron' } },
      { id: 'u-garbage', kept: { font: 'orbitron' } },
      { id: 'u-later', kept: { font: 'default', later: { kept: true } } },
      { id: 'u-none', kept: null },
      { id: 'u-same', kept: { font: 'orbitron', language: 'ja' } },
      { id: 'u-unchosen', kept: { theme: 'light' } },
    ])
  })
})

describe('database timeout', () => {
  it('turns a stuck database into a retryable error (a 503) instead of a hang', async () => {
    const [database, testDatabase] = await freshDatabase(300)
    await migrateToLatest(database)
    const started = Date.now()
    if (testDatabase.target.kind === 'sqlite') {
      // Another process holding the write lock is how SQLite gets stuck.
      const holder = new SQLite(testDatabase.target.file)
      holder.exec('begin exclusive')
      cleanups.push(async () => {
        holder.exec('rollback')
        holder.close()
      })
      const write = database.db
        .insertInto('instance_settings')
        .values({ key: 'k', value: 'v' })
        .execute()
      const error: unknown = await write.catch((failure: unknown) => failure)
      expect(String(error)).toMatch(/locked|busy/i)
      expect(isDatabaseUnavailable(error)).toBe(true)
    } else {
      // A row lock held by another session makes the write wait.
      const holder = new pg.Client({ connectionString: testDatabase.target.connectionString })
      await holder.connect()
      await database.db.insertInto('instance_settings').values({ key: 'k', value: 'v' }).execute()
      await holder.query('begin')
      await holder.query(`update instance_settings set value = 'held' where key = 'k'`)
      cleanups.push(async () => {
        await holder.query('rollback')
        await holder.end()
      })
      const write = database.db
        .updateTable('instance_settings')
        .set({ value: 'w' })
        .where('key', '=', 'k')
        .execute()
      const error: unknown = await write.catch((failure: unknown) => failure)
      expect(String(error)).toMatch(/timeout|canceling statement/i)
      expect(isDatabaseUnavailable(error)).toBe(true)
    }
    expect(Date.now() - started).toBeLessThan(5_000)
    // The database is usable again once the holder lets go.
    await cleanups.pop()?.()
    await expect(sql`select 1 as one`.execute(database.db)).resolves.toBeDefined()
  })

  it('answers a sign-up whose account cannot be written with that 503, not a refusal of the sign-up', async () => {
    // Better Auth catches the failed insert of a new account and answers "422 Failed to create
    // user", which tells the person their sign-up is wrong; the database being away is the answer.
    // The limits count in Redis, as with REDIS_URL set: on SQLite, whose lock holds every write,
    // counting them in the database would stop the request before the insert.
    const redis = await connectRedisStorage(TEST_REDIS_URL, pino({ level: 'silent' }))
    cleanups.push(redis.close)
    const app = await createTestApp({
      open: { timeoutMs: 300 },
      secondaryStorage: redis.storage,
      counters: redis.counters,
    })
    cleanups.push(app.dispose)
    const { target } = app.testDatabase
    const release = await holdAccountWrites(target)
    cleanups.push(release)
    const signUp = () =>
      callAuth(app.app, '/sign-up/email', {
        body: { email: 'held@mofu.test', password: TEST_PASSWORD, name: '' },
      })
    const refused = await signUp()
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(refused.json).toMatchObject({ code: 'UNAVAILABLE' })
    await cleanups.pop()?.()
    expect((await signUp()).status).toBe(200)
  })
})

/** Another session holding what a new account's insert needs, until the returned call. */
async function holdAccountWrites(target: DatabaseTarget): Promise<() => Promise<void>> {
  if (target.kind === 'sqlite') {
    // The write lock; readers go on (WAL), so the sign-up's look-up of the address succeeds.
    const holder = new SQLite(target.file)
    holder.exec('begin immediate')
    return async () => {
      holder.exec('rollback')
      holder.close()
    }
  }
  const holder = new pg.Client({ connectionString: target.connectionString })
  await holder.connect()
  await holder.query('begin')
  // Reads of the table go on; inserts wait past the statement timeout.
  await holder.query('lock table "user" in exclusive mode')
  return async () => {
    await holder.query('rollback')
    await holder.end()
  }
}

describe('auth secret', () => {
  it('is generated once, kept, and shared by every instance on the database', async () => {
    const [database, testDatabase] = await freshDatabase()
    await migrateToLatest(database)
    const other = openDatabase(testDatabase.target)
    cleanups.push(other.close)
    const [a, b] = await Promise.all([
      resolveAuthSecret(database.db, undefined),
      resolveAuthSecret(other.db, undefined),
    ])
    expect(a).toMatch(/^[\w-]{43}$/)
    expect(b).toBe(a)
    expect(await resolveAuthSecret(database.db, undefined)).toBe(a)
  })

  it('is the configured AUTH_SECRET when one is set', async () => {
    const [database] = await freshDatabase()
    await migrateToLatest(database)
    const configured = 'x'.repeat(40)
    expect(await resolveAuthSecret(database.db, configured)).toBe(configured)
    const stored = await database.db.selectFrom('instance_settings').selectAll().execute()
    expect(stored).toEqual([])
  })
})

describe('upgrading a database that holds a passkey credential id twice', () => {
  it('keeps the earliest registration of it, and from then on refuses a second one', async () => {
    const [database] = await freshDatabase()
    await migrateTo(database, '0017_trusted_browsers')
    const at = '2026-01-01T00:00:00.000Z'
    for (const id of ['owner', 'borrower']) {
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values (${id}, ${''}, ${`${id}@mofu.test`}, ${sql.lit(true)}, ${at}, ${at})`.execute(
        database.db,
      )
    }
    const passkey = (id: string, userId: string, createdAt: string) =>
      sql`insert into passkey (id, name, "publicKey", "userId", "credentialID", counter, "deviceType", "backedUp", "createdAt")
        values (${id}, ${id}, ${'key'}, ${userId}, ${'same-id'}, ${0}, ${'singleDevice'}, ${sql.lit(false)}, ${createdAt})`.execute(
        database.db,
      )
    await passkey('later', 'borrower', '2026-03-01T00:00:00.000Z')
    await passkey('first', 'owner', '2026-02-01T00:00:00.000Z')

    await migrateToLatest(database)

    const rows = await database.db.selectFrom('passkey').select(['id', 'userId']).execute()
    expect(rows).toEqual([{ id: 'first', userId: 'owner' }])
    await expect(passkey('again', 'borrower', '2026-04-01T00:00:00.000Z')).rejects.toThrow(
      /unique|duplicate/i,
    )
  })
})
