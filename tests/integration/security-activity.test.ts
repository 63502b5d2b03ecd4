import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { disableAccount, enableAccount } from '../../src/server/account/admin'
import { purgeOldActivity } from '../../src/server/account/security-activity'
import { profileStore } from '../../src/server/stores/profile-store'
import type { ActivityEntry, ActivityPage } from '../../src/shared/security-activity'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Recent security activity (docs/email-and-activity.md): GET /api/me/activity lists the
 * session's own user's events of the last 90 days, newest first, 20 at a time.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'
const file = appWithMail('activity')

const activity = (cookie: string, before?: string) =>
  callApp(
    file.subject.app,
    `/api/me/activity${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`,
    { cookie },
  )

async function pageOf(cookie: string, before?: string): Promise<ActivityPage> {
  const response = await activity(cookie, before)
  expect(response.status).toBe(200)
  return response.json as ActivityPage
}

const signIn = (user: TestUser, password: string, userAgent = CHROME) =>
  callAuth(file.subject.app, '/sign-in/email', {
    ip: user.ip,
    body: { email: user.email, password },
    headers: { 'User-Agent': userAgent },
  })

/** An entry written straight into the table, `daysAgo` days back. */
async function storedEntry(user: TestUser, id: string, daysAgo: number) {
  await file.subject.database.db
    .insertInto('security_activity')
    .values({
      id,
      user_id: user.uid,
      event: 'passkey.added',
      at: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      method: null,
      browser: null,
      system: null,
      network: null,
      session_id: null,
    })
    .execute()
}

const storedIds = async (user: TestUser) =>
  (
    await file.subject.database.db
      .selectFrom('security_activity')
      .select('id')
      .where('user_id', '=', user.uid)
      .execute()
  ).map((row) => row.id)

