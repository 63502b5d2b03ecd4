import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleSkeleton } from '../../src/shared/handle-skeleton'
import {
  HANDLE_MESSAGES,
  HANDLE_RELEASES_KEPT,
  PublicProfileSchema,
} from '../../src/shared/profile'
import { callApp } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Changing a handle (docs/using.md "Changing your handle"): the old one redirects to the new one
 * and is reserved for its owner, look-alikes with it, for 30 days, on /api/profiles, on the
 * /@handle page, at the availability check and at save, and under races.
 */

const TAKEN_BODY = { code: 'HANDLE_TAKEN', message: HANDLE_MESSAGES.taken }
const TOO_SIMILAR_BODY = { code: 'HANDLE_TOO_SIMILAR', message: HANDLE_MESSAGES.tooSimilar }
const USERS = 8
const SHELL =
  '<!doctype html><html><head></head><body><div id="root">profile shell</div></body></html>'

let smtp: SmtpCapture
let subject: TestApp
let clientDir: string
let users: TestUser[] = []
let sequence = 0

beforeAll(async () => {
  smtp = await startSmtpCapture()
  // The built client's files the /@handle page needs: it falls through to them.
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-released-'))
  await fs.mkdir(path.join(clientDir, 'pages'))
  await fs.writeFile(path.join(clientDir, 'index.html'), SHELL)
  await fs.writeFile(path.join(clientDir, 'pages', 'shell-standard.html'), SHELL)
  subject = await createTestApp({ smtpUrl: smtp.url, app: { clientDir } })
  users = await Promise.all(
    Array.from({ length: USERS }, (_, index) =>
      createTestUser(subject.app, smtp, {
        email: `released${index}-${Date.now()}@mofu.test`,
        ip: `10.91.0.${index + 1}`,
      }),
    ),
  )
}, 120_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
  await fs.rm(clientDir, { recursive: true, force: true })
})

const user = (index: number) => users[index] as TestUser

/** Each request from a client address of its own, so no test meets the per-address limits. */
async function request(
  path: string,
  options: { method?: string; cookie?: string; body?: unknown } = {},
) {
  sequence += 1
  const answer = await callApp(subject.app, path, {
    ...options,
    ip: `10.92.${sequence >> 8}.${sequence & 255}`,
  })
  expect(answer.status, `${path} answered ${answer.status}: ${answer.text}`).toBeLessThan(500)
  return answer
}

const save = (who: TestUser, handle: string) =>
  request('/api/me/profile', { method: 'PATCH', cookie: who.cookie, body: { handle } })

async function setHandle(who: TestUser, handle: string) {
  const saved = await save(who, handle)
  expect(saved.status, saved.text).toBe(200)
}

const check = async (handle: string, who?: TestUser) =>
  (await request(`/api/handles/${encodeURIComponent(handle)}`, { cookie: who?.cookie })).json

const currentHandle = async (who: TestUser) =>
  (
    await subject.database.db
      .selectFrom('profiles')
      .select('username')
      .where('user_id', '=', who.uid)
      .executeTakeFirstOrThrow()
  ).username

const releasesOf = (who: TestUser) =>
  subject.database.db
    .selectFrom('released_handles')
    .select('username')
    .where('user_id', '=', who.uid)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('username')
    .execute()
    .then((rows) => rows.map((row) => row.username))

/** What 30 days do to a release: it ends. */
const endRelease = (username: string) =>
  subject.database.db
    .updateTable('released_handles')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('username', '=', username)
    .execute()

/** The API's and the page's answer for a handle: where each redirects, or null. */
async function redirectsOf(handle: string) {
  const api = await request(`/api/profiles/${encodeURIComponent(handle)}`)
  const page = await request(`/@${encodeURIComponent(handle)}`)
  for (const answer of [api, page]) {
    if (answer.status === 301) expect(answer.headers.get('Cache-Control')).toBe('no-cache')
    else expect(answer.headers.get('Location')).toBeNull()
  }
  return {
    api: api.status === 301 ? api.headers.get('Location') : api.status,
    page: page.status === 301 ? page.headers.get('Location') : page.status,
  }
}

