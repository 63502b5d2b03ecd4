import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { callApp, cookiesOf, overHttp, type Call } from '../support/api'
import { freePort } from '../support/free-port'
import { runMofu } from '../support/mofu-command'
import { startS3Server, type S3Peer } from '../support/s3-server'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { SessionListSchema } from '../../src/shared/sessions'
import { AnimeSearchResultsSchema } from '../../src/shared/anime'
import { SERVED_PROFILE_ELEMENT_ID } from '../../src/shared/profile'
import type { ProfileWithFolders } from '../../src/shared/public-folders'
import { createTestUser, putAvatar, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Two app instances behind one address, as a load balancer would run them (docs/scaling-out.md):
 * one PostgreSQL, one S3-compatible store, one Redis, and nothing kept in either process.
 */

const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Sign-in attempts allowed per client address per minute (src/server/auth/endpoints.ts). */
const SIGN_IN_LIMIT = 10

let database: TestDatabase
let s3: S3Peer
let smtp: SmtpCapture
let a: ServerProcess
let b: ServerProcess
let user: TestUser

beforeAll(async () => {
  ;[database, s3, smtp] = await Promise.all([
    createTestDatabase('postgres'),
    startS3Server(),
    startSmtpCapture(),
  ])
  const port = await freePort()
  const env = {
    // Both instances answer for one public address, as behind a load balancer.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    STORAGE_URL: `s3://${s3.bucket}/scale-out`,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    REDIS_URL,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
  }
  a = await startServer({ env, port })
  b = await startServer({ env })
  user = await createTestUser(overHttp(a.url), smtp, {
    email: `scale-out-${Date.now()}@mofu.test`,
    ip: `10.66.${Math.floor(Math.random() * 250)}.1`,
  })
}, 60_000)

afterAll(async () => {
  await Promise.all([a?.dispose(), b?.dispose()])
  await Promise.all([database?.drop(), s3?.close(), smtp?.close()])
})

it('a session made on one instance works on the other, and ends on both', async () => {
  const headers = { Cookie: user.cookie }
  const onB = await fetch(`${b.url}/api/me/profile`, { headers })
  expect(onB.status).toBe(200)
  expect(await onB.json()).toMatchObject({ uid: user.uid })

  const signOut = await fetch(`${b.url}/api/auth/sign-out`, {
    method: 'POST',
    headers: {
      ...headers,
      'Content-Type': 'application/json',
      Origin: a.url,
      'X-Forwarded-For': user.ip,
    },
    body: '{}',
  })
  expect(signOut.status).toBe(200)
  expect((await fetch(`${a.url}/api/me/profile`, { headers })).status).toBe(401)
})

it('mofu users disable ends the session on both instances at once', async () => {
  const target = await createTestUser(overHttp(b.url, a.url), smtp, {
    email: `scale-out-disable-${Date.now()}@mofu.test`,
    ip: `10.65.${Math.floor(Math.random() * 250)}.1`,
  })
  const profileStatus = async (server: ServerProcess) =>
    (await fetch(`${server.url}/api/me/profile`, { headers: { Cookie: target.cookie } })).status
  expect([await profileStatus(a), await profileStatus(b)]).toEqual([200, 200])

  // The operator runs the command with the instances' configuration (Redis included).
  const disabled = await runMofu(a.env, ['users', 'disable', target.email])
  expect(disabled.code).toBe(0)
  expect([await profileStatus(a), await profileStatus(b)]).toEqual([401, 401])
  const signIn = await fetch(`${b.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: a.url, 'X-Forwarded-For': target.ip },
    body: JSON.stringify({ email: target.email, password: TEST_PASSWORD }),
  })
  expect(signIn.status).toBe(403)
  expect(await signIn.json()).toMatchObject({ message: 'This account has been disabled.' })
}, 120_000)

it('deleting the account on one instance ends its session on the other at once', async () => {
  const doomed = await createTestUser(overHttp(a.url), smtp, {
    email: `scale-out-delete-${Date.now()}@mofu.test`,
    ip: `10.65.${Math.floor(Math.random() * 250)}.1`,
  })
  const headers = { Cookie: doomed.cookie }
  expect((await fetch(`${a.url}/api/me/profile`, { headers })).status).toBe(200)
  const deleted = await fetch(`${b.url}/api/me`, {
    method: 'DELETE',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: TEST_PASSWORD }),
  })
  expect(deleted.status).toBe(204)
  expect((await fetch(`${a.url}/api/me/profile`, { headers })).status).toBe(401)
})

it('rate limits count across instances, by the address the proxy appended', async () => {
  const ip = `10.67.${Math.floor(Math.random() * 250)}.1`
  let attempts = 0
  const attempt = (server: ServerProcess) =>
    fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: a.url,
        // What the client wrote changes every time; what the proxy appended does not.
        'X-Forwarded-For': `192.0.2.${++attempts % 250}, ${ip}`,
      },
      body: JSON.stringify({ email: `nobody-${attempts}@mofu.test`, password: 'not-it' }),
    }).then((response) => response.status)
  // Alternating: each instance alone sees only half the attempts, below its own limit.
  const statuses: number[] = []
  for (let i = 0; i < SIGN_IN_LIMIT; i++) statuses.push(await attempt(i % 2 === 0 ? a : b))
  expect(statuses.filter((status) => status === 429)).toEqual([])
  expect(await attempt(a)).toBe(429)
  expect(await attempt(b)).toBe(429)
})

it('failed sign-ins for one account count across instances, from any address', async () => {
  const email = `target-${Date.now()}@mofu.test`
  let attempts = 0
  const attempt = (server: ServerProcess) =>
    fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: a.url,
        'X-Forwarded-For': `10.69.${Math.floor(Math.random() * 250)}.${++attempts}`,
      },
      body: JSON.stringify({ email, password: 'not-it' }),
    }).then((response) => response.status)
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) statuses.push(await attempt(i % 2 === 0 ? a : b))
  expect(statuses.filter((status) => status === 429)).toEqual([])
  expect(await attempt(a)).toBe(429)
  expect(await attempt(b)).toBe(429)
})

it('an avatar uploaded through one instance is served by the other', async () => {
  const fresh = await createTestUser(overHttp(b.url, a.url), smtp, {
    email: `scale-out-avatar-${Date.now()}@mofu.test`,
    ip: `10.68.${Math.floor(Math.random() * 250)}.1`,
  })
  const image = await sharp({
    create: { width: 300, height: 300, channels: 3, background: '#ffb7c5' },
  })
    .png()
    .toBuffer()
  const put = await putAvatar(overHttp(a.url), fresh.cookie, image, 'image/png')
  expect(put.status).toBe(200)
  const { avatar } = (await put.json()) as { avatar: string }
  const url = new URL(avatar)
  // Either instance names it by the shared public address.
  expect(url.origin).toBe(a.url)

  const fromA = await fetch(`${a.url}${url.pathname}${url.search}`)
  const fromB = await fetch(`${b.url}${url.pathname}${url.search}`)
  expect(fromB.status).toBe(200)
  expect(fromB.headers.get('content-type')).toBe('image/jpeg')
  expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()))
  const profileOnB = await fetch(`${b.url}/api/me/profile`, { headers: { Cookie: fresh.cookie } })
  expect(await profileOnB.json()).toMatchObject({ avatar })
})

it('a session ended from the sessions list on one instance ends at once on the other', async () => {
  const owner = await createTestUser(overHttp(a.url), smtp, {
    email: `scale-out-sessions-${Date.now()}@mofu.test`,
    ip: `10.70.${Math.floor(Math.random() * 250)}.1`,
  })
  const other = await fetch(`${b.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: a.url, 'X-Forwarded-For': owner.ip },
    body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
  })
  expect(other.status).toBe(200)
  const otherCookie = cookiesOf(other.headers)
  const onB = async () =>
    (await fetch(`${b.url}/api/me/profile`, { headers: { Cookie: otherCookie } })).status
  expect(await onB()).toBe(200)

  const listed = await fetch(`${a.url}/api/me/sessions`, { headers: { Cookie: owner.cookie } })
  const { sessions } = SessionListSchema.parse(await listed.json())
  const mine = sessions.find((session) => session.thisDevice)
  expect(mine).toBeDefined()
  const ended = await fetch(`${a.url}/api/me/sessions`, {
    method: 'DELETE',
    headers: { Cookie: owner.cookie, Origin: a.url },
  })
  expect(ended.status).toBe(204)
  expect(await onB()).toBe(401)
  expect(
    (await fetch(`${b.url}/api/me/profile`, { headers: { Cookie: owner.cookie } })).status,
  ).toBe(200)
})

