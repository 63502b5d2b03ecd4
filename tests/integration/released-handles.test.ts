import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { sql, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeBackHandle } from '../../src/server/stores/released-handles'
import type { Tables } from '../../src/server/db/tables'
import { handleSkeleton } from '../../src/shared/handle-skeleton'
import { SHARED_MESSAGES_JA } from '../../src/shared/messages-ja'
import {
  HANDLE_CHANGES_MAX,
  HANDLE_MESSAGES,
  HANDLE_RELEASE_DAYS,
  PublicProfileSchema,
} from '../../src/shared/profile'
import { callApp, type Call } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Changing a handle (docs/using.md "Changing your handle"): the old one redirects to the new one
 * and is reserved for its owner, look-alikes with it, for 30 days, on /api/profiles, on the
 * /@handle page, at the availability check and at save, and under races.
 */

const TAKEN_BODY = { code: 'HANDLE_TAKEN', message: HANDLE_MESSAGES.taken }
const TOO_SIMILAR_BODY = { code: 'HANDLE_TOO_SIMILAR', message: HANDLE_MESSAGES.tooSimilar }
const LIMITED_BODY = { code: 'HANDLE_CHANGES_LIMITED', message: HANDLE_MESSAGES.changesLimited }
const DAY_MS = 86_400_000
const USERS = 8
const SHELL =
  '<!doctype html><html><head></head><body><div id="root">profile shell</div></body></html>'

let smtp: SmtpCapture
let subject: TestApp
let clientDir: string
let users: TestUser[] = []

beforeAll(async () => {
  smtp = await startSmtpCapture()
  // The built client's files the /@handle page needs: it falls through to them.
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-released-'))
  await fs.mkdir(path.join(clientDir, 'pages'))
  await fs.writeFile(path.join(clientDir, 'index.html'), SHELL)
  await fs.writeFile(path.join(clientDir, 'pages', 'shell-standard.html'), SHELL)
  subject = await createTestApp({ smtpUrl: smtp.url, app: { clientDir } })
  users = await Promise.all(
    Array.from({ length: USERS }, () => createTestUser(subject.app, smtp, newVisitor('released'))),
  )
}, 120_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
  await fs.rm(clientDir, { recursive: true, force: true })
})

const user = (index: number) => users[index] as TestUser

/** An account of the test's own, so the changes of handle it counts are its alone. */
const newUser = () => createTestUser(subject.app, smtp, newVisitor('released-own'))

async function request(path: string, call: Call = {}) {
  const answer = await callApp(subject.app, path, call)
  expect(answer.status, `${path} answered ${answer.status}: ${answer.text}`).toBeLessThan(500)
  return answer
}

const save = (who: TestUser, handle: string, headers?: Record<string, string>) =>
  request('/api/me/profile', { method: 'PATCH', cookie: who.cookie, body: { handle }, headers })

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
/** The first moment after the clock's current millisecond. */
async function afterThisMillisecond(): Promise<Date> {
  const now = Date.now()
  while (Date.now() <= now) await new Promise((resolve) => setTimeout(resolve, 1))
  return new Date()
}

const endRelease = (username: string) =>
  subject.database.db
    .updateTable('released_handles')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('username', '=', username)
    .execute()

/**
 * What `days` days do to an account's handles: every time stored about them, the releases'
 * ends and the changes', moves back by that much.
 */
