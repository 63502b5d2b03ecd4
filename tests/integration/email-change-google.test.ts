import { afterAll, beforeAll, expect, it } from 'vitest'
import { signInWithGoogle } from '../support/google-flow'
import { startOidcProvider, type OidcPeer } from '../support/oidc-provider'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * An account linked to Google keeps the link when its address changes: Google under the old
 * address still signs in to it, and the address stays the new one (docs/email-and-activity.md).
 */

const PUBLIC_URL = 'http://localhost:3000'
let smtp: SmtpCapture
let oidc: OidcPeer
let subject: TestApp

beforeAll(async () => {
  smtp = await startSmtpCapture()
  oidc = await startOidcProvider({
    clientId: 'mofu-web',
    clientSecret: 'test-client-secret-0123456789',
    redirectUris: [
      `${PUBLIC_URL}/api/auth/callback/google`,
      `${PUBLIC_URL}/api/auth/oauth2/callback/google`,
    ],
  })
  subject = await createTestApp({
    smtpUrl: smtp.url,
    auth: {
      google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, issuer: oidc.issuer },
    },
  })
}, 60_000)
afterAll(async () => {
  await subject?.dispose()
  await oidc?.close()
  await smtp?.close()
})

const sessionUser = async (cookie: string) => {
  const response = await subject.app.request('/api/auth/get-session', {
    headers: { Cookie: cookie },
  })
  return ((await response.json()) as { user?: { id: string; email: string } } | null)?.user
}

it('Google under the old address still signs in to the account, which keeps its new address', async () => {
  const googleEmail = `google-${Date.now()}@mofu.test`
  const ip = '10.185.1.9'
  const first = await signInWithGoogle(subject.app, oidc, googleEmail, ip)
  const before = await sessionUser(first.cookie)
  expect(before?.email).toBe(googleEmail)

  // No password: the Google sign-in just now is the recent proof.
  const target = `after-google-${Date.now()}@mofu.test`
  const asked = await subject.app.request('/api/me/email', {
    method: 'POST',
    headers: { Cookie: first.cookie, Origin: PUBLIC_URL, 'Content-Type': 'application/json' },
    body: JSON.stringify({ newEmail: target }),
  })
  expect(asked.status).toBe(202)
  const mail = await smtp.waitForMail(target, { subject: /confirm your new e-mail/i })
  const code = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '').searchParams.get('code')
  const confirmed = await subject.app.request('/api/email-change/confirm', {
    method: 'POST',
    headers: { Origin: PUBLIC_URL, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  })
  expect(confirmed.status).toBe(200)

  const again = await signInWithGoogle(subject.app, oidc, googleEmail, ip)
  expect(again.location).not.toContain('error')
  expect(await sessionUser(again.cookie)).toMatchObject({ id: before?.id, email: target })
  const users = await subject.database.db
    .selectFrom('user')
    .select('id')
    .where('email', 'in', [googleEmail, target])
    .execute()
  expect(users).toEqual([{ id: before?.id }])
})
