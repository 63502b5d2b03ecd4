import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApp, callAuth } from '../support/api'
import { loggedLines } from '../support/log-lines'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD } from '../support/test-users'

/**
 * Security events (docs/security.md "Security events"): the app's log has one line per event,
 * naming the user, the client address and the request, and never a password, code or address.
 */

let smtp: SmtpCapture

beforeAll(async () => {
  smtp = await startSmtpCapture()
})
afterAll(async () => {
  await smtp?.close()
})

describe('security events', () => {
  it('logs one line per event with user, address and request id, and no secret', async () => {
    const { logger, lines } = loggedLines()
    const logged = await createTestApp({ smtpUrl: smtp.url, logger })
    try {
      const visitor = newVisitor('security-events')
      const user = await createTestUser(logged.app, smtp, visitor)
      const wrong = await callAuth(logged.app, '/sign-in/email', {
        ip: visitor.ip,
        body: { email: visitor.email, password: 'not-the-password' },
      })
      expect(wrong.status).toBe(401)

      smtp.clear()
      await callAuth(logged.app, '/request-password-reset', {
        ip: visitor.ip,
        body: { email: visitor.email },
      })
      const mail = await smtp.waitForMail(visitor.email, { subject: /reset/i })
      const code =
        new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '').searchParams.get('oobCode') ?? ''
      const newPassword = 'lantern-moon-88'
      expect(
        (
          await callAuth(logged.app, '/reset-password', {
            ip: visitor.ip,
            body: { token: code, newPassword },
          })
        ).status,
      ).toBe(200)
      const signedIn = await callAuth(logged.app, '/sign-in/email', {
        ip: visitor.ip,
        body: { email: visitor.email, password: newPassword },
      })
      const deleted = await callApp(logged.app, '/api/me', {
        method: 'DELETE',
        ip: visitor.ip,
        cookie: signedIn.cookie,
        body: { password: newPassword },
      })
      expect(deleted.status).toBe(204)

      const throttledIp = '10.20.2.9'
      for (let attempt = 0; attempt < 11; attempt++) {
        await callAuth(logged.app, '/sign-in/email', {
          ip: throttledIp,
          body: { email: visitor.email, password: 'not-the-password' },
        })
      }

      const events = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'security event')
      const named = (name: string) => events.filter((entry) => entry.event === name)
      for (const name of [
        'sign-up',
        'email.verified',
        'sign-in.ok',
        'sign-in.failed',
        'password-reset.requested',
        'password-reset.completed',
        'account.deleted',
      ]) {
        expect(named(name)[0], name).toMatchObject({
          userId: user.uid,
          ip: visitor.ip,
          reqId: expect.any(String),
        })
      }
      expect(named('sign-in.failed')[0]).toMatchObject({ level: 40 })
      expect(named('throttled')[0]).toMatchObject({ level: 40, ip: throttledIp })

      const everything = lines.join('\n')
      for (const secret of [TEST_PASSWORD, newPassword, 'not-the-password', code]) {
        expect(everything).not.toContain(secret)
      }
      expect(everything).not.toContain(visitor.email)
    } finally {
      await logged.dispose()
    }
  })
})
