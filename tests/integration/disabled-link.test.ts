import { afterAll, beforeAll, expect, it } from 'vitest'
import { markDisabled } from '../../src/server/auth/user-store'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { cookiesOf } from '../support/test-users'

/** A disabled account's verification link lands on the app with the reason (issue 14 §1). */

const PUBLIC_URL = 'http://localhost:3000'
let smtp: SmtpCapture
let subject: TestApp

beforeAll(async () => {
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url })
})
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
})

it('sends the browser to the link’s landing page with error=ACCOUNT_DISABLED, signed out', async () => {
  const email = `disabled-link-${Date.now()}@mofu.test`
  const signUp = await subject.app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': '10.90.0.1',
      Origin: PUBLIC_URL,
    },
    body: JSON.stringify({
      email,
      password: 'sakura-petals-9',
      name: '',
      callbackURL: '/?account=true&verified=true',
    }),
  })
  expect(signUp.status).toBe(200)
  const mail = await smtp.waitForMail(email, { subject: /verify/i })
  const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
  const found = await (await subject.auth.$context).internalAdapter.findUserByEmail(email)
  if (found === null) throw new Error('the sign-up made no account')
  await markDisabled(subject.database.db, found.user.id, null)

  const followed = await subject.app.request(link.pathname + link.search, {
    headers: { 'X-Forwarded-For': '10.90.0.1' },
    redirect: 'manual',
  })
  expect(followed.status).toBe(302)
  expect(followed.headers.get('location')).toBe(
    '/?account=true&verified=true&error=ACCOUNT_DISABLED',
  )
  expect(cookiesOf(followed.headers)).not.toContain('session_token')
})
