import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runMofu } from '../support/mofu-command'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestDatabase } from '../support/test-database'
import { createTestUser, overHttp, putAvatar, type TestUser } from '../support/test-users'

/**
 * `mofu backup` while the server keeps writing, `mofu restore` into an empty DATA_DIR, and a
 * server on the restored folder answering every profile and avatar as the first one did.
 */

const SLOW = 180_000
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

it(
  'backs up while the server writes, restores into an empty DATA_DIR, and every profile and avatar answers the same',
  async () => {
    const users = []
    for (let index = 1; index <= 3; index++) users.push(await userWithAvatar(index))
    const before = await Promise.all(users.map((user) => seen(server.url, user.handle)))

    // One user keeps saving while the backup runs.
    const writer = users[0]
    let writing = true
    let saves = 0
    const names = new Set<string>()
    const writes = (async () => {
      while (writing) {
        const name = `Busy ${++saves}`
        names.add(name)
        await fetch(`${server.url}/api/me/profile`, {
          method: 'PATCH',
          headers: { ...json, Cookie: writer?.cookie ?? '', Origin: server.url },
          body: JSON.stringify({ name }),
        })
      }
    })()
    const archive = path.join(scratch, 'mofu-backup.tar.gz')
    const backup = await runMofu(server.env, ['backup', archive])
    writing = false
    await writes
    expect(backup.code, backup.stderr).toBe(0)
    expect(saves).toBeGreaterThan(0)
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
      expect(view.status).toBe(200)
      expect(view.bytes).toBe(original?.bytes)
      if (index === 0) {
        expect(names.has((view.profile as { name?: string }).name ?? '')).toBe(true)
        expect({ ...view.profile, name: '' }).toEqual({ ...original?.profile, name: '' })
      } else {
        expect(view.profile).toEqual(original?.profile)
      }
    }
    const signIn = await fetch(`${restored.url}/api/me/profile`, {
      headers: { Cookie: users[1]?.cookie ?? '' },
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
