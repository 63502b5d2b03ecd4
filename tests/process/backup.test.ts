import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import { build } from 'esbuild'
import sharp from 'sharp'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { overHttp } from '../support/api'
import { fileCalls } from '../support/file-calls'
import { MOFU, runMofu } from '../support/mofu-command'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestDatabase } from '../support/test-database'
import { createTestUser, putAvatar, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * `mofu backup` while concurrent load keeps the server writing, `mofu restore` into an empty
 * DATA_DIR, and a server on the restored folder answering every profile and avatar as the
 * first one did.
 */

const SLOW = 180_000
const USERS = 6
const BUSY_USERS = 4
const LOAD_CONNECTIONS = 8
/** One request in this many is a sign-up (a password hash and a mail); the rest are saves. */
const SIGN_UP_EVERY = 10
let smtp: SmtpCapture
let server: ServerProcess
let scratch: string
const servers: ServerProcess[] = []

beforeAll(async () => {
  smtp = await startSmtpCapture()
  server = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } })
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-backup-test-'))
}, 60_000)

afterAll(async () => {
  await Promise.all([server?.dispose(), ...servers.map((started) => started.dispose())])
  await smtp?.close()
  await fs.rm(scratch, { recursive: true, force: true })
}, SLOW)

const json = { 'Content-Type': 'application/json' }

async function userWithAvatar(index: number): Promise<TestUser & { handle: string }> {
  const user = await createTestUser(overHttp(server.url), smtp, {
    email: `backup-${index}-${Date.now()}@mofu.test`,
    ip: `10.80.0.${index}`,
  })
  const handle = `backup${index}${Date.now().toString(36)}`
  await fetch(`${server.url}/api/me/profile`, {
    method: 'PATCH',
    headers: { ...json, Cookie: user.cookie, Origin: server.url },
    body: JSON.stringify({ name: `Backup ${index}`, handle }),
  })
  const image = await sharp({
    create: { width: 200, height: 200, channels: 3, background: `#ff${index}0c5` },
  })
    .jpeg()
    .toBuffer()
  expect((await putAvatar(overHttp(server.url), user.cookie, image)).status).toBe(200)
  return { ...user, handle }
}

/** What a visitor sees of a handle: the public profile, and the avatar's bytes. */
async function seen(base: string, handle: string) {
  const profile = (await (await fetch(`${base}/api/profiles/${handle}`)).json()) as {
    avatar: string
  }
  const avatar = new URL(profile.avatar)
  const image = await fetch(`${base}${avatar.pathname}${avatar.search}`)
  // One of its renditions too: they are files of their own beside the master.
  const rendition = await fetch(`${base}${avatar.pathname}/192.avif${avatar.search}`)
  return {
    profile: { ...profile, avatar: avatar.pathname + avatar.search },
    status: image.status,
    bytes: Buffer.from(await image.arrayBuffer()).toString('base64'),
    rendition: `${rendition.status} ${rendition.headers.get('content-type')} ${Buffer.from(await rendition.arrayBuffer()).toString('base64')}`,
  }
}

/**
 * Load as tests/load makes it, on autocannon's keep-alive connections: profile saves of the
 * first users (each name unique, so a stored name tells which save it came from) and sign-ups
 * of new addresses, each from its own client address. Resolves with autocannon's result once
 * stop() is called.
 */
function startLoad(busy: readonly TestUser[], sentNames: Map<string, Set<string>>) {
  const stamp = Date.now().toString(36)
  const counts = { saves: 0, signUps: 0 }
  let sent = 0
  let instance: autocannon.Instance | undefined
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: server.url,
        connections: LOAD_CONNECTIONS,
        duration: SLOW / 1000,
        requests: [
          {
            setupRequest: (request) => {
              const n = ++sent
              const from = `10.81.${(n >> 8) & 255}.${n & 255}`
              if (n % SIGN_UP_EVERY === 0) {
                counts.signUps++
                return {
                  ...request,
                  method: 'POST',
                  path: '/api/auth/sign-up/email',
                  headers: { ...json, Origin: server.url, 'X-Forwarded-For': from },
                  body: JSON.stringify({
                    email: `load-${stamp}-${n}@mofu.test`,
                    password: TEST_PASSWORD,
                    name: '',
                    callbackURL: '/',
                  }),
                }
              }
              const user = busy[n % busy.length] as TestUser
              const name = `Load ${n}`
              sentNames.get(user.uid)?.add(name)
              counts.saves++
              return {
                ...request,
                method: 'PATCH',
                path: '/api/me/profile',
                headers: { ...json, Cookie: user.cookie, Origin: server.url },
                body: JSON.stringify({ name }),
              }
            },
          },
        ],
      },
      (error: unknown, result) => (error ? reject(error as Error) : resolve(result)),
    )
  })
  return { counts, stop: () => instance?.stop(), done }
}

