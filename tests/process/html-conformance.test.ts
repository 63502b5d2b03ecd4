import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { PAGES } from '../../src/shared/pages'
import { POPUP_DONE_PATH } from '../../src/shared/routes'
import { callApp, overHttp } from '../support/api'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestUser } from '../support/test-users'

/**
 * Every page the built server sends passes the W3C Nu HTML checker (vnu.jar, from the vnu-jar
 * package, run on the machine's Java) without an error: each page of the registry, the paths with
 * a part of their own, a public profile, an unknown handle and an unknown path, in both languages.
 * One run of the checker reads them all, as starting Java is most of its time.
 */

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'))
const run = promisify(execFile)

let smtp: SmtpCapture
let server: ServerProcess

beforeAll(async () => {
  smtp = await startSmtpCapture()
  server = await startServer({ env: { SMTP_URL: smtp.url } })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.dispose(), smtp?.close()])
})

/** The checker's errors for each file, as `file: message (extract)`. */
async function checkerErrors(files: string[]): Promise<string[]> {
  const report = await run(
    'java',
    ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  ).then(
    ({ stderr }) => stderr,
    // It exits 1 when it found an error; its report is on stderr either way.
    (failed: { stderr?: string }) => failed.stderr ?? '',
  )
  const { messages } = JSON.parse(report) as {
    messages: { type: string; url?: string; message: string; extract?: string }[]
  }
  return messages
    .filter(({ type }) => type === 'error' || type === 'non-document-error')
    .map(
      ({ url, message, extract }) => `${path.basename(url ?? '')}: ${message} (${extract ?? ''})`,
    )
}

it('every page the server sends is valid HTML in both languages', async () => {
  const app = overHttp(server.url)
  const user = await createTestUser(app, smtp, {
    email: `nu-${Date.now()}@mofu.test`,
    ip: '10.9.0.1',
  })
  const handle = `nu${Date.now().toString(36)}`
  const named = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    body: { name: 'Nu Checker', handle, bio: 'Checked & valid <3' },
  })
  expect(named.status).toBe(200)

  // The catalog loads after the server starts: a title page is checked once it has the title.
  await vi.waitFor(
    async () =>
      expect((await fetch(new URL('/api/anime/bgm-400602', server.url))).status).toBe(200),
    { timeout: 30_000, interval: 250 },
  )

  const paths = [
    ...Object.keys(PAGES),
    '/articles/first-steps',
    '/anime/op/any',
    '/anime/bgm-400602',
    '/anime/bgm-1',
    '/account/verify?token=abc',
    POPUP_DONE_PATH,
    `/@${handle}`,
    '/@nobody-at-all',
    '/no-such-place',
  ]
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-nu-'))
  try {
    const files: string[] = []
    for (const language of ['en', 'ja']) {
      for (const [index, page] of paths.entries()) {
        const answer = await fetch(new URL(page, server.url), {
          headers: { Accept: 'text/html', 'Accept-Language': language },
        })
        expect(answer.headers.get('content-type'), page).toContain('text/html')
        const file = path.join(folder, `${language}-${index}-${page.replace(/\W+/g, '_')}.html`)
        await fs.writeFile(file, await answer.text())
        files.push(file)
      }
    }
    expect(await checkerErrors(files)).toEqual([])
  } finally {
    await fs.rm(folder, { recursive: true, force: true })
  }
}, 90_000)