async function passDays(who: TestUser, days: number) {
  const { db } = subject.database
  const earlier = (at: string) => new Date(Date.parse(at) - days * DAY_MS).toISOString()
  for (const row of await db
    .selectFrom('released_handles')
    .select(['username', 'expires_at'])
    .where('user_id', '=', who.uid)
    .execute()) {
    await db
      .updateTable('released_handles')
      .set({ expires_at: earlier(row.expires_at) })
      .where('username', '=', row.username)
      .execute()
  }
  for (const row of await db
    .selectFrom('handle_changes')
    .select(['seq', 'changed_at'])
    .where('user_id', '=', who.uid)
    .execute()) {
    await db
      .updateTable('handle_changes')
      .set({ changed_at: earlier(row.changed_at) })
      .where('user_id', '=', who.uid)
      .where('seq', '=', row.seq)
      .execute()
  }
}

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
  it(`may change it ${HANDLE_CHANGES_MAX} times in ${HANDLE_RELEASE_DAYS} days, and every handle it left stays reserved its whole ${HANDLE_RELEASE_DAYS} days`, async () => {
    const [owner, other] = [await newUser(), await newUser()]
    // A first handle, as many changes as are allowed, and one more.
    const handles = Array.from({ length: HANDLE_CHANGES_MAX + 2 }, (_, step) => `hoardstep${step}`)
    const [first = '', ...next] = handles
    const refusedHandle = handles.at(-1) ?? ''
    await setHandle(owner, first)
    const answers = []
    for (const handle of next) answers.push(await save(owner, handle))

    // However many changes came after, the first handle left is still the owner's alone.
    expect((await save(other, first)).json).toEqual(TAKEN_BODY)
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(HANDLE_CHANGES_MAX).fill(200),
      429,
    ])
    const refused = answers.at(-1)
    expect(refused?.json).toEqual(LIMITED_BODY)
    const retryDays = Number(refused?.headers.get('Retry-After')) / 86_400
    expect(retryDays).toBeGreaterThan(HANDLE_RELEASE_DAYS - 0.1)
    expect(retryDays).toBeLessThanOrEqual(HANDLE_RELEASE_DAYS)
    const kept = handles[HANDLE_CHANGES_MAX] ?? ''
    const left = handles.slice(0, HANDLE_CHANGES_MAX)
    expect(await currentHandle(owner)).toBe(kept)
    expect(await releasesOf(owner)).toEqual([...left].sort())
    for (const handle of left) {
      expect(await check(handle, other), handle).toMatchObject({ message: HANDLE_MESSAGES.taken })
      expect(await redirectsOf(handle), handle).toEqual({
        api: `/api/profiles/${kept}`,
        page: `/@${kept}`,
      })
    }
    const japanese = await save(owner, refusedHandle, { 'Accept-Language': 'ja' })
    expect(japanese.status).toBe(429)
    expect(japanese.json).toEqual({
      code: 'HANDLE_CHANGES_LIMITED',
      message: SHARED_MESSAGES_JA.handle.changesLimited,
    })

    // A minute before the 30 days are over: still reserved, and still no change.
    await passDays(owner, HANDLE_RELEASE_DAYS - 1 / 1440)
    expect((await save(other, first)).json).toEqual(TAKEN_BODY)
    expect((await save(owner, refusedHandle)).json).toEqual(LIMITED_BODY)
    expect(await currentHandle(owner)).toBe(kept)

    // A minute after: each handle left is free for anyone, and the owner may change again.
    await passDays(owner, 2 / 1440)
    expect(await check(first, other)).toMatchObject({ available: true })
    await setHandle(other, first)
    await setHandle(owner, refusedHandle)
    expect(await releasesOf(owner)).toEqual([kept])
    // Of the changes over 30 days old only the latest is kept, and then the new one.
    const changes = await subject.database.db
      .selectFrom('handle_changes')
      .select('username')
      .where('user_id', '=', owner.uid)
      .orderBy('seq')
      .execute()
    expect(changes.map((change) => change.username)).toEqual([left.at(-1), kept])
  })

  it('counts changes sent at once, each releasing the handle before it', async () => {
    const owner = await newUser()
    await setHandle(owner, 'atoncebase')
    const wanted = Array.from({ length: HANDLE_CHANGES_MAX + 1 }, (_, step) => `atonce${step}`)
    const answers = await Promise.all(wanted.map((handle) => save(owner, handle)))

    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(HANDLE_CHANGES_MAX).fill(200),
      429,
    ])
    const current = await currentHandle(owner)
    const moved = wanted.filter((_, index) => answers[index]?.status === 200)
    expect(moved).toContain(current)
    // The one user's saves queued: each released the handle before it, none was lost.
    expect(await releasesOf(owner)).toEqual(
      ['atoncebase', ...moved.filter((handle) => handle !== current)].sort(),
    )
  })
})

/**
 * PostgreSQL: the backends waiting for a lock one of `pids` holds. SQLite runs one write
 * transaction at a time, so nothing there waits inside the database.
 */
