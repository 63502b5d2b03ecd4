import { afterAll, beforeAll, expect, it } from 'vitest'
import { callAuth } from '../support/api'
import { authenticator, awayFromStepEdge } from '../support/authenticator'
import { loggedLines } from '../support/log-lines'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, TEST_PASSWORD } from '../support/test-users'

/**
 * With two-factor codes on, the password alone is not a sign-in (docs/using.md "Two-factor
 * authentication"): no success counted, no "new sign-in" mail, until the code is given.
 */
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const NEW_SIGN_IN = /new sign-in/i
const IP = '10.14.0.1'

let smtp: SmtpCapture
let subject: TestApp
/** The app's log, line by line: security events are among them. */
const { logger, lines } = loggedLines()

beforeAll(async () => {
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url, logger })
})
afterAll(async () => {
  await subject.dispose()
  await smtp.close()
})

/** A request to Better Auth from the one browser and address this test uses. */
const call = (path: string, body: unknown, cookie?: string) =>
  callAuth(subject.app, path, {
    ip: IP,
    cookie,
    body,
    headers: { 'User-Agent': CHROME_ON_ANDROID },
  })

/** The sign-ins the security log has counted so far. */
const signInsCounted = () =>
  lines.filter((line) => {
    const entry = JSON.parse(line) as Record<string, unknown>
    return entry.msg === 'security event' && entry.event === 'sign-in.ok'
  }).length

/** Waits for a later mail to the address: the relay keeps order, so earlier ones are in. */
async function settled(email: string) {
  await call('/request-password-reset', { email })
  await smtp.waitForMail(email, { subject: /reset/i })
}

it('counts the sign-in and mails about the new browser only once the code is given', async () => {
  const user = await createTestUser(subject.app, smtp, {
    email: `two-factor-sign-ins-${Date.now()}@mofu.test`,
    ip: IP,
  })
  await awayFromStepEdge()
  const enabled = await call('/two-factor/enable', { password: TEST_PASSWORD }, user.cookie)
  expect(enabled.status).toBe(200)
  const code = authenticator(String(enabled.json.totpURI))
  // The previous step's code turns it on, so the current one is still unused for the log-in.
  const confirmed = await call('/two-factor/verify-totp', { code: await code(-1) }, user.cookie)
  expect(confirmed.status).toBe(200)
  await settled(user.email)
  smtp.clear()
  const before = signInsCounted()

  // A browser the account has not used: the password is right, the code is still to come.
  const password = await call('/sign-in/email', { email: user.email, password: TEST_PASSWORD })
  expect(password.json).toMatchObject({ twoFactorRedirect: true })
  await settled(user.email)
  expect(smtp.messages.filter((mail) => NEW_SIGN_IN.test(mail.subject ?? ''))).toEqual([])
  expect(signInsCounted()).toBe(before)

  const verified = await call('/two-factor/verify-totp', { code: await code() }, password.cookie)
  expect(verified.status).toBe(200)
  const notice = await smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
  expect(notice.text).toContain('Chrome 131 on Android')
  expect(signInsCounted()).toBe(before + 1)
})
