import { afterAll, beforeAll, expect, it } from 'vitest'
import { markDisabled } from '../../src/server/stores/disabled-accounts'
import { callAuth } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { newVisitor, openVerificationLink } from '../support/test-users'

/** A disabled account's verification link signs nobody in, and says why. */

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

it('answers ACCOUNT_DISABLED to the password chosen at sign-up, and signs nobody in', async () => {
  const { email, ip } = newVisitor('disabled-link')
  const signUp = await callAuth(subject.app, '/sign-up/email', {
    ip,
    body: {
      email,
      password: 'sakura-petals-9',
      name: '',
      callbackURL: '/?account=true&verified=true',
    },
  })
  expect(signUp.status).toBe(200)
  const mail = await smtp.waitForMail(email, { subject: /verify/i })
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? ''
  const found = await (await subject.auth.$context).internalAdapter.findUserByEmail(email)
  if (found === null) throw new Error('the sign-up made no account')
  await markDisabled(subject.database.db, found.user.id, null)

  const followed = await openVerificationLink(subject.app, link, 'sakura-petals-9', ip)
  expect(followed.status).toBe(403)
  expect(followed.json).toMatchObject({ code: 'ACCOUNT_DISABLED' })
  expect(followed.cookie).not.toContain('session_token')
})
