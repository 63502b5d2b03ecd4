import { describe, expect, it } from 'vitest'
import { callApp, callAuth, joinCookies, keptCookies } from '../support/api'
import { authenticator, awayFromStepEdge } from '../support/authenticator'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * "Trust this device for 30 days" ends when it should (docs/using.md "Two-factor authentication"):
 * two-factor turned off or on, a password reset, "Sign out everywhere else", and
 * the browser's own session ended from the sessions list each make the next log-in ask again.
 */

const NEW_PASSWORD = 'new-petals-456'

const file = appWithMail('trusted')

/** A browser: what it sends as its Cookie header. */
interface Browser {
  cookie: string
}

/** An account with two-factor on, its code generator, and its first browser (signed in). */
async function accountWithCodes() {
  const user = await file.createUser()
  const { backupCodes, cookie } = await turnOn(user, user.cookie, -1)
  return { user, backupCodes, first: { cookie } as Browser }
}

/** Turns two-factor on, confirmed with the code `step` steps from now. */
async function turnOn(user: TestUser, cookie: string, step: number) {
  await awayFromStepEdge()
  const enabled = await callAuth(file.subject.app, '/two-factor/enable', {
    ip: user.ip,
    cookie,
    body: { password: TEST_PASSWORD },
  })
  expect(enabled.status).toBe(200)
  const code = authenticator(String(enabled.json.totpURI))
  const confirmed = await callAuth(file.subject.app, '/two-factor/verify-totp', {
    ip: user.ip,
    cookie,
    body: { code: await code(step) },
  })
  expect(confirmed.status).toBe(200)
  // Turning it on starts a new session in place of the old one.
  const kept = keptCookies(joinCookies(cookie, confirmed.cookie))
  return { backupCodes: enabled.json.backupCodes as string[], cookie: kept }
}

/** Logs `browser` in with the password; whether a code was asked. Keeps the cookies it gets. */
async function logIn(user: TestUser, browser: Browser, password = TEST_PASSWORD) {
  const answer = await callAuth(file.subject.app, '/sign-in/email', {
    ip: user.ip,
    cookie: browser.cookie === '' ? undefined : browser.cookie,
    body: { email: user.email, password },
  })
  expect(answer.status).toBe(200)
  browser.cookie = keptCookies(joinCookies(browser.cookie, answer.cookie))
  return { askedForCode: answer.json.twoFactorRedirect === true }
}

/**
 * Another browser, logged in with a backup code and "Trust this device" (backup codes, as
 * app codes are taken once per 30-second step).
 */
async function trustedBrowser(user: TestUser, backupCode: string | undefined) {
  const browser: Browser = { cookie: '' }
  expect((await logIn(user, browser)).askedForCode).toBe(true)
  const given = await callAuth(file.subject.app, '/two-factor/verify-backup-code', {
    ip: user.ip,
    cookie: browser.cookie,
    body: { code: backupCode, trustDevice: true },
  })
  expect(given.status).toBe(200)
  browser.cookie = keptCookies(joinCookies(browser.cookie, given.cookie))
  expect(browser.cookie).toContain('trust_device=')
  return browser
}

const sessionIdOf = async (user: TestUser, browser: Browser) => {
  const found = await callAuth(file.subject.app, '/get-session', {
    ip: user.ip,
    cookie: browser.cookie,
  })
  return String((found.json.session as { id?: string } | undefined)?.id)
}

const endSessions = (browser: Browser, id?: string) =>
  callApp(file.subject.app, `/api/me/sessions${id === undefined ? '' : `/${id}`}`, {
    method: 'DELETE',
    cookie: browser.cookie,
  })

describe('a trusted browser', () => {
  it('logs in without a code, again and again', async () => {
    const { user, backupCodes } = await accountWithCodes()
    const trusted = await trustedBrowser(user, backupCodes[0])
    expect((await logIn(user, trusted)).askedForCode).toBe(false)
    expect((await logIn(user, trusted)).askedForCode).toBe(false)
  })

  it('is asked again once two-factor was turned off and on in another browser', async () => {
    const { user, backupCodes, first } = await accountWithCodes()
    const trusted = await trustedBrowser(user, backupCodes[0])
    const off = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie: first.cookie,
      body: { code: backupCodes[1], password: TEST_PASSWORD },
    })
    expect(off.status).toBe(200)
    first.cookie = keptCookies(joinCookies(first.cookie, off.cookie))
    await turnOn(user, first.cookie, 0)
    expect((await logIn(user, trusted)).askedForCode).toBe(true)
  })

  it('is asked again after "Sign out everywhere else"', async () => {
    const { user, backupCodes, first } = await accountWithCodes()
    const trusted = await trustedBrowser(user, backupCodes[0])
    expect((await endSessions(first)).status).toBe(204)
    expect((await logIn(user, trusted)).askedForCode).toBe(true)
  })

  it('is asked again when its session was ended from the list; another stays trusted', async () => {
    const { user, backupCodes, first } = await accountWithCodes()
    const trusted = await trustedBrowser(user, backupCodes[0])
    const other = await trustedBrowser(user, backupCodes[1])
    expect((await endSessions(first, await sessionIdOf(user, trusted))).status).toBe(204)
    expect((await logIn(user, trusted)).askedForCode).toBe(true)
    expect((await logIn(user, other)).askedForCode).toBe(false)
  })

  it('is asked again after a password reset', async () => {
    const { user, backupCodes } = await accountWithCodes()
    const trusted = await trustedBrowser(user, backupCodes[0])
    file.smtp.clear()
    await callAuth(file.subject.app, '/request-password-reset', {
      ip: user.ip,
      body: { email: user.email },
    })
    const mail = await file.smtp.waitForMail(user.email, { subject: /reset/i })
    const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
    const reset = await callAuth(file.subject.app, '/reset-password', {
      ip: user.ip,
      body: { token: link.searchParams.get('oobCode'), newPassword: NEW_PASSWORD },
    })
    expect(reset.status).toBe(200)
    expect((await logIn(user, trusted, NEW_PASSWORD)).askedForCode).toBe(true)
  })
})
