import { describe, expect, it } from 'vitest'
import { SessionListSchema, type SessionSummary } from '../../src/shared/sessions'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/** The sessions list (docs/using.md "Sessions"), over HTTP against the app on both databases. */

const FIREFOX_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0'
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

const DAY_MS = 24 * 60 * 60 * 1000

const file = appWithMail('sessions')

/** A new session for the user, from a browser that says it is `userAgent`. */
async function signInFrom(user: TestUser, userAgent: string): Promise<string> {
  const answer = await callAuth(file.subject.app, '/sign-in/email', {
    ip: user.ip,
    body: { email: user.email, password: TEST_PASSWORD },
    headers: { 'User-Agent': userAgent },
  })
  expect(answer.status).toBe(200)
  return answer.cookie
}

const request = (cookie: string, path = '/api/me/sessions', method = 'GET') =>
  callApp(file.subject.app, path, { method, cookie })

async function sessionsOf(cookie: string): Promise<SessionSummary[]> {
  const response = await request(cookie)
  expect(response.status).toBe(200)
  return SessionListSchema.parse(JSON.parse(response.text)).sessions
}

const isSignedIn = async (cookie: string) =>
  (await request(cookie, '/api/me/profile')).status === 200

describe('the sessions list', () => {
  it("names each session's browser and system, marks this one, and shows no token", async () => {
    const user = await file.createUser()
    const firefox = await signInFrom(user, FIREFOX_ON_MAC)
    await signInFrom(user, CHROME_ON_ANDROID)

    const { text } = await request(firefox)
    const token = decodeURIComponent(firefox.split('=')[1] ?? '').split('.')[0] ?? ''
    expect(token.length).toBeGreaterThan(10)
    expect(text).not.toContain(token)
    expect(text).not.toContain('"token"')

    const sessions = SessionListSchema.parse(JSON.parse(text)).sessions
    // The verification link's, the test user's sign-in, and the two above.
    expect(sessions).toHaveLength(4)
    expect(sessions[0]).toMatchObject({ thisDevice: true, browser: 'Firefox 133', system: 'macOS' })
    expect(sessions.filter((session) => session.thisDevice)).toHaveLength(1)
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: 'Chrome 131', system: 'Android', thisDevice: false }),
    )
    for (const session of sessions) {
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt))
    }
  })

  it('ends one session at once; a session of another user cannot be ended', async () => {
    const user = await file.createUser()
    const other = await file.createUser()
    const phone = await signInFrom(user, CHROME_ON_ANDROID)
    const phoneId = (await sessionsOf(phone)).find((session) => session.thisDevice)?.id ?? ''

    const refused = await request(other.cookie, `/api/me/sessions/${phoneId}`, 'DELETE')
    expect(refused.status).toBe(404)
    expect(refused.json).toEqual({
      code: 'NOT_FOUND',
      message: 'This session has already ended.',
    })
    expect(await isSignedIn(phone)).toBe(true)

    expect((await request(user.cookie, `/api/me/sessions/${phoneId}`, 'DELETE')).status).toBe(204)
    expect(await isSignedIn(phone)).toBe(false)
    expect(await isSignedIn(user.cookie)).toBe(true)
    expect((await sessionsOf(user.cookie)).map((session) => session.id)).not.toContain(phoneId)
  })

  it('"sign out everywhere else" ends every other session and keeps this one', async () => {
    const user = await file.createUser()
    const firefox = await signInFrom(user, FIREFOX_ON_MAC)
    const phone = await signInFrom(user, CHROME_ON_ANDROID)
    expect((await request(firefox, '/api/me/sessions', 'DELETE')).status).toBe(204)
    expect(await isSignedIn(firefox)).toBe(true)
    expect(await isSignedIn(phone)).toBe(false)
    expect(await isSignedIn(user.cookie)).toBe(false)
    expect(await sessionsOf(firefox)).toEqual([
      expect.objectContaining({ thisDevice: true, browser: 'Firefox 133' }),
    ])
  })

  it('answers 401 without a session and 403 to a cross-site write', async () => {
    expect((await callApp(file.subject.app, '/api/me/sessions')).status).toBe(401)
    const user = await file.createUser()
    const crossSite = await callApp(file.subject.app, '/api/me/sessions', {
      method: 'DELETE',
      cookie: user.cookie,
      origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    expect(await isSignedIn(user.cookie)).toBe(true)
  })
})

describe('sessions', () => {
  async function sessionExpiry(user: TestUser) {
    const found = await callAuth(file.subject.app, '/get-session', {
      ip: user.ip,
      cookie: user.cookie,
    })
    const session = found.json.session as { expiresAt?: string } | undefined
    return session?.expiresAt === undefined ? null : new Date(session.expiresAt).getTime()
  }

  it('end 30 days after the last proof of who you are, however often they are renewed', async () => {
    const user = await file.createUser()
    const signedInAt = Date.now() - 29.5 * DAY_MS
    const { db, dialect } = file.subject.database
    const at = (ms: number) => (dialect === 'postgres' ? new Date(ms) : new Date(ms).toISOString())
    // Renewed daily for 29.5 days: due for renewal again (Better Auth renews a day after the last).
    await db
      .updateTable('session' as never)
      .set({
        createdAt: at(signedInAt),
        authenticatedAt: at(signedInAt),
        expiresAt: at(Date.now() + DAY_MS),
      } as never)
      .where('userId' as never, '=', user.uid as never)
      .execute()

    const expiry = await sessionExpiry(user)
    expect(expiry).not.toBeNull()
    expect(expiry).toBeLessThanOrEqual(signedInAt + 30 * DAY_MS + 1000)
    expect(expiry).toBeGreaterThan(Date.now())
  })
})
