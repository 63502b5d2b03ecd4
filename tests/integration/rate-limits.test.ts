import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { callAuth, freshAddress, type Answer } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD } from '../support/test-users'

const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function instance(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const app = await createTestApp(options)
  cleanups.push(app.dispose)
  return app
}

/** Alternates log-in attempts between two instances from one client address. */
async function alternate(a: TestApp, b: TestApp, attempts: number): Promise<number[]> {
  const ip = freshAddress()
  const statuses: number[] = []
  for (let attempt = 0; attempt < attempts; attempt++) {
    const target = attempt % 2 === 0 ? a : b
    const response = await callAuth(target.app, '/sign-in/email', {
      ip,
      origin: null,
      body: { email: `nobody${attempt}@mofu.test`, password: 'whatever1' },
    })
    statuses.push(response.status)
  }
  return statuses
}

describe("Better Auth's own limits", () => {
  it("answer in Mofu's one error shape, with Retry-After", async () => {
    const { app } = await instance()
    const ip = '10.98.0.1'
    let last: Answer | undefined
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await callAuth(app, '/sign-in/email', {
        ip,
        origin: null,
        body: { email: `nobody${attempt}@mofu.test`, password: 'whatever1' },
      })
    }
    expect(last?.status).toBe(429)
    expect(Number(last?.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(last?.json).toEqual({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.tooManyRequests,
    })
  })
})

describe('rate limits are shared by every instance', () => {
  it('through the database they share', async () => {
    const a = await instance()
    const b = await instance({ shareDatabaseOf: a })
    const statuses = await alternate(a, b, 11)
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })

  it('through Redis when REDIS_URL is set', async () => {
    const redis: RedisStorage[] = []
    for (let count = 0; count < 2; count++) {
      const connection = await connectRedisStorage(REDIS_URL, pino({ level: 'silent' }))
      redis.push(connection)
      cleanups.push(connection.close)
    }
    // Separate databases: only Redis can carry the count from one instance to the other.
    const a = await instance({ secondaryStorage: redis[0]?.storage })
    const b = await instance({ secondaryStorage: redis[1]?.storage })
    const statuses = await alternate(a, b, 11)
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })
})

/** A sign-in with `forwardedFor` as its X-Forwarded-For, on a connection from `socket`. */
const signIn = (
  app: TestApp,
  email: string,
  password: string,
  forwardedFor: string,
  socket = '127.0.0.1',
) => callAuth(app.app, '/sign-in/email', { ip: forwardedFor, socket, body: { email, password } })

/** Failed sign-ins for one address, alternating between two instances and many addresses. */
async function accountFailures(a: TestApp, b: TestApp, attempts: number): Promise<number[]> {
  const email = `shared-${Date.now()}-${Math.random()}@mofu.test`
  const statuses: number[] = []
  for (let attempt = 0; attempt < attempts; attempt++) {
    const target = attempt % 2 === 0 ? a : b
    statuses.push((await signIn(target, email, 'whatever1', freshAddress())).status)
  }
  return statuses
}

describe("Mofu's own limits are shared by every instance", () => {
  it('through the database they share', async () => {
    const a = await instance()
    const b = await instance({ shareDatabaseOf: a })
    const statuses = await accountFailures(a, b, 11)
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })

  it('through Redis when REDIS_URL is set', async () => {
    const connection = await connectRedisStorage(REDIS_URL, pino({ level: 'silent' }))
    cleanups.push(connection.close)
    const shared = {
      counters: connection.counters,
      limitPrefix: `test-${Date.now()}-${Math.random()}:`,
    }
    // Separate databases: only Redis can carry the count from one instance to the other.
    const a = await instance(shared)
    const b = await instance(shared)
    const statuses = await accountFailures(a, b, 11)
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })
})

describe('the client address behind a proxy', () => {
  it('is the rightmost X-Forwarded-For entry: rotating the ones before it changes no bucket', async () => {
    const app = await instance()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await signIn(
        app,
        `nobody${attempt}-${Date.now()}@mofu.test`,
        'whatever1',
        `${freshAddress()}, 203.0.113.9`,
      )
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10)).not.toContain(429)
    expect(statuses[10]).toBe(429)
  })

  it('falls back to the socket for an entry that is no address, so such requests share no bucket', async () => {
    const app = await instance()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await signIn(
        app,
        `nobody${attempt}-${Date.now()}@mofu.test`,
        'whatever1',
        'garbage',
        `198.51.100.${attempt + 1}`,
      )
      statuses.push(response.status)
    }
    expect(statuses).not.toContain(429)
  })

  it('with a hop count, is the entry that many from the right', async () => {
    const app = await instance({ app: { trustProxy: { kind: 'hops', hops: 2 } } })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await signIn(
        app,
        `nobody${attempt}-${Date.now()}@mofu.test`,
        'whatever1',
        `${freshAddress()}, 203.0.113.10, ${freshAddress()}`,
      )
      statuses.push(response.status)
    }
    expect(statuses[10]).toBe(429)
  })

  it('with proxy ranges, is the rightmost entry that is not a proxy, and only via a proxy', async () => {
    const app = await instance({
      app: { trustProxy: { kind: 'proxies', ranges: ['10.0.0.0/8', '192.0.2.7'] } },
    })
    const viaProxies = async (attempts: number, forwardedFor: () => string, socket: string) => {
      const statuses: number[] = []
      for (let attempt = 0; attempt < attempts; attempt++) {
        const email = `nobody${attempt}-${Date.now()}@mofu.test`
        statuses.push((await signIn(app, email, 'whatever1', forwardedFor(), socket)).status)
      }
      return statuses
    }
    const client = await viaProxies(
      11,
      () => `${freshAddress()}, 203.0.113.11, 192.0.2.7, 10.1.2.3`,
      '10.0.0.2',
    )
    expect(client[10]).toBe(429)
    // Straight to the app, not through a proxy: the header is the client's own invention.
    const direct = await viaProxies(11, () => '203.0.113.12', '198.51.100.200')
    expect(direct[10]).toBe(429)
    const spoofed = await viaProxies(1, () => '203.0.113.12', '198.51.100.201')
    expect(spoofed[0]).not.toBe(429)
  })
})

