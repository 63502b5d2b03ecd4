import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import {
  prepareDataDir,
  warnIfContactUnset,
  warnIfCookiesInsecure,
  warnIfPasskeysImpossible,
} from './startup-checks'
import { openDatabase } from './db/database'
import { createLocalStorage } from './storage/local-storage'

const mode = (file: string) => fs.statSync(file).mode & 0o777

let roots: string[] = []
afterEach(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
  roots = []
})

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-modes-'))
  roots.push(root)
  return root
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>)
        }
        done()
      },
    }),
  )
  return { logger, lines }
}

describe('files at rest are owner-only', () => {
  it('creates DATA_DIR 0700 and says nothing', async () => {
    const { logger, lines } = capturingLogger()
    const dataDir = path.join(tempRoot(), 'data')
    prepareDataDir(dataDir, logger)
    expect(mode(dataDir)).toBe(0o700)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toEqual([])
  })

  it('warns once about an existing DATA_DIR others can read, and leaves it as it is', async () => {
    const { logger, lines } = capturingLogger()
    const dataDir = path.join(tempRoot(), 'data')
    fs.mkdirSync(dataDir)
    fs.chmodSync(dataDir, 0o755)
    prepareDataDir(dataDir, logger)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, dataDir, mode: '755' })
    expect(mode(dataDir)).toBe(0o755)
  })

  it('creates the SQLite file 0600 in a 0700 folder', async () => {
    const folder = path.join(tempRoot(), 'db')
    const file = path.join(folder, 'mofu.db')
    const database = openDatabase({ kind: 'sqlite', file })
    try {
      await database.ping(1000)
      expect(mode(folder)).toBe(0o700)
      expect(mode(file)).toBe(0o600)
    } finally {
      await database.close()
    }
  })

  it('stores local avatars 0600 in 0700 folders', async () => {
    const dir = path.join(tempRoot(), 'storage')
    const storage = createLocalStorage(dir)
    await storage.put('avatars/u1', Buffer.from('image'), 'image/webp')
    expect(mode(path.join(dir, 'avatars'))).toBe(0o700)
    expect(mode(path.join(dir, 'avatars', 'u1'))).toBe(0o600)
    expect(mode(path.join(dir, 'avatars', '.u1.meta.json'))).toBe(0o600)
  })
})

describe('PUBLIC_URL over http://', () => {
  it.each([
    ['http://mofu.example', 1],
    ['http://192.168.1.10:3000', 1],
    ['http://localhost:3000', 0],
    ['https://mofu.example', 0],
  ])('%s logs %i warning(s) that cookies are not Secure', async (publicUrl, count) => {
    const { logger, lines } = capturingLogger()
    warnIfCookiesInsecure(publicUrl, logger)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(count)
    if (count > 0) expect(String(lines[0]?.msg)).toMatch(/cookies are not Secure/)
  })
})

describe('CONTACT_URL left unset', () => {
  it.each([
    [{ PUBLIC_URL: 'https://mofu.example' }, 'mailto:no-reply@mofu.example'],
    [
      { PUBLIC_URL: 'https://mofu.example', MAIL_FROM: 'Mofu <mail@mofu.example>' },
      'mailto:mail@mofu.example',
    ],
    [{ PUBLIC_URL: 'https://mofu.example', CONTACT_URL: ' ' }, 'mailto:no-reply@mofu.example'],
  ])(
    'warns once at start on a public address (%o), naming the contact used',
    async (env, contactUrl) => {
      const { logger, lines } = capturingLogger()
      warnIfContactUnset(loadConfig(env, '/srv/mofu'), logger)
      await new Promise((resolve) => setImmediate(resolve))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({ level: 40, contactUrl })
      expect(String(lines[0]?.msg)).toMatch(
        /^CONTACT_URL is unset: .*set CONTACT_URL to where users reach you$/,
      )
    },
  )

  it.each([
    { PUBLIC_URL: 'https://mofu.example', CONTACT_URL: 'mailto:hello@mofu.example' },
    { PUBLIC_URL: 'https://mofu.example', CONTACT_URL: 'https://mofu.example/contact' },
    {},
    { PUBLIC_URL: 'http://127.0.0.1:3000' },
  ])('says nothing when it is set or on a loopback address (%o)', async (env) => {
    const { logger, lines } = capturingLogger()
    warnIfContactUnset(loadConfig(env, '/srv/mofu'), logger)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toEqual([])
  })
})

describe('PUBLIC_URL on an IP address', () => {
  it.each([
    ['http://127.0.0.1:3000', 1],
    ['https://192.168.1.10', 1],
    ['http://[::1]:3000', 1],
    ['http://localhost:3000', 0],
    ['https://mofu.example', 0],
  ])('%s logs %i warning(s) that passkeys are not offered', async (publicUrl, count) => {
    const { logger, lines } = capturingLogger()
    warnIfPasskeysImpossible(publicUrl, logger)
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(count)
    if (count > 0) expect(String(lines[0]?.msg)).toMatch(/passkeys are not offered/)
  })
})
