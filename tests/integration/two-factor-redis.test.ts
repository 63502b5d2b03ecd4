import { expect, it } from 'vitest'
import { callApp, callAuth, joinCookies, keptCookies } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { authenticator, awayFromStepEdge } from '../support/authenticator'
import { TEST_PASSWORD } from '../support/test-users'

/** Two-factor log-in where sessions and challenges also live in Redis (REDIS_URL set). */
const file = appWithMail('totp-redis', { redis: true })

/** POSTs to Better Auth as a browser at `ip` would. */
const postFrom = (ip: string) => (path: string, body: unknown, cookie: string) =>
  callAuth(file.subject.app, path, { ip, cookie, body })

it('turns on, asks for a code at log-in and takes each code once, with Redis', async () => {
  const user = await file.createUser()
  const post = postFrom(user.ip)
  await awayFromStepEdge()
  const enabled = await post('/two-factor/enable', { password: TEST_PASSWORD }, user.cookie)
  const code = authenticator(String(enabled.json.totpURI))
  expect(
    (await post('/two-factor/verify-totp', { code: await code(-1) }, user.cookie)).status,
  ).toBe(200)

  const signIn = () => post('/sign-in/email', { email: user.email, password: TEST_PASSWORD }, '')
  const first = await signIn()
  expect(first.json.twoFactorRedirect).toBe(true)
  const current = await code()
  const signedIn = await post('/two-factor/verify-totp', { code: current }, first.cookie)
  expect(signedIn.status).toBe(200)
  const session = await callApp(file.subject.app, '/api/me/profile', { cookie: signedIn.cookie })
  expect(session.status).toBe(200)

  const again = await signIn()
  const reused = await post('/two-factor/verify-totp', { code: current }, again.cookie)
  expect(reused.status).toBe(401)
  expect(reused.json.code).toBe('CODE_ALREADY_USED')
})

it('forgets a trusted browser kept in Redis after "Sign out everywhere else"', async () => {
  const user = await file.createUser()
  const post = postFrom(user.ip)
  await awayFromStepEdge()
  const enabled = await post('/two-factor/enable', { password: TEST_PASSWORD }, user.cookie)
  const code = authenticator(String(enabled.json.totpURI))
  const confirmed = await post('/two-factor/verify-totp', { code: await code(-1) }, user.cookie)
  expect(confirmed.status).toBe(200)
  const first = keptCookies(joinCookies(user.cookie, confirmed.cookie))

  const logIn = (cookie: string) =>
    post('/sign-in/email', { email: user.email, password: TEST_PASSWORD }, cookie)
  const asked = await logIn('')
  const [backupCode] = enabled.json.backupCodes as string[]
  const trusting = await post(
    '/two-factor/verify-backup-code',
    { code: backupCode, trustDevice: true },
    asked.cookie,
  )
  expect(trusting.status).toBe(200)
  const trusted = keptCookies(joinCookies(asked.cookie, trusting.cookie))
  const skipped = await logIn(trusted)
  expect(skipped.json.twoFactorRedirect).toBeUndefined()
  // The plugin renews the trust cookie at each log-in.
  const renewed = keptCookies(joinCookies(trusted, skipped.cookie))

  const ended = await callApp(file.subject.app, '/api/me/sessions', {
    method: 'DELETE',
    cookie: first,
  })
  expect(ended.status).toBe(204)
  expect((await logIn(renewed)).json.twoFactorRedirect).toBe(true)
})