async function withMail(options: Parameters<typeof createTestApp>[0] = {}) {
  const smtp: SmtpCapture = await startSmtpCapture()
  cleanups.push(() => smtp.close())
  return { smtp, app: await instance({ ...options, smtpUrl: smtp.url }) }
}

/** A request to Better Auth from an address of its own (callAuth's). */
const authPost = (app: TestApp, path: string, body: unknown) => callAuth(app.app, path, { body })

const newEmail = (name: string) => newVisitor(name).email

describe('per-account throttle', () => {
  it('refuses every password for an account after 10 failures, whatever the address', async () => {
    const { smtp, app } = await withMail()
    const email = newEmail('target')
    await createTestUser(app.app, smtp, { email, ip: freshAddress() })
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await signIn(app, email, `guess-${attempt}`, freshAddress())
      expect(failed.status).toBe(401)
    }
    const refused = await signIn(app, email, TEST_PASSWORD, freshAddress())
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(14 * 60)
    expect(refused.json).toEqual({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.tooManyRequests,
    })
    // Another account is not held back by it; the address is case-insensitive.
    const upper = await signIn(app, email.toUpperCase(), TEST_PASSWORD, freshAddress())
    expect(upper.status).toBe(429)
  })

  it('counts guesses sent as a URL-encoded form too', async () => {
    const { smtp, app } = await withMail()
    const email = newEmail('form')
    await createTestUser(app.app, smtp, { email, ip: freshAddress() })
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await callAuth(app.app, '/sign-in/email', {
        raw: new URLSearchParams({ email, password: `guess-${attempt}` }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })
      expect(failed.status).toBe(401)
    }
    expect((await signIn(app, email, TEST_PASSWORD, freshAddress())).status).toBe(429)
  })

  it('logs each refusal as a security event, without the address or password tried', async () => {
    const lines: Record<string, unknown>[] = []
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    )
    const app = await instance({ logger })
    const email = newEmail('logged')
    for (let attempt = 0; attempt < 10; attempt++) {
      await signIn(app, email, `guess-${attempt}`, freshAddress())
    }
    const ip = freshAddress()
    expect((await signIn(app, email, 'secret-guess', ip)).status).toBe(429)
    const events = lines.filter((line) => line.event === 'throttled')
    expect(events).toEqual([
      expect.objectContaining({ level: 40, msg: 'security event', userId: null, ip }),
    ])
    expect(events[0]?.reqId).toEqual(expect.any(String))
    expect(JSON.stringify(events)).not.toMatch(/logged-|secret-guess/)
  })

  it('is lifted by a completed password reset', async () => {
    const { smtp, app } = await withMail()
    const email = newEmail('owner')
    await createTestUser(app.app, smtp, { email, ip: freshAddress() })
    for (let attempt = 0; attempt < 10; attempt++) {
      await signIn(app, email, `guess-${attempt}`, freshAddress())
    }
    expect((await signIn(app, email, TEST_PASSWORD, freshAddress())).status).toBe(429)

    smtp.clear()
    expect((await authPost(app, '/request-password-reset', { email })).status).toBe(200)
    const mail = await smtp.waitForMail(email, { subject: /reset/i })
    const token = /oobCode=([^\s&]+)/.exec(mail.text ?? '')?.[1] ?? ''
    const reset = await authPost(app, '/reset-password', {
      token: decodeURIComponent(token),
      newPassword: 'fresh-petals-7',
    })
    expect(reset.status).toBe(200)
    expect((await signIn(app, email, 'fresh-petals-7', freshAddress())).status).toBe(200)
  })
})