it(
  'backs up under concurrent saves and sign-ups, restores into an empty DATA_DIR, and every profile and avatar answers the same',
  async () => {
    const users = []
    for (let index = 1; index <= USERS; index++) users.push(await userWithAvatar(index))
    const before = await Promise.all(users.map((user) => seen(server.url, user.handle)))
    // The first users' names change under load; the others are left alone.
    const busy = users.slice(0, BUSY_USERS)
    const sentNames = new Map(busy.map((user) => [user.uid, new Set<string>()]))

    const load = startLoad(busy, sentNames)
    while (load.counts.saves < 50 || load.counts.signUps < 2) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const archive = path.join(scratch, 'mofu-backup.tar.gz')
    const atStart = { ...load.counts }
    const backup = await runMofu(server.env, ['backup', archive])
    const atEnd = { ...load.counts }
    load.stop()
    const result = await load.done
    expect(backup.code, backup.stderr).toBe(0)
    expect(result.errors).toBe(0)
    expect(result.non2xx).toBe(0)
    // Saves and sign-ups went on while the backup ran.
    expect(atEnd.saves).toBeGreaterThan(atStart.saves)
    expect(atEnd.signUps).toBeGreaterThan(atStart.signUps)
    expect(((await fs.stat(archive)).mode & 0o777).toString(8)).toBe('600')

    const restoredDir = path.join(scratch, 'restored')
    const restoreEnv = { ...server.env, DATA_DIR: restoredDir }
    const restore = await runMofu(restoreEnv, ['restore', archive])
    expect(restore.code, restore.stderr).toBe(0)
    expect((await runMofu(restoreEnv, ['restore', archive])).code).toBe(1)

    const restored = await startServer({ dataDir: restoredDir, env: { SMTP_URL: smtp.url } })
    servers.push(restored)
    const after = await Promise.all(users.map((user) => seen(restored.url, user.handle)))
    for (const [index, view] of after.entries()) {
      const original = before[index]
      const user = users[index] as TestUser
      expect(view.status).toBe(200)
      expect(view.bytes).toBe(original?.bytes)
      const names = sentNames.get(user.uid)
      if (names === undefined) {
        expect(view.profile).toEqual(original?.profile)
      } else {
        const name = (view.profile as { name?: string }).name ?? ''
        expect(names.has(name) || name === (original?.profile as { name?: string }).name).toBe(true)
        expect({ ...view.profile, name: '' }).toEqual({ ...original?.profile, name: '' })
      }
    }
    // The accounts signed up under load are there as far as the backup saw them, each whole.
    const listed = await runMofu(restoreEnv, ['users', 'list', '--json'])
    const accounts = JSON.parse(listed.stdout) as { email: string }[]
    expect(accounts.length).toBeGreaterThanOrEqual(USERS)
    expect(accounts.length).toBeLessThanOrEqual(USERS + load.counts.signUps)
    const signIn = await fetch(`${restored.url}/api/me/profile`, {
      headers: { Cookie: users.at(-1)?.cookie ?? '' },
    })
    expect(signIn.status).toBe(200)
  },
  SLOW,
)

it(
  'on PostgreSQL, backup says to use pg_dump and writes nothing',
  async () => {
    const database = await createTestDatabase('postgres')
    try {
      const archive = path.join(scratch, 'postgres-backup.tar.gz')
      const env = { ...server.env, DATABASE_URL: database.url }
      const backup = await runMofu(env, ['backup', archive])
      expect(backup.code).toBe(1)
      expect(backup.stderr).toContain('pg_dump')
      await expect(fs.access(archive)).rejects.toThrow()
    } finally {
      await database.drop()
    }
  },
  SLOW,
)

/** The mofu command with the file-creation log preloaded, bundled once (it is TypeScript). */
let watchedMofu: string[] = []
beforeAll(async () => {
  const preload = path.join(scratch, 'file-creation-log.mjs')
  await build({
    entryPoints: [path.resolve(import.meta.dirname, '../support/file-creation-log.ts')],
    outfile: preload,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  })
  watchedMofu = ['--import', pathToFileURL(preload).href, MOFU]
})

