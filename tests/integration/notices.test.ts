import { describe, expect, it } from 'vitest'
import { callApp, callAuth, type Answer } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { requestResetCode } from '../support/recovery-flow'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Notices (docs/using.md "Notices"): the mails that tell an account's owner their password was
 * reset, or that a browser the account has not used before signed in.
 */

const SITE = 'http://localhost:3000'

const file = appWithMail('notices')

describe('notices', () => {
  it('mail the owner when the password is reset, with a link to the sessions', async () => {
    const user = await file.createUser()
    const code = await requestResetCode(file.subject.app, file.smtp, user.email, user.ip)
    file.smtp.clear()
    const newPassword = 'lantern-moon-88'
    expect(
      (
        await callAuth(file.subject.app, '/reset-password', {
          ip: user.ip,
          body: { token: code, newPassword },
        })
      ).status,
    ).toBe(200)
    const afterReset = await file.smtp.waitForMail(user.email, { subject: /password was changed/i })
    expect(afterReset.text).toContain(`${SITE}/?account=true`)
    expect(afterReset.text).toContain('If this was not you')
    expect(afterReset.html).toContain(`href="${SITE}/?account=true"`)
  })
})

describe('the notice of a deletion', () => {
  it('mails the address the account had that it was deleted, with nothing to click', async () => {
    const user = await file.createUser()
    const deleted = await callApp(file.subject.app, '/api/me', {
      method: 'DELETE',
      ip: user.ip,
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status, deleted.text).toBe(204)
    const mail = await file.smtp.waitForMail(user.email, { subject: /deleted/i })
    expect(mail.subject).toBe('Your Mofu account was deleted')
    expect(mail.text).toContain('Your Mofu account was just deleted')
    expect(mail.text).not.toMatch(/https?:\/\//)
    expect(mail.html).toContain('Your account was deleted')
    expect(mail.html).not.toMatch(/<a\b|https?:\/\//)
  })

  it('is not sent when the deletion is refused', async () => {
    const user = await file.createUser()
    const refused = await callApp(file.subject.app, '/api/me', {
      method: 'DELETE',
      ip: user.ip,
      cookie: user.cookie,
      body: { password: 'not-my-password' },
    })
    expect(refused.status).toBe(403)
    await callAuth(file.subject.app, '/request-password-reset', {
      ip: user.ip,
      body: { email: user.email },
    })
    await file.smtp.waitForMail(user.email, { subject: /reset/i })
    const toUser = file.smtp.messages.filter((mail) => mail.to.includes(user.email.toLowerCase()))
    expect(toUser.map((mail) => mail.subject)).not.toContain('Your Mofu account was deleted')
  })
})

describe('sign-ins from a new browser', () => {
  const CHROME_ON_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
  const NEW_SIGN_IN = /new sign-in/i

  async function signInWith(user: TestUser, cookie: string) {
    const answer = await callAuth(file.subject.app, '/sign-in/email', {
      ip: user.ip,
      cookie: cookie === '' ? undefined : cookie,
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'User-Agent': CHROME_ON_ANDROID },
    })
    expect(answer.status).toBe(200)
    return answer
  }

  const deviceCookieOf = (answer: Answer) =>
    answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('mofu_device='))

  /** The user's own: another test's users may still be getting theirs. */
  const newSignInMails = (user: TestUser) =>
    file.smtp.messages.filter(
      (mail) => mail.to.includes(user.email.toLowerCase()) && NEW_SIGN_IN.test(mail.subject ?? ''),
    )

  /** Waits for a later mail to the address: the relay keeps order, so earlier ones are in. */
  async function settled(user: TestUser) {
    await callAuth(file.subject.app, '/request-password-reset', {
      ip: user.ip,
      body: { email: user.email },
    })
    await file.smtp.waitForMail(user.email, { subject: /reset/i })
  }

  it("mail the owner from the account's second browser on, naming it; a known one stays quiet", async () => {
    file.smtp.clear()
    // The verification link signs in (the account's first browser: no mail), then the test
    // harness signs in without that browser's cookies (a second one: one mail).
    const user = await file.createUser()
    await file.smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
    await settled(user)
    expect(newSignInMails(user)).toHaveLength(1)

    file.smtp.clear()
    const first = await signInWith(user, '')
    const device = deviceCookieOf(first)
    expect(device).toMatch(/^mofu_device=[\w-]{22}$/)
    expect(first.headers.getSetCookie().find((c) => c.startsWith('mofu_device='))).toMatch(
      /HttpOnly/i,
    )
    const notice = await file.smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
    expect(notice.text).toContain('Chrome 131 on Android')
    expect(notice.text).toContain(`${SITE}/?account=true`)

    file.smtp.clear()
    const again = await signInWith(user, device ?? '')
    expect(deviceCookieOf(again)).toBeUndefined()
    await settled(user)
    expect(newSignInMails(user)).toEqual([])
  })

  it('a forged device cookie is just a new browser, and is replaced', async () => {
    const user = await file.createUser()
    file.smtp.clear()
    const forged = await signInWith(user, 'mofu_device=../../etc/passwd')
    expect(deviceCookieOf(forged)).toMatch(/^mofu_device=[\w-]{22}$/)
    await file.smtp.waitForMail(user.email, { subject: NEW_SIGN_IN })
  })
})