describe('recent security activity', () => {
  it("lists the owner's sign-ins and failed ones per day, newest first, never cached", async () => {
    const user = await file.createUser()
    expect((await signIn(user, 'wrong-password')).status).toBe(401)
    expect((await signIn(user, 'wrong-again')).status).toBe(401)
    const signedIn = await signIn(user, TEST_PASSWORD)
    expect(signedIn.status).toBe(200)
    const { cookie } = signedIn

    const response = await activity(cookie)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const { events } = response.json as ActivityPage
    const [latest, failed] = events
    expect(latest).toMatchObject({
      event: 'sign-in.ok',
      method: 'password',
      browser: 'Chrome 131',
      system: 'Linux',
      network: user.ip.split('.').slice(0, 3).join('.') + '.0/24',
      thisDevice: true,
    })
    expect(failed).toMatchObject({ event: 'sign-in.failed', count: 2, thisDevice: false })
    // The sign-ins made when the user was created, in other sessions: the verification link's
    // and the password's.
    expect(events.slice(2).map((entry) => [entry.event, entry.method, entry.thisDevice])).toEqual([
      ['sign-in.ok', 'password', false],
      ['sign-in.ok', 'email-link', false],
    ])
    const times = events.map((entry) => entry.at)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it("never shows another user's activity, whatever the cursor says", async () => {
    const [owner, other] = await Promise.all([file.createUser(), file.createUser()])
    for (let index = 0; index < 25; index += 1) await storedEntry(owner, `owner-${index}`, 1)
    const first = await pageOf(owner.cookie)
    expect(first.events).toHaveLength(20)
    expect(first.next).not.toBeNull()

    const theirs = await pageOf(other.cookie)
    const stolen = await pageOf(other.cookie, first.next ?? '')
    for (const entry of [...theirs.events, ...stolen.events]) {
      expect(entry.id).not.toMatch(/^owner-/)
    }
    expect(theirs.events.every((entry) => entry.event === 'sign-in.ok')).toBe(true)
    expect((await activity('')).status).toBe(401)
    expect((await activity(other.cookie, 'not-a-cursor')).status).toBe(400)
  })

  it('pages 20 at a time without losing or repeating an entry', async () => {
    const user = await file.createUser()
    for (let index = 0; index < 23; index += 1) {
      await storedEntry(user, `page-${String(index).padStart(2, '0')}`, 2 + index / 100)
    }
    const first = await pageOf(user.cookie)
    const second = await pageOf(user.cookie, first.next ?? '')
    expect(first.events).toHaveLength(20)
    expect(second.next).toBeNull()
    const ids = [...first.events, ...second.events].map((entry: ActivityEntry) => entry.id)
    expect(new Set(ids).size).toBe(25)
    expect(ids.filter((id) => id.startsWith('page-'))).toHaveLength(23)
  })

  it('forgets entries older than 90 days', async () => {
    const user = await file.createUser()
    await storedEntry(user, 'recent', 89)
    await storedEntry(user, 'too-old', 91)
    const listed = (await pageOf(user.cookie)).events.map((entry) => entry.id)
    expect(listed).toContain('recent')
    expect(listed).not.toContain('too-old')
    // The owner's next event clears their old ones from the table.
    expect((await signIn(user, 'wrong-password')).status).toBe(401)
    expect(await storedIds(user)).not.toContain('too-old')

    // The hourly purge clears everyone's, also of accounts that do nothing.
    const idle = await file.createUser()
    await storedEntry(idle, 'idle-too-old', 95)
    expect(await purgeOldActivity(file.subject.database.db)).toBeGreaterThanOrEqual(1)
    expect(await storedIds(idle)).not.toContain('idle-too-old')
    expect(await storedIds(user)).toContain('recent')
  })

  it('records a change of address, ended sessions and exports, and goes with the account', async () => {
    const user = await file.createUser()
    expect((await signIn(user, TEST_PASSWORD)).status).toBe(200)
    const ended = await callApp(file.subject.app, '/api/me/sessions', {
      method: 'DELETE',
      cookie: user.cookie,
    })
    expect(ended.status).toBe(204)
    const asked = await callApp(file.subject.app, '/api/me/email', {
      cookie: user.cookie,
      body: { newEmail: `moved-${Date.now()}@mofu.test`, password: TEST_PASSWORD },
    })
    expect(asked.status).toBe(202)
    const exported = await callApp(file.subject.app, '/api/me/export', { cookie: user.cookie })
    expect(exported.status).toBe(200)
    const data = JSON.parse(
      new TextDecoder().decode(unzipSync(new Uint8Array(exported.bytes))['mofu-data.json']),
    ) as { activity: { event: string }[] }
    expect(data.activity.map((entry) => entry.event)).toEqual([
      'email.change-requested',
      'session.ended',
      'sign-in.ok',
      'sign-in.ok',
      'sign-in.ok',
    ])
    const events = (await pageOf(user.cookie)).events.map((entry) => entry.event)
    expect(events.slice(0, 3)).toEqual([
      'account.exported',
      'email.change-requested',
      'session.ended',
    ])

    const deleted = await callApp(file.subject.app, '/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(await storedIds(user)).toEqual([])
  })

  it('marks only the sign-in of the session reading the list as this device', async () => {
    const user = await file.createUser()
    const again = await callAuth(file.subject.app, '/sign-in/email', {
      ip: user.ip,
      body: { email: user.email, password: TEST_PASSWORD },
    })
    const seenFrom = async (cookie: string) =>
      (await pageOf(cookie)).events.map((entry) => [entry.event, entry.method, entry.thisDevice])
    // Newest first: the sign-in again, the user's first by password, the verification link's.
    expect(await seenFrom(again.cookie)).toEqual([
      ['sign-in.ok', 'password', true],
      ['sign-in.ok', 'password', false],
      ['sign-in.ok', 'email-link', false],
    ])
    expect(await seenFrom(user.cookie)).toEqual([
      ['sign-in.ok', 'password', false],
      ['sign-in.ok', 'password', true],
      ['sign-in.ok', 'email-link', false],
    ])
  })

  it("shows the operator's disabling and enabling to the owner", async () => {
    const user = await file.createUser()
    const { auth, database, storage } = file.subject
    const operator = {
      auth,
      db: database.db,
      storage,
      profiles: profileStore(database),
      logger: pino({ level: 'silent' }),
    }
    await disableAccount(operator, user.uid, 'spam')
    expect(await enableAccount(operator, user.uid)).toBe(true)
    const signedIn = await signIn(user, TEST_PASSWORD)
    expect(signedIn.status).toBe(200)
    const { cookie } = signedIn
    const events = (await pageOf(cookie)).events.map((entry) => entry.event)
    expect(events.slice(0, 3)).toEqual(['sign-in.ok', 'account.enabled', 'account.disabled'])
  })
})