async function waitingOn(pids: readonly number[]) {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
    where pg_blocking_pids(pid) && ${[...pids]}::int[]`.execute(subject.database.db)
  return rows.map((row) => row.pid)
}

/** PostgreSQL: the backend that runs `trx`, as waitingOn names it. */
async function backendPid(trx: Transaction<Tables>): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)
  return rows[0]?.pid ?? 0
}

/** Polls `read` until `done` holds of its answer: the condition, not a time, ends the wait. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe('an owner leaving a handle while others try to take it', () => {
  it(
    'refuses the handle and its look-alikes to saves made while the owner’s is in flight',
    { timeout: 60_000 },
    async () => {
      const [owner, taker, lookAlike] = [await newUser(), await newUser(), await newUser()]
      await setHandle(owner, 'mizore')
      await setHandle(taker, 'takerone')
      await setHandle(lookAlike, 'takertwo')
      const events: string[] = []
      const sent = (name: string, answer: Promise<Awaited<ReturnType<typeof save>>>) => {
        events.push(`${name} sent`)
        return answer.then((answered) => {
          events.push(`${name} answered`)
          return answered
        })
      }

      let answers: Awaited<ReturnType<typeof save>>[]
      if (subject.database.dialect === 'postgres') {
        // The owner's save is held inside its transaction, its profile already moved to its new
        // handle but not committed: a row of the release it is about to write is written first,
        // uncommitted, by this test's own transaction, which the save's insert waits for.
        let pending: Promise<Awaited<ReturnType<typeof save>>[]> | undefined
        await subject.database.db
          .transaction()
          .execute(async (trx) => {
            const holder = await backendPid(trx)
            await trx
              .insertInto('released_handles')
              .values({
                username: 'mizore',
                skeleton: handleSkeleton('mizore'),
                user_id: null,
                expires_at: new Date(Date.now() + DAY_MS).toISOString(),
              })
              .execute()
            const leaving = sent('owner', save(owner, 'mizorenew'))
            const [ownerPid = 0] = await until(
              () => waitingOn([holder]),
              (pids) => pids.length === 1,
            )
            // Both takers' saves meet the owner's uncommitted profile row in the unique indexes.
            const taking = [
              sent('taker', save(taker, 'mizore')),
              sent('look-alike', save(lookAlike, 'rnizore')),
            ]
            await until(
              () => waitingOn([ownerPid]),
              (pids) => pids.length === 2,
            )
            pending = Promise.all([leaving, ...taking])
            // Rolled back: the owner's save goes on, and the takers' after it.
            throw new Error('rolled back')
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error && error.message === 'rolled back')) throw error
          })
        answers = await (pending ?? Promise.resolve([]))
      } else {
        // SQLite runs one write transaction at a time: the saves queue on its connection.
        answers = await Promise.all([
          sent('owner', save(owner, 'mizorenew')),
          sent('taker', save(taker, 'mizore')),
          sent('look-alike', save(lookAlike, 'rnizore')),
        ])
      }
      // All three were in flight at once: sent before any was answered (on PostgreSQL, two of
      // them waiting inside the database on the third).
      expect(events.slice(0, 3)).toEqual(['owner sent', 'taker sent', 'look-alike sent'])

      const [ownerAnswer, takerAnswer, lookAlikeAnswer] = answers
      expect(ownerAnswer?.status, ownerAnswer?.text).toBe(200)
      expect(takerAnswer?.json).toEqual(TAKEN_BODY)
      expect(lookAlikeAnswer?.json).toEqual(TOO_SIMILAR_BODY)
      expect(await currentHandle(owner)).toBe('mizorenew')
      expect(await currentHandle(taker)).toBe('takerone')
      expect(await currentHandle(lookAlike)).toBe('takertwo')
      expect(await releasesOf(owner)).toEqual(['mizore'])
      const holders = await subject.database.db
        .selectFrom('profiles')
        .select('user_id')
        .where('handle_skeleton', '=', handleSkeleton('mizore'))
        .execute()
      expect(holders).toEqual([])
    },
  )
})

describe('two owners trading handles at once', () => {
  it('answers each save, never with a server error, though the saves wait on each other', async () => {
    const [first, second] = [await newUser(), await newUser()]
    await setHandle(first, 'kitsune')
    await setHandle(second, 'tanuki')

    if (subject.database.dialect === 'postgres') {
      // A cycle the database must break: this test's transaction moves the second owner off
      // 'tanuki' and holds it uncommitted; the first owner's save, holding its own profile row,
      // waits in the unique index for 'tanuki'; then this transaction waits for that row.
      // PostgreSQL ends the save's transaction (it waited first, and this one checks late).
      let taking: ReturnType<typeof callApp> | undefined
      await subject.database.db.transaction().execute(async (trx) => {
        await sql`set local deadlock_timeout = '60s'`.execute(trx)
        const holder = await backendPid(trx)
        await trx
          .updateTable('profiles')
          .set({
            username: 'tanukinew',
            display_username: 'tanukinew',
            handle_skeleton: handleSkeleton('tanukinew'),
          })
          .where('user_id', '=', second.uid)
          .execute()
        // Unchecked here: the answer is judged once this transaction has ended.
        taking = callApp(subject.app, '/api/me/profile', {
          method: 'PATCH',
          cookie: first.cookie,
          body: { handle: 'tanuki' },
        })
        await until(
          () => waitingOn([holder]),
          (pids) => pids.length === 1,
        )
        await trx
          .updateTable('profiles')
          .set({ name: 'Held' })
          .where('user_id', '=', first.uid)
          .execute()
      })
      const answer = await (taking ?? Promise.reject(new Error('never sent')))
      expect(answer.status, answer.text).toBe(200)
      expect(await currentHandle(first)).toBe('tanuki')
      expect(await currentHandle(second)).toBe('tanukinew')
    } else {
      // SQLite runs one write transaction at a time, so nothing waits inside the database:
      // each save meets the other's handle, held or released, and is refused.
      const answers = await Promise.all([save(first, 'tanuki'), save(second, 'kitsune')])
      expect(answers.map((answer) => answer.json)).toEqual([TAKEN_BODY, TAKEN_BODY])
      expect([await currentHandle(first), await currentHandle(second)]).toEqual([
        'kitsune',
        'tanuki',
      ])
    }
  })
})

describe('taking a handle back (the account recovery)', () => {
  it('gives back the handle held at a moment, releasing the current one, past the limit on changes', async () => {
    const [owner, other] = [await newUser(), await newUser()]
    await setHandle(owner, 'Kaeru')
    const since = new Date()
    for (const handle of ['kaerutwo', 'kaeruthree', 'kaerufour']) await setHandle(owner, handle)
    expect((await save(owner, 'kaerufive')).json).toEqual(LIMITED_BODY)

    expect(await takeBackHandle(subject.database.db, owner.uid, since)).toBe('kaeru')
    expect(await currentHandle(owner)).toBe('kaeru')
    const profile = await request('/api/profiles/kaeru')
    expect(profile.status).toBe(200)
    expect(PublicProfileSchema.parse(profile.json)).toMatchObject({
      username: 'kaeru',
      displayUsername: 'Kaeru',
    })
    expect(await check('kaeru', other)).toMatchObject({
      available: false,
      message: HANDLE_MESSAGES.taken,
    })
    expect(await check('kaeru', owner)).toMatchObject({ available: true })
    // The handle it moved from is released as by any change, and every old one leads here.
    for (const old of ['kaerutwo', 'kaeruthree', 'kaerufour']) {
      expect(await redirectsOf(old), old).toEqual({ api: '/api/profiles/kaeru', page: '/@kaeru' })
      expect(await check(old, other), old).toMatchObject({ message: HANDLE_MESSAGES.taken })
    }
    expect((await save(other, 'kaerufour')).json).toEqual(TAKEN_BODY)

    // Nothing changed since then any more, nor since now.
    expect(await takeBackHandle(subject.database.db, owner.uid, since)).toBeNull()
    expect(await takeBackHandle(subject.database.db, owner.uid, new Date())).toBeNull()
    expect(await currentHandle(owner)).toBe('kaeru')
  })

  it('gives nothing back once the handle is another account’s', async () => {
    const [owner, other] = [await newUser(), await newUser()]
    await setHandle(owner, 'kawa')
    const since = new Date()
    await setHandle(owner, 'kawatwo')
    await endRelease('kawa')
    await setHandle(other, 'kawa')

    expect(await takeBackHandle(subject.database.db, owner.uid, since)).toBeNull()
    expect(await currentHandle(owner)).toBe('kawatwo')
    expect(await currentHandle(other)).toBe('kawa')
    expect(await redirectsOf('kawa')).toEqual({ api: 200, page: 200 })
    expect(await check('kawa', owner)).toMatchObject({ message: HANDLE_MESSAGES.taken })
    expect(await releasesOf(owner)).toEqual([])

    // Nor once its reservation is over, though nobody took it.
    await setHandle(owner, 'kawathree')
    // Past the millisecond of that change, which would otherwise count as made since.
    const later = await afterThisMillisecond()
    await setHandle(owner, 'kawafour')
    await endRelease('kawathree')
    expect(await takeBackHandle(subject.database.db, owner.uid, later)).toBeNull()
    expect(await currentHandle(owner)).toBe('kawafour')
    expect(await check('kawathree', other)).toMatchObject({ available: true })
  })
})

describe('a deleted account’s handles', () => {
  it('stay reserved, tied to no one, and redirect nowhere', async () => {
    const leaving = await createTestUser(subject.app, smtp, newVisitor('released-leaving'))
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
  it('lists the live released handles and until when each is reserved, and the changes kept', async () => {
    const owner = await newUser()
    await setHandle(owner, 'ExportOne')
    await setHandle(owner, 'exporttwo')
    await setHandle(owner, 'exportthree')
    await endRelease('exportone')
    const answer = await request('/api/me/export', { cookie: owner.cookie })
    expect(answer.status).toBe(200)
    const data = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(answer.bytes))['mofu-data.json']),
    ) as { profile: { releasedHandles: unknown; handleChanges: unknown } }
    const released = data.profile.releasedHandles as { username: string }[]
    expect(released.map((handle) => handle.username)).toEqual(expect.arrayContaining(['exporttwo']))
    expect(released.map((handle) => handle.username)).not.toContain('exportone')
    expect(released).toContainEqual({ username: 'exporttwo', reservedUntil: expect.any(String) })
    expect(data.profile.handleChanges).toEqual([
      { from: 'ExportOne', at: expect.any(String) },
      { from: 'exporttwo', at: expect.any(String) },
    ])
  })
})
