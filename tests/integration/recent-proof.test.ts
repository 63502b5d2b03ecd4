import { afterEach, describe, expect, it, vi } from 'vitest'
import { callApp, callAuth, keptCookies } from '../support/api'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import { appWithMail } from '../support/app-with-mail'
import { turnOnTwoFactor } from '../support/two-factor-flow'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * One "authenticated at" per session (docs/security.md "Recent proof"): the changes that need a recent proof
 * read when the owner last proved who they are, not when the session was written, so a flow
 * that writes a new session (turning two-factor on) cannot make a stale one fresh. The clock
 * is moved with the server's own Date, as days passing would move it.
 */

const SITE = 'http://localhost:3000'
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

const file = appWithMail('proof')
/** How far the clock has been moved in this test. */
let moved = 0
afterEach(() => {
  vi.useRealTimers()
  moved = 0
})

/** Moves the clock (server and test alike) `ms` further forward. */
function later(ms: number) {
  moved += ms
  vi.useRealTimers()
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + moved })
}

const deleteAccount = (cookie: string, body?: unknown) =>
  callApp(file.subject.app, '/api/me', { method: 'DELETE', cookie, body })

/** An account whose only way in is a passkey, signed in now with its password. */
async function passkeyOnly() {
  const user = await file.createUser()
  const { credential } = await addPasskey(file.subject.app, SITE, user.cookie, 'Pixel 8', {
    ip: user.ip,
  })
  const removed = await callAuth(file.subject.app, '/remove-password', {
    ip: user.ip,
    cookie: user.cookie,
    body: { password: TEST_PASSWORD },
  })
  expect(removed.status).toBe(200)
  return { user, credential }
}

/** Asks to turn two-factor on from `cookie`, as an account without a password does: no body. */
const enableTwoFactor = (user: TestUser, cookie: string) =>
  callAuth(file.subject.app, '/two-factor/enable', { ip: user.ip, cookie, body: {} })

/** Turns two-factor on with the password from `cookie`; the cookie of the session it writes. */
async function withTwoFactor(user: TestUser, cookie: string) {
  const turnedOn = await turnOnTwoFactor(file.subject.app, { ip: user.ip, cookie })
  expect(turnedOn.cookie).toContain('session_token=')
  return keptCookies(turnedOn.cookie)
}

/** Whether the session `cookie` names may begin adding a passkey: its status. */
const beginPasskey = async (user: TestUser, cookie: string) =>
  callAuth(file.subject.app, '/passkey/generate-register-options', { ip: user.ip, cookie })

describe('a stale session of an account without a password', () => {
  it('cannot turn two-factor on, so cannot mint a session that adds a passkey or deletes the account', async () => {
    const { user } = await passkeyOnly()
    later(2 * DAY_MS)
    const stale = await beginPasskey(user, user.cookie)
    expect(stale.status).toBe(403)
    expect(stale.json.code).toBe('SESSION_NOT_FRESH')
    expect((await deleteAccount(user.cookie)).status).toBe(403)

    const enabled = await enableTwoFactor(user, user.cookie)
    expect(enabled.status).toBe(403)
    expect(enabled.json.code).toBe('SESSION_NOT_FRESH')
    expect(enabled.cookie).toBe('')
  })

  it('proves itself by signing in again with a passkey', async () => {
    const { user, credential } = await passkeyOnly()
    later(2 * DAY_MS)
    const signedIn = await signInWithPasskey(file.subject.app, SITE, credential, { ip: user.ip })
    expect(signedIn.status).toBe(200)
    const enabled = await enableTwoFactor(user, signedIn.cookie)
    expect(enabled.status).toBe(200)
  })
})

describe('the session two-factor set-up writes in place of the old one', () => {
  it('keeps the old proof time: 11 minutes after the sign-in, adding a passkey needs a new one', async () => {
    const user = await file.createUser()
    later(9 * MINUTE_MS)
    const cookie = await withTwoFactor(user, user.cookie)
    later(2 * MINUTE_MS)
    const begun = await beginPasskey(user, cookie)
    expect(begun.status).toBe(403)
    expect(begun.json.code).toBe('SESSION_NOT_FRESH')
  })

  it('ends 30 days after the last proof, like the session it replaced', async () => {
    const user = await file.createUser()
    const signedInAt = Date.now()
    let cookie = user.cookie
    // Renewed every 6 days (sessions last 7), then set up two-factor at day 29.5.
    for (const days of [6, 6, 6, 6, 5.5]) {
      later(days * DAY_MS)
      const renewed = await callAuth(file.subject.app, '/get-session', { ip: user.ip, cookie })
      expect(renewed.json.session).toBeTruthy()
    }
    cookie = await withTwoFactor(user, cookie)
    const session = await callAuth(file.subject.app, '/get-session', { ip: user.ip, cookie })
    const expiresAt = new Date(
      String((session.json.session as { expiresAt?: string }).expiresAt),
    ).getTime()
    expect(expiresAt).toBeLessThanOrEqual(signedInAt + 30 * DAY_MS + 1000)
  })
})

describe('deleting an account without a password', () => {
  it('needs a proof within the last 10 minutes', async () => {
    const { user } = await passkeyOnly()
    later(11 * MINUTE_MS)
    const refused = await deleteAccount(user.cookie)
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({ code: 'REAUTH_REQUIRED' })
  })
})

describe('DELETE /api/me without a password (Google-only accounts)', () => {
  async function googleOnly(): Promise<TestUser> {
    const user = await file.createUser()
    // What a Google sign-up leaves: the same user with no credential account.
    await file.subject.database.db
      .deleteFrom('account')
      .where('userId', '=', user.uid)
      .where('providerId', '=', 'credential')
      .execute()
    return user
  }

  it('needs a proof of who you are within the last 10 minutes', async () => {
    const stale = await googleOnly()
    const { db, dialect } = file.subject.database
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60 * 1000)
    await db
      .updateTable('session' as never)
      .set({
        authenticatedAt: dialect === 'postgres' ? elevenMinutesAgo : elevenMinutesAgo.toISOString(),
      } as never)
      .where('userId' as never, '=', stale.uid as never)
      .execute()
    const refused = await deleteAccount(stale.cookie)
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({
      code: 'REAUTH_REQUIRED',
      message: 'Please sign in again to delete your account.',
    })

    const fresh = await googleOnly()
    expect((await deleteAccount(fresh.cookie)).status).toBe(204)
  })
})