describe('a handle its owner changed away from', () => {
  it('redirects the API and the page to the new one, in any spelling, and only while released', async () => {
    const owner = user(0)
    await setHandle(owner, 'Hanami')
    expect(await redirectsOf('hanami')).toEqual({ api: 200, page: 200 })
    expect(await redirectsOf('hanamichi')).toEqual({ api: 404, page: 404 })

    await setHandle(owner, 'SakuraYa')
    expect(await redirectsOf('hanami')).toEqual({
      api: '/api/profiles/sakuraya',
      page: '/@sakuraya',
    })
    expect(await redirectsOf('@HANAMI')).toEqual({
      api: '/api/profiles/sakuraya',
      page: '/@sakuraya',
    })
    expect(await redirectsOf('ｈａｎａｍｉ')).toEqual({
      api: '/api/profiles/sakuraya',
      page: '/@sakuraya',
    })
    // The new handle and unknown ones answer as before: the profile, and the page for both.
    expect(await redirectsOf('sakuraya')).toEqual({ api: 200, page: 200 })
    expect(await redirectsOf('hanamichi')).toEqual({ api: 404, page: 404 })
    const page = await request('/@hanamichi')
    expect(page.text).toContain('profile shell')

    // Following the API's redirect gives the profile at its new handle, which tells the page.
    const followed = await request('/api/profiles/sakuraya')
    expect(PublicProfileSchema.parse(followed.json)).toMatchObject({
      username: 'sakuraya',
      displayUsername: 'SakuraYa',
    })
    expect(await releasesOf(owner)).toEqual(['hanami'])
  })

  it('is refused to everyone else, with its look-alikes, at the check and at save', async () => {
    const [owner, other] = [user(1), user(2)]
    await setHandle(owner, 'Kumori')
    await setHandle(other, 'otherone')
    await setHandle(owner, 'Harebare')

    for (const asker of [other, undefined]) {
      expect(await check('kumori', asker)).toMatchObject({
        available: false,
        message: HANDLE_MESSAGES.taken,
        suggestions: expect.arrayContaining([expect.any(String)]),
      })
      for (const lookAlike of ['kurnori', 'KUM0RI', 'kumor1']) {
        expect(await check(lookAlike, asker), lookAlike).toMatchObject({
          available: false,
          message: HANDLE_MESSAGES.tooSimilar,
        })
      }
    }
    expect((await save(other, 'kumori')).json).toEqual(TAKEN_BODY)
    for (const lookAlike of ['kurnori', 'KUM0RI', 'kumor1']) {
      const saved = await save(other, lookAlike)
      expect(saved.status, lookAlike).toBe(409)
      expect(saved.json).toEqual(TOO_SIMILAR_BODY)
    }
    expect(await currentHandle(other)).toBe('otherone')
    // Suggestions never offer a released handle or a look-alike of one.
    const suggested = (await check('kumori', other)).suggestions as string[]
    for (const suggestion of suggested) {
      expect(await check(suggestion, other)).toMatchObject({ available: true })
    }
  })

  it('is its owner’s to take back, which ends its redirect and releases the other', async () => {
    const owner = user(3)
    await setHandle(owner, 'Tsubame')
    await setHandle(owner, 'Kamome')
    expect(await check('tsubame', owner)).toMatchObject({ available: true, suggestions: [] })
    expect(await check('tsubarne', owner)).toMatchObject({ available: true, suggestions: [] })

    await setHandle(owner, 'TSUBAME')
    expect(await redirectsOf('tsubame')).toEqual({ api: 200, page: 200 })
    expect(await redirectsOf('kamome')).toEqual({
      api: '/api/profiles/tsubame',
      page: '/@tsubame',
    })
    expect(await releasesOf(owner)).toEqual(['kamome'])
  })

  it('redirects every handle of a chain to the latest one', async () => {
    const owner = user(4)
    await setHandle(owner, 'chainone')
    await setHandle(owner, 'chaintwo')
    await setHandle(owner, 'chainthree')
    for (const old of ['chainone', 'chaintwo']) {
      expect(await redirectsOf(old), old).toEqual({
        api: '/api/profiles/chainthree',
        page: '/@chainthree',
      })
    }
    expect(await releasesOf(owner)).toEqual(['chainone', 'chaintwo'])
  })

  it('is free for anyone and redirects no more once 30 days have passed', async () => {
    const [owner, other] = [user(5), user(6)]
    await setHandle(owner, 'Yuugure')
    await setHandle(owner, 'Asayake')
    const { expires_at } = await subject.database.db
      .selectFrom('released_handles')
      .select('expires_at')
      .where('username', '=', 'yuugure')
      .executeTakeFirstOrThrow()
    const days = (Date.parse(expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    await endRelease('yuugure')
    expect(await redirectsOf('yuugure')).toEqual({ api: 404, page: 404 })
    expect(await check('yuugure', other)).toMatchObject({ available: true })
    expect(await check('yuugure', owner)).toMatchObject({ available: true })
    await setHandle(other, 'yuugure')
    expect(await redirectsOf('yuugure')).toEqual({ api: 200, page: 200 })
    expect(await releasesOf(owner)).toEqual([])

    // Its new holder releases it in turn: reserved for them now, redirecting to them.
    await setHandle(other, 'Yoake')
    expect(await releasesOf(other)).toEqual(['yuugure'])
    expect(await redirectsOf('yuugure')).toEqual({ api: '/api/profiles/yoake', page: '/@yoake' })
    expect(await check('yuugure', owner)).toMatchObject({ message: HANDLE_MESSAGES.taken })
  })
})

describe('an account changing its handle again and again', () => {
  it(`keeps its latest ${HANDLE_RELEASES_KEPT} released handles; the oldest is free for anyone`, async () => {
    const [owner, other] = [user(6), user(5)]
    const handles = ['hoardone', 'hoardtwo', 'hoardthree', 'hoardfour', 'hoardfive']
    for (const handle of handles) await setHandle(owner, handle)
    const released = handles.slice(0, -1)
    expect((await releasesOf(owner)).filter((handle) => handles.includes(handle))).toEqual(
      released.slice(-HANDLE_RELEASES_KEPT).sort(),
    )
    for (const ended of released.slice(0, -HANDLE_RELEASES_KEPT)) {
      expect(await redirectsOf(ended), ended).toEqual({ api: 404, page: 404 })
      expect(await check(ended, other), ended).toMatchObject({ available: true })
    }
    for (const kept of released.slice(-HANDLE_RELEASES_KEPT)) {
      expect(await check(kept, other), kept).toMatchObject({ message: HANDLE_MESSAGES.taken })
    }
  })
})

describe('an owner leaving a handle while others try to take it', () => {
  it(
    'never lets another user hold it, or a look-alike of it, while it is released',
    { timeout: 120_000 },
    async () => {
      const owner = user(7)
      const takers = users.slice(0, 7)
      const spellings = (round: number) => [
        `mizore${round}`,
        `rnizore${round}`,
        `rn1zore${round}`,
        `MIZORE${round}`,
        `m1zore${round}`,
        `mlzore${round}`,
        `mizore${round}`,
      ]
      for (let round = 0; round < 6; round += 1) {
        const wanted = `mizore${round}`
        for (const [index, taker] of takers.entries())
          await setHandle(taker, `taker${round}x${index}`)
        await setHandle(owner, wanted)
        const leaving = [0, 1, 2].map((step) => `owner${round}x${step}`)

        const [ownerAnswers, takerAnswers] = await Promise.all([
          Promise.all(leaving.map((handle) => save(owner, handle))),
          Promise.all(takers.map((taker, index) => save(taker, spellings(round)[index] ?? ''))),
        ])

        for (const answer of ownerAnswers) expect(answer.status, answer.text).toBe(200)
        const current = await currentHandle(owner)
        expect(leaving).toContain(current)
        // Each of the owner's saves released the handle before it, however they interleaved.
        const released = await releasesOf(owner)
        expect(released.filter((handle) => handle === wanted || leaving.includes(handle))).toEqual(
          [wanted, ...leaving.filter((handle) => handle !== current)].sort(),
        )
        for (const answer of takerAnswers) {
          expect(answer.status, answer.text).toBe(409)
          expect([TAKEN_BODY, TOO_SIMILAR_BODY]).toContainEqual(answer.json)
        }
        const holders = await subject.database.db
          .selectFrom('profiles')
          .select('user_id')
          .where('handle_skeleton', '=', handleSkeleton(wanted))
          .execute()
        expect(holders, `round ${round}`).toEqual([])
      }
    },
  )
})

describe('a deleted account’s handles', () => {
  it('stay reserved, tied to no one, and redirect nowhere', async () => {
    const leaving = await createTestUser(subject.app, smtp, {
      email: `released-leaving-${Date.now()}@mofu.test`,
      ip: '10.91.1.1',
    })
    await setHandle(leaving, 'Sayonara')
    await setHandle(leaving, 'Matane')
    expect(await redirectsOf('sayonara')).toEqual({ api: '/api/profiles/matane', page: '/@matane' })

    const deleted = await request('/api/me', {
      method: 'DELETE',
      cookie: leaving.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)

    const rows = await subject.database.db
      .selectFrom('released_handles')
      .selectAll()
      .where('username', 'in', ['sayonara', 'matane'])
      .orderBy('username')
      .execute()
    expect(rows).toEqual([
      { username: 'matane', skeleton: 'rnatane', user_id: null, expires_at: expect.any(String) },
      { username: 'sayonara', skeleton: 'sayonara', user_id: null, expires_at: expect.any(String) },
    ])
    for (const handle of ['sayonara', 'matane']) {
      expect(await redirectsOf(handle), handle).toEqual({ api: 404, page: 404 })
      expect(await check(handle, user(0)), handle).toMatchObject({
        message: HANDLE_MESSAGES.taken,
      })
      expect((await save(user(0), handle)).json, handle).toEqual(TAKEN_BODY)
    }
    expect((await save(user(0), 'rnatane')).json).toEqual(TOO_SIMILAR_BODY)
  })
})

describe('the data export', () => {
  it('lists the live released handles and until when each is reserved', async () => {
    const owner = user(2)
    await setHandle(owner, 'exportone')
    await setHandle(owner, 'exporttwo')
    await setHandle(owner, 'exportthree')
    await endRelease('exportone')
    const answer = await request('/api/me/export', { cookie: owner.cookie })
    expect(answer.status).toBe(200)
    const data = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(answer.bytes))['mofu-data.json']),
    ) as { profile: { releasedHandles: unknown } }
    const released = data.profile.releasedHandles as { username: string }[]
    expect(released.map((handle) => handle.username)).toEqual(expect.arrayContaining(['exporttwo']))
    expect(released.map((handle) => handle.username)).not.toContain('exportone')
    expect(released).toContainEqual({ username: 'exporttwo', reservedUntil: expect.any(String) })
  })
})