/** `mofu backup archive` under umask 022, with each open and chmod of `archive` reported. */
async function watchedBackup(archive: string) {
  const child = spawn(
    '/bin/sh',
    ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, ...watchedMofu, 'backup', archive],
    {
      env: { ...server.env, MOFU_TEST_WATCHED_FILE: archive },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { code, stderr, calls: fileCalls(stderr) }
}

it(
  'creates the archive readable by its owner alone from its first byte, under umask 022',
  async () => {
    const archive = path.join(scratch, 'watched-backup.tar.gz')
    const backup = await watchedBackup(archive)
    expect(backup.code, backup.stderr).toBe(0)
    // Opened once, new and 0600 from the start; never widened or narrowed after.
    expect(backup.calls).toEqual([{ call: 'open', exclusive: true, mode: 0o600 }])
    expect(((await fs.stat(archive)).mode & 0o777).toString(8)).toBe('600')
  },
  SLOW,
)

it(
  'never writes the archive through a link planted where it goes',
  async () => {
    const victim = path.join(scratch, 'victim.txt')
    const absent = path.join(scratch, 'never-made.txt')
    await fs.writeFile(victim, 'kept')
    for (const [name, target] of [
      ['to-file', victim],
      ['dangling', absent],
    ] as const) {
      const archive = path.join(scratch, `linked-${name}.tar.gz`)
      await fs.symlink(target, archive)
      const backup = await watchedBackup(archive)
      expect(backup.code).toBe(1)
      expect(backup.stderr).toContain(`${archive} exists already.`)
      expect(await fs.readlink(archive)).toBe(target)
    }
    expect(await fs.readFile(victim, 'utf8')).toBe('kept')
    await expect(fs.access(absent)).rejects.toThrow()
  },
  SLOW,
)

describe('restore refuses an archive entry', () => {
  /** A stage holding a valid database, as a backup would, plus `craft`'s additions. */
  async function craftedArchive(
    name: string,
    craft: (stage: string) => Promise<{ cwd?: string; entries: string[] }>,
  ): Promise<string> {
    const stage = await fs.mkdtemp(path.join(scratch, 'craft-'))
    const database = new SQLite(path.join(stage, 'mofu.db'))
    database.exec('create table kept (x)')
    database.close()
    await fs.mkdir(path.join(stage, 'storage', 'avatars'), { recursive: true })
    const { cwd, entries } = await craft(stage)
    const archive = path.join(scratch, `${name}.tar.gz`)
    await tar.c(
      { gzip: true, file: archive, cwd: cwd ?? stage, preservePaths: true },
      cwd === undefined ? ['mofu.db', 'storage', ...entries] : entries,
    )
    return archive
  }

  const outside = path.join(os.tmpdir(), `mofu-outside-${process.pid}`)
  /** The file the `..` entry names, and the folders above where a restore unpacks it. */
  const ESCAPE = `mofu-escape-${process.pid}.txt`
  const above = () => [os.tmpdir(), scratch].map((folder) => path.join(folder, ESCAPE))

  it.each([
    [
      'a symbolic link out of the folder',
      'is a SymbolicLink, not a file',
      async (stage: string) => {
        await fs.symlink('/etc/passwd', path.join(stage, 'storage', 'avatars', 'stolen'))
        return { entries: [] }
      },
    ],
    [
      'a symbolic link within the folder',
      'is a SymbolicLink, not a file',
      async (stage: string) => {
        await fs.symlink('elsewhere', path.join(stage, 'storage', 'avatars', 'alias'))
        return { entries: [] }
      },
    ],
    [
      'a path with ..',
      'points outside the data folder',
      async (stage: string) => {
        // Under the stored files' name, so that `..` alone is what refuses it.
        const inner = path.join(stage, 'inner')
        await fs.mkdir(path.join(inner, 'storage'), { recursive: true })
        await fs.copyFile(path.join(stage, 'mofu.db'), path.join(inner, 'mofu.db'))
        await fs.writeFile(path.join(stage, ESCAPE), 'outside')
        return { cwd: inner, entries: ['mofu.db', `storage/../../${ESCAPE}`] }
      },
    ],
    [
      'an absolute path',
      'points outside the data folder',
      async () => {
        await fs.writeFile(outside, 'absolute')
        return { entries: [outside] }
      },
    ],
  ])(
    '%s, and writes nothing',
    async (name, reason, craft) => {
      const archive = await craftedArchive(name.replaceAll(' ', '-'), craft)
      await fs.rm(outside, { force: true })
      const restoredDir = path.join(scratch, `restored-${name.replaceAll(' ', '-')}`)
      const restore = await runMofu({ ...server.env, DATA_DIR: restoredDir }, ['restore', archive])
      expect(restore.code, restore.stdout).toBe(1)
      expect(restore.stderr).toMatch(/not a Mofu backup/)
      expect(restore.stderr).toContain(reason)
      const written = await fs.readdir(restoredDir, { recursive: true }).catch(() => [])
      expect(written.filter((entry) => !entry.endsWith('outbox'))).toEqual([])
      await expect(fs.access(outside)).rejects.toThrow()
      for (const file of above()) await expect(fs.access(file)).rejects.toThrow()
    },
    SLOW,
  )
})
