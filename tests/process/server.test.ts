import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { THIS_CHECKOUT } from '../support/build-identity'
import { PACKAGE_VERSION } from '../support/package-version'
import { startServer, type ServerProcess } from '../support/server-process'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

const MAIN = path.resolve(import.meta.dirname, '../../dist/server/main.js')
const running: ServerProcess[] = []
const databases: TestDatabase[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.dispose()))
  await Promise.all(databases.splice(0).map((database) => database.drop()))
})

async function start(...args: Parameters<typeof startServer>) {
  const server = await startServer(...args)
  running.push(server)
  return server
}

describe('the built server', () => {
  it('starts with nothing configured: data folder, SQLite file, app and health', async () => {
    const server = await start()
    expect(fs.existsSync(path.join(server.dataDir, 'mofu.db'))).toBe(true)
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    // The release it is, as package.json (and so CHANGELOG.md) names it, and the commit it was
    // built from: this checkout's.
    expect(await health.json()).toEqual({
      status: 'ok',
      version: PACKAGE_VERSION,
      commit: expect.stringMatching(THIS_CHECKOUT),
    })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const page = await fetch(`${server.url}/`)
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    // The home page as prerendered at build time, its heading there before any script runs.
    expect(html).toContain('<div id="root" data-prerendered="/" data-lang="en">')
    expect(html).toMatch(/<h1[^>]*>/)
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/)
  })

  it('logs each request as JSON with a request id', async () => {
    const server = await start()
    const response = await fetch(`${server.url}/healthz`, {
      headers: { 'X-Request-Id': 'abc-123' },
    })
    expect(response.headers.get('x-request-id')).toBe('abc-123')
    // The log line reaches the pipe a moment after the response.
    const logged = () =>
      server
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.reqId === 'abc-123')
    await expect
      .poll(logged)
      .toMatchObject({ method: 'GET', path: '/healthz', status: 200, msg: 'request' })
  })

  it('stops cleanly on SIGTERM and on SIGINT within 10 s', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await start()
      const started = Date.now()
      expect(await server.stop(signal)).toBe(0)
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(server.output()).toContain('"msg":"stopped"')
    }
  })

  it('runs the same on PostgreSQL', async () => {
    const database = await createTestDatabase('postgres')
    databases.push(database)
    const server = await start({ env: { DATABASE_URL: database.url } })
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    const { protocol, host, pathname } = new URL(database.url)
    expect(server.output()).toContain(`database: PostgreSQL at ${protocol}//${host}${pathname}`)
    expect(fs.existsSync(path.join(server.dataDir, 'mofu.db'))).toBe(false)
  })

  it.each(['sqlite', 'postgres'] as const)(
    'starts two instances at once on one fresh %s database',
    async (dialect) => {
      const database = await createTestDatabase(dialect)
      databases.push(database)
      const env = { DATABASE_URL: database.url }
      const [a, b] = await Promise.all([start({ env }), start({ env })])
      expect((await fetch(`${a.url}/readyz`)).status).toBe(200)
      expect((await fetch(`${b.url}/readyz`)).status).toBe(200)
      const applied = [a, b].flatMap(
        (server) => server.output().match(/"migration":"0001_instance_settings"/g) ?? [],
      )
      expect(applied).toHaveLength(1)
      if (database.target.kind === 'postgres') {
        const client = new pg.Client({ connectionString: database.url })
        await client.connect()
        const { rows } = await client.query('select key from instance_settings')
        await client.end()
        expect(rows).toEqual([{ key: 'auth_secret' }])
      }
    },
  )
})

describe('configuration errors', () => {
  it.each([
    ['PORT', 'abc', 'PORT: expected a port number from 0 to 65535'],
    ['DATABASE_URL', 'mysql://x/y', 'DATABASE_URL: expected postgres://… or file:PATH'],
    ['SMTP_URL', 'nope', 'SMTP_URL: expected smtp://… or smtps://…'],
  ])('%s=%s stops the server at once with a message naming it', (name, value, message) => {
    const result = spawnSync(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, [name]: value },
      encoding: 'utf8',
      timeout: 10_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Mofu cannot start. Invalid configuration:')
    expect(result.stderr).toContain(message)
  })
})

describe('a port already taken', () => {
  it('stops the server with one line naming the port and PORT, and exit code 1', async () => {
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const { port } = holder.address() as AddressInfo
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-port-'))
    try {
      const result = spawnSync(process.execPath, [MAIN], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) },
        encoding: 'utf8',
        timeout: 20_000,
      })
      expect(result.status).toBe(1)
      expect(result.stderr).toBe(
        `Mofu cannot start: port ${port} is already in use on 127.0.0.1 (another Mofu, or another program, listens there). Stop that one, or set PORT to a free port.\n`,
      )
    } finally {
      await new Promise((resolve) => holder.close(resolve))
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('a database it cannot run on', () => {
  it('stops the server with the reason, down to the migration that is not its own', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-history-'))
    try {
      await (await start({ dataDir })).stop()
      const db = new SQLite(path.join(dataDir, 'mofu.db'))
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        '0001a_of_another_history',
        new Date().toISOString(),
      )
      db.close()
      const result = spawnSync(process.execPath, [MAIN], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('Mofu cannot start: Error: Migration (setup) failed')
      expect(result.stderr).toContain(
        'previously executed migration 0001a_of_another_history is missing',
      )
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
