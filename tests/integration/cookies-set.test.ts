import { expect, it } from 'vitest'
import { callAuth, joinCookies, keptCookies, type Requester } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'
import { addPasskey } from '../support/passkey-flow'
import { createTestUser, TEST_PASSWORD } from '../support/test-users'
import { turnOnTwoFactor } from '../support/two-factor-flow'
import { MOFU_COOKIES } from '../../src/shared/site-cookies'

/**
 * The Cookies page lists every cookie Mofu sets (src/shared/site-cookies.ts): here every way of
 * signing in that sets one (a password, a verification link, two-factor with a trusted browser,
 * a passkey, Google) runs, and each cookie its answers set is on that list, with the lifetime it
 * gives and the attributes the page names (HttpOnly, SameSite=Lax), and each of the server's on
 * the list was set.
 */

const SITE = 'http://localhost:3000'
const file = appWithMail('cookies', { google: true })

/** The app, noting every Set-Cookie line its answers send but those that clear a cookie. */
function recording(): { app: Requester; lines: string[] } {
  const lines: string[] = []
  const app: Requester = {
    request: async (path, init) => {
      const response = await file.subject.app.request(path, init)
      lines.push(...response.headers.getSetCookie().filter((line) => !/max-age=0\b/i.test(line)))
      return response
    },
  }
  return { app, lines }
}

/** Each cookie's name, with the lifetimes and attributes its lines gave it. */
function cookiesOf(lines: string[]): Record<string, string[]> {
  const found: Record<string, Set<string>> = {}
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
    const name = pair.slice(0, pair.indexOf('='))
    const kept = attributes.filter((attribute) => !/^(path|expires)=/i.test(attribute))
    for (const attribute of kept) (found[name] ??= new Set()).add(attribute.toLowerCase())
  }
  return Object.fromEntries(Object.entries(found).map(([name, set]) => [name, [...set].sort()]))
}

it('sets only the cookies the Cookies page lists, each for as long as it says, HttpOnly and SameSite=Lax', async () => {
  const { app, lines } = recording()
  const user = await createTestUser(app, file.smtp, file.newVisitor())

  const { backupCodes, cookie } = await turnOnTwoFactor(app, user)
  expect(
    (await addPasskey(app, SITE, keptCookies(joinCookies(user.cookie, cookie)), 'Pixel 8', user))
      .answer.status,
  ).toBe(200)

  const another = await callAuth(app, '/sign-in/email', {
    ip: user.ip,
    body: { email: user.email, password: TEST_PASSWORD },
  })
  expect(another.json.twoFactorRedirect).toBe(true)
  const trusted = await callAuth(app, '/two-factor/verify-backup-code', {
    ip: user.ip,
    cookie: another.cookie,
    body: { code: backupCodes[0], trustDevice: true },
  })
  expect(trusted.status).toBe(200)

  const google = file.newVisitor()
  expect((await signInWithGoogle(app, file.oidc, google.email, google.ip)).cookie).not.toBe('')

  // Over http, as the test app's PUBLIC_URL is: no Secure, no __Secure- prefix.
  expect(cookiesOf(lines)).toEqual(
    Object.fromEntries(
      Object.values(MOFU_COOKIES)
        .filter((cookie) => cookie.setBy === 'server')
        .map((cookie) => [cookie.name, ['httponly', `max-age=${cookie.seconds}`, 'samesite=lax']]),
    ),
  )
})