describe('per-recipient mail caps', () => {
  const resetRequests = async (app: TestApp, email: string, count: number) => {
    const statuses: number[] = []
    for (let request = 0; request < count; request++) {
      statuses.push((await authPost(app, '/request-password-reset', { email })).status)
    }
    return statuses
  }
  const mailsTo = (smtp: SmtpCapture, email: string, subject: RegExp) =>
    smtp.messages.filter((mail) => mail.to.includes(email) && subject.test(mail.subject ?? ''))

  /**
   * The mails to `email` once every request before has had its say: `expected` of them have
   * come, and so has a mail asked for after them all (`sentinel`), which a fourth one sent would
   * have come before or beside.
   */
  const mailsOnceSettled = async (
    smtp: SmtpCapture,
    email: string,
    subject: RegExp,
    expected: number,
    sentinel: () => Promise<string>,
  ) => {
    await expect.poll(() => mailsTo(smtp, email, subject).length).toBeGreaterThanOrEqual(expected)
    await smtp.waitForMail(await sentinel(), { subject })
    return mailsTo(smtp, email, subject).length
  }

  it('sends at most 3 reset mails an hour to one address, answering as for any address', async () => {
    const { smtp, app } = await withMail()
    const email = newEmail('reset')
    await createTestUser(app.app, smtp, { email, ip: freshAddress() })
    const other = newEmail('reset-other')
    await createTestUser(app.app, smtp, { email: other, ip: freshAddress() })
    expect(await resetRequests(app, email, 4)).toEqual([200, 200, 200, 200])
    const settled = await mailsOnceSettled(smtp, email, /reset/i, 3, async () => {
      expect(await resetRequests(app, other, 1)).toEqual([200])
      return other
    })
    expect(settled).toBe(3)
  })

  const verificationResends = async (neutralAuthErrors: boolean) => {
    const { smtp, app } = await withMail({ auth: { neutralAuthErrors } })
    const email = newEmail('verify')
    const signedUp = await authPost(app, '/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: '',
      callbackURL: '/',
    })
    expect(signedUp.status).toBe(200)
    const statuses: number[] = []
    for (let resend = 0; resend < 3; resend++) {
      statuses.push((await authPost(app, '/send-verification-email', { email })).status)
    }
    const mails = await mailsOnceSettled(smtp, email, /verify/i, 3, async () => {
      const other = newEmail('verify-other')
      const answer = await authPost(app, '/sign-up/email', {
        email: other,
        password: TEST_PASSWORD,
        name: '',
        callbackURL: '/',
      })
      expect(answer.status).toBe(200)
      return other
    })
    return { statuses, mails }
  }

  it('sends at most 3 verification mails an hour to one address, then answers 429', async () => {
    expect(await verificationResends(false)).toEqual({ statuses: [200, 200, 429], mails: 3 })
  })

  it('with neutral errors, answers as usual past the verification cap but sends nothing', async () => {
    expect(await verificationResends(true)).toEqual({ statuses: [200, 200, 200], mails: 3 })
  })
})
