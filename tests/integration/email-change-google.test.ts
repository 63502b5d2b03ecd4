import { expect, it } from 'vitest'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'

/**
 * An account linked to Google keeps the link when its address changes: Google under the old
 * address still signs in to it, and the address stays the new one (docs/email-and-activity.md).
 */

const file = appWithMail('google', { google: true })

const sessionUser = async (cookie: string) =>
  (await callAuth(file.subject.app, '/get-session', { cookie, origin: null })).json.user as
    { id: string; email: string } | undefined

it('Google under the old address still signs in to the account, which keeps its new address', async () => {
  const { email: googleEmail, ip } = file.newVisitor()
  const first = await signInWithGoogle(file.subject.app, file.oidc, googleEmail, ip)
  const before = await sessionUser(first.cookie)
  expect(before?.email).toBe(googleEmail)

  // No password: the Google sign-in just now is the recent proof.
  const target = `after-google-${Date.now()}@mofu.test`
  const asked = await callApp(file.subject.app, '/api/me/email', {
    cookie: first.cookie,
    body: { newEmail: target },
  })
  expect(asked.status).toBe(202)
  const mail = await file.smtp.waitForMail(target, { subject: /confirm your new e-mail/i })
  const code = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '').searchParams.get('code')
  const confirmed = await callApp(file.subject.app, '/api/email-change/confirm', {
    body: { code },
  })
  expect(confirmed.status).toBe(200)

  const again = await signInWithGoogle(file.subject.app, file.oidc, googleEmail, ip)
  expect(again.location).not.toContain('error')
  expect(await sessionUser(again.cookie)).toMatchObject({ id: before?.id, email: target })
  const users = await file.subject.database.db
    .selectFrom('user')
    .select('id')
    .where('email', 'in', [googleEmail, target])
    .execute()
  expect(users).toEqual([{ id: before?.id }])
})
