import { afterAll, beforeAll } from 'vitest'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'
import { createTestApp, type TestApp } from './test-app'
import { createTestUser, type TestUser } from './test-users'

/** One test file's app, the SMTP capture its mail goes to, and a maker of its users. */
export interface AppWithMail {
  readonly subject: TestApp
  readonly smtp: SmtpCapture
  /** A verified, signed-in user with an e-mail and a client address no other user here has. */
  createUser(): Promise<TestUser>
}

/**
 * Starts an SMTP capture and the app before the file's tests and stops both after them. Users'
 * e-mail addresses start with `tag`; their client addresses are 10.`subnet`.n.9, one n each, so
 * every user's per-address limits count on their own.
 */
export function appWithMail(tag: string, subnet: number): AppWithMail {
  let smtp: SmtpCapture | undefined
  let subject: TestApp | undefined
  let sequence = 0
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('appWithMail: its beforeAll has not run')
    return value
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    subject = await createTestApp({ smtpUrl: smtp.url })
  }, 60_000)
  afterAll(async () => {
    await subject?.dispose()
    await smtp?.close()
  })

  return {
    get subject() {
      return started(subject)
    },
    get smtp() {
      return started(smtp)
    },
    createUser() {
      sequence += 1
      return createTestUser(started(subject).app, started(smtp), {
        email: `${tag}${sequence}-${Date.now()}@mofu.test`,
        ip: `10.${subnet}.${sequence}.9`,
      })
    },
  }
}
