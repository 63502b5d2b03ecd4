import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '../support/server-process'

/**
 * The built server's static files and page handler over real HTTP (the API is fuzzed
 * in-process by tests/integration/fuzz.test.ts): traversal in every spelling, broken
 * percent-encodings, NUL and backslashes, overlong paths. No request may get a 5xx or any byte of
 * a file outside dist/client, and the server must keep answering.
 */

const DIST = path.resolve(import.meta.dirname, '../../dist')
/** A file beside dist/client, one `..` away from it, with content no real file has. */
const OUTSIDE_NAME = `fuzz-outside-${randomUUID()}.txt`
const OUTSIDE_CONTENT = `outside dist/client ${randomUUID()}`
/** What other files outside dist/client would give away if one were served. */
const LEAKS = [OUTSIDE_CONTENT, 'removeOrphanedTempFiles', '"name": "mofu"', 'root:x:0:0']

let server: ServerProcess
beforeAll(async () => {
  await fs.writeFile(path.join(DIST, OUTSIDE_NAME), OUTSIDE_CONTENT)
  server = await startServer()
})
afterAll(async () => {
  await server.dispose()
  await fs.rm(path.join(DIST, OUTSIDE_NAME), { force: true })
})

interface RawAnswer {
  status: number
  body: string
}

/** Sends the request line exactly as given (no URL parser normalizes it on the way). */
function rawGet(target: string, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`no answer to ${target.slice(0, 80)}`)),
    )
    socket.on('data', (chunk) => chunks.push(chunk))
    // Node refuses a request line over its 16 KB header limit with a 431 and closes the socket
    // while the rest is still being sent: the answer has arrived, the reset that follows is noise.
    socket.on('error', (error) => {
      if (chunks.length === 0) reject(error)
    })
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]
      if (status === undefined) {
        reject(new Error(`no status line for ${JSON.stringify(target.slice(0, 80))}`))
        return
      }
      resolve({ status: Number(status), body: text.slice(text.indexOf('\r\n\r\n') + 4) })
    })
    socket.end(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
    )
  })
}

const DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '..;', '...']
const SEPARATORS = ['/', '%2f', '%2F', '\\', '%5c', '%5C', '%252f', '//']
const PREFIXES = ['/', '/assets/', '/images/', '/media/avatars/', '/@', '/articles/', '/api/']
const TARGETS = [OUTSIDE_NAME, 'server/main.js', 'package.json', 'etc/passwd']

/** Every spelling of "go up `depth` folders, then to target", under every prefix. */
function traversals(): string[] {
  const paths: string[] = []
  for (const prefix of PREFIXES) {
    for (const dots of DOTS) {
      for (const separator of SEPARATORS) {
        for (const target of TARGETS) {
          for (const depth of [1, 2, 6]) {
            const up = Array.from({ length: depth }, () => dots).join(separator)
            paths.push(`${prefix}${up}${separator}${target.split('/').join(separator)}`)
          }
        }
      }
    }
  }
  return paths
}

const BAD_ENCODINGS = [
  '/%',
  '/%zz',
  '/%2',
  '/%%',
  '/%ff',
  '/%c0%af',
  '/%e0%80',
  '/%ed%a0%80',
  '/assets/%',
  '/assets/%e0%80.js',
  '/@%ff',
  '/%00',
  '/assets/index.js%00.html',
  '/favicon.svg%00',
  '/favicon.svg%2500',
  '/%2e',
  '/.%2e',
  '/images%2f..%2f..%2fpackage.json',
]

function expectClean(target: string, answer: RawAnswer) {
  const label = JSON.stringify(target.slice(0, 120))
  expect(answer.status, label).toBeLessThan(500)
  for (const leak of LEAKS) expect(answer.body.includes(leak), `${label} leaks ${leak}`).toBe(false)
}

describe('the static and page handler of the built server, over HTTP', () => {
  it('serves the sentinel nowhere, whichever way a path climbs out of dist/client', async () => {
    const paths = traversals()
    expect(paths.length).toBeGreaterThan(5_000)
    for (const target of paths) expectClean(target, await rawGet(target))
    expect((await rawGet('/favicon.svg')).status).toBe(200)
  }, 240_000)

  it('answers broken percent-encodings, NUL and raw bytes with a 4xx or a page, never a 5xx', async () => {
    for (const target of BAD_ENCODINGS) {
      for (const method of ['GET', 'HEAD']) expectClean(target, await rawGet(target, method))
    }
    // Raw NUL, backslashes and control bytes in the request line, which fetch would refuse.
    for (const target of [
      '/\u0000',
      '/assets/\u0000../../package.json',
      '/\\..\\..\\package.json',
    ]) {
      expectClean(target, await rawGet(target))
    }
    const segment = fc.stringMatching(/^[a-zA-Z0-9%./\\;@~_-]{0,40}$/)
    const generated = fc.sample(fc.array(segment, { minLength: 1, maxLength: 6 }), {
      numRuns: 1_000,
      seed: 16,
    })
    for (const parts of generated) {
      const target = `/${parts.join('/')}`
      expectClean(target, await rawGet(target))
    }
  }, 120_000)

  it('answers overlong paths with a 4xx or a page, and keeps answering afterwards', async () => {
    for (const length of [2_000, 8_000, 15_000, 100_000]) {
      for (const target of [
        `/${'a'.repeat(length)}`,
        `/assets/${'b'.repeat(length)}.js`,
        `/${'../'.repeat(length / 3)}package.json`,
        `/${'%2e%2e%2f'.repeat(length / 9)}package.json`,
      ]) {
        expectClean(target, await rawGet(target))
      }
    }
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    const page = await fetch(`${server.url}/seeme`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root" data-prerendered="/seeme" data-lang="en">')
    expect(server.child.exitCode).toBeNull()
  }, 120_000)
})
