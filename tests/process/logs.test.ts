import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { THIS_CHECKOUT } from '../support/build-identity'
import { freePort } from '../support/free-port'
import { PACKAGE_VERSION } from '../support/package-version'
import { startServer, type ServerProcess } from '../support/server-process'

const MAIN = path.resolve(import.meta.dirname, '../../dist/server/main.js')
const running: ServerProcess[] = []
const folders: string[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.dispose()))
  await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })))
})

/** What a person starting Mofu reads first: where it is, its database, storage and mail. */
function startLines(dataDir: string): RegExp[] {
  return [
    /Mofu is ready at http:\/\/127\.0\.0\.1:\d+/,
    new RegExp(`database: SQLite file ${path.join(dataDir, 'mofu.db')}`),
    new RegExp(`storage: folder ${path.join(dataDir, 'storage')}`),
    new RegExp(`mail: written to the outbox ${path.join(dataDir, 'outbox')}`),
  ]
}

describe('the server log', () => {
  it('is JSON lines by default, beginning with where the app, its data and its mail are', async () => {
    const server = await startServer()
    running.push(server)
    const lines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line !== '')
    await expect.poll(() => lines().join('\n')).toMatch(/mail: written to the outbox/)
    expect(lines().every((line) => line.startsWith('{'))).toBe(true)
    const messages = lines().map((line) => (JSON.parse(line) as { msg: string }).msg)
    for (const expected of startLines(server.dataDir)) {
      expect(messages.some((message) => expected.test(message))).toBe(true)
    }
    const ready = lines()
      .map((line) => JSON.parse(line) as { msg: string; version?: unknown; commit?: unknown })
      .find((entry) => entry.msg.startsWith('Mofu is ready'))
    expect(ready?.version, 'the release in the ready line').toBe(PACKAGE_VERSION)
    expect(ready?.commit, 'the commit in the ready line').toMatch(THIS_CHECKOUT)
  })

  it('is readable lines with LOG_FORMAT=pretty: time, level, message, fields', async () => {
    const server = await startServer({ env: { LOG_FORMAT: 'pretty' } })
    running.push(server)
    await fetch(`${server.url}/healthz`)
    await expect
      .poll(() => server.output())
      .toMatch(/^\d\d:\d\d:\d\d INFO {2}request {2}reqId=\S+ method=GET path=\/healthz status=200/m)
    const output = server.output()
    expect(output).not.toMatch(/^\{/m)
    for (const expected of startLines(server.dataDir)) {
      expect(output).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d INFO  ${expected.source}`, 'm'))
    }
  })

  it("keeps a request's text on its own line with LOG_FORMAT=pretty, escaped", async () => {
    const server = await startServer({ env: { LOG_FORMAT: 'pretty' } })
    running.push(server)
    const forged = '\n12:00:00 WARN  security event  event=account.deleted userId=victim'
    const answer = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'forger@mofu.test',
        password: 'sakura-123',
        name: '',
        callbackURL: `https://evil.example/\u001b[2K\r${forged}`,
      }),
    })
    expect(answer.status).toBe(403)
    await expect.poll(() => server.output()).toMatch(/Invalid callbackURL/)
    const output = server.output()
    expect(output).not.toMatch(/^12:00:00 WARN/m)
    expect(output).toContain('\\u001b[2K\\r\\n12:00:00 WARN  security event')
    expect(output).not.toContain('\u001b')
  })

  it('is readable lines when standard output is a terminal', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-data-'))
    folders.push(dataDir)
    const port = await freePort()
    // `script` runs the server on a pseudo-terminal and copies what it prints to its own output.
    const child = spawn('script', ['-qfec', `${process.execPath} ${MAIN}`, '/dev/null'], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    try {
      // The terminal's colours sit around the level; the words are the same as without them.
      const plain = () => stripVTControlCharacters(output).replace(/\r/g, '')
      await expect.poll(plain, { timeout: 20_000 }).toMatch(/mail: written to the outbox/)
      expect(plain()).not.toMatch(/^\{/m)
      for (const expected of startLines(dataDir)) {
        expect(plain()).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d INFO  ${expected.source}`, 'm'))
      }
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })
})