it('/@handle drawn by one instance follows each change to the board made through the other', async () => {
  const owner = await createTestUser(overHttp(a.url), smtp, {
    email: `scale-out-board-${Date.now()}@mofu.test`,
    ip: `10.69.${Math.floor(Math.random() * 250)}.1`,
  })
  const through = (server: ServerProcess) => (path: string, call: Call) =>
    callApp(overHttp(server.url, a.url), path, { cookie: owner.cookie, ...call })
  const [onA, onB] = [through(a), through(b)]
  const handle = `shelf${Date.now().toString(36)}`
  expect((await onA('/api/me/profile', { method: 'PATCH', body: { handle } })).status).toBe(200)
  // The first instance loads the shipped catalog once it runs.
  let found: { id: string }[] = []
  await expect
    .poll(
      async () => {
        const answer = await onA('/api/anime/search?q=gundam', {})
        found = answer.status === 200 ? AnimeSearchResultsSchema.parse(answer.json).results : []
        return found.length
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2)
  const [first, second] = found.map((title) => title.id)
  const made = await onA('/api/me/folders', { body: { name: 'Kept close' } })
  expect(made.status).toBe(201)
  const folder = (made.json as { id: string }).id
  for (const id of [first, second]) {
    expect(
      (await onA(`/api/me/likes/${id}`, { method: 'PUT', body: { folderId: folder } })).status,
    ).toBe(200)
  }
  const publicOnA = async () => {
    const page = await callApp(overHttp(a.url), `/@${handle}`, { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    const data = new RegExp(
      `<script id="${SERVED_PROFILE_ELEMENT_ID}" type="application/json">([^<]*)</script>`,
    ).exec(page.text)?.[1]
    const shown = JSON.parse(data ?? 'null') as ProfileWithFolders
    return {
      folders: shown.folders.map(
        (card) => `${card.name}: ${card.titles.map((title) => title.id).join(' ')}`,
      ),
      pinned: shown.pinned.map((title) => title.id),
    }
  }

  const setFolder = (body: object) => onB(`/api/me/folders/${folder}`, { method: 'PATCH', body })
  expect(
    (await onA(`/api/me/folders/${folder}`, { method: 'PATCH', body: { public: true } })).status,
  ).toBe(200)
  const both = `Kept close: ${second} ${first}`
  expect(await publicOnA()).toEqual({ folders: [both], pinned: [] })
  expect(await publicOnA()).toEqual({ folders: [both], pinned: [] })

  expect((await setFolder({ public: false })).status).toBe(200)
  expect(await publicOnA()).toEqual({ folders: [], pinned: [] })
  expect((await setFolder({ public: true, name: 'Kept closer' })).status).toBe(200)
  expect(await publicOnA()).toEqual({ folders: [`Kept closer: ${second} ${first}`], pinned: [] })
  expect((await onB(`/api/me/likes/${second}`, { method: 'DELETE' })).status).toBe(204)
  expect(await publicOnA()).toEqual({ folders: [`Kept closer: ${first}`], pinned: [] })
  expect((await onB(`/api/me/likes/${first}/pin`, { method: 'PUT', body: {} })).status).toBe(200)
  expect(await publicOnA()).toEqual({ folders: [`Kept closer: ${first}`], pinned: [first] })
  expect((await onB(`/api/me/likes/${first}/pin`, { method: 'DELETE' })).status).toBe(204)
  expect(await publicOnA()).toEqual({ folders: [`Kept closer: ${first}`], pinned: [] })
})
