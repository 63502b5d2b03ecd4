import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { callApp, callAuth } from '../support/api'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * The per-account lock on failed log-ins (docs/security.md "Abuse limits"): 10 wrong passwords for one
 * account, from anywhere, and every password is refused for 15 minutes. Counted in the database
 * or in Redis; whatever form the guess comes in, however many are sent at once, and on every
 * endpoint that checks a password.
 */

const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const LIMIT = 10

let smtp: SmtpCapture
let redis: RedisStorage

beforeAll(async () => {
  smtp = await startSmtpCapture()
  redis = await connectRedisStorage(REDIS_URL, pino({ level: 'silent' }))
})
afterAll(async () => {
  await smtp?.close()
  await redis?.close()
})

describe.each([
  ['counted in the database', false],
  ['counted in Redis', true],
])('%s', (_name, inRedis) => {
  let subject: TestApp

  beforeAll(async () => {
    subject = await createTestApp({
      smtpUrl: smtp.url,
      ...(inRedis ? { counters: redis.counters } : {}),
    })
  }, 60_000)
  afterAll(async () => {
    await subject?.dispose()
  })

  const newUser = (): Promise<TestUser> => createTestUser(subject.app, smtp, newVisitor('lock'))

  // Every guess comes from an address of its own (callAuth's), as a botnet sends them: only the
  // account's lock can hold them.
  const signIn = (email: string, password: string, contentType = 'application/json') =>
    callAuth(subject.app, '/sign-in/email', {
      raw: JSON.stringify({ email, password }),
      headers: { 'Content-Type': contentType },
    })

  it('counts a JSON guess whose Content-Type names a form in a parameter', async () => {
    const user = await newUser()
    for (let guess = 0; guess < LIMIT; guess++) {
      expect((await signIn(user.email, `wrong-${guess}`)).status).toBe(401)
    }
    const disguised = 'application/json; x=application/x-www-form-urlencoded'
    for (const password of ['wrong-a', 'wrong-b', 'wrong-c', TEST_PASSWORD]) {
      expect((await signIn(user.email, password, disguised)).status, password).toBe(429)
    }
  })

  it('refuses a sign-in whose address cannot be read (400), rather than leaving it uncounted', async () => {
    const user = await newUser()
    for (const [contentType, body] of [
      ['application/json', `{"email":"${user.email}","password":"x"`],
      ['application/json', JSON.stringify({ email: [user.email], password: 'wrong' })],
      ['application/x-www-form-urlencoded', `password=wrong`],
      ['text/plain', JSON.stringify({ email: user.email, password: 'wrong' })],
      ['', JSON.stringify({ email: user.email, password: 'wrong' })],
    ] as const) {
      const answer = await callAuth(subject.app, '/sign-in/email', {
        raw: body,
        headers: { 'Content-Type': contentType },
      })
      expect(answer.status, `${contentType} ${body}`).toBe(400)
    }
  })

  it('holds when the address is given twice: a decoy beside the locked account', async () => {
    const user = await newUser()
    for (let guess = 0; guess < LIMIT; guess++) {
      expect((await signIn(user.email, `wrong-${guess}`)).status).toBe(401)
    }
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)
    const decoy = `decoy-${Date.now()}@mofu.test`
    for (const [first, last] of [
      [decoy, user.email],
      [user.email, decoy],
    ] as const) {
      for (const [contentType, body] of [
        [
          'application/x-www-form-urlencoded',
          new URLSearchParams([
            ['email', first],
            ['email', last],
            ['password', TEST_PASSWORD],
          ]).toString(),
        ],
        [
          'application/json',
          `{"email":${JSON.stringify(first)},"email":${JSON.stringify(last)},"password":${JSON.stringify(TEST_PASSWORD)}}`,
        ],
      ] as const) {
        const answer = await callAuth(subject.app, '/sign-in/email', {
          raw: body,
          headers: { 'Content-Type': contentType },
        })
        expect(answer.status, `${contentType} ${body}`).toBe(400)
        expect(answer.headers.getSetCookie(), `${contentType} ${body}`).toEqual([])
      }
    }
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)
  })

  it('holds against 20 wrong guesses sent at once from 20 addresses', async () => {
    const user = await newUser()
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, guess) => signIn(user.email, `wrong-${guess}`)),
    ).then((answers) => answers.map((answer) => answer.status))
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMIT)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10)
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)
  })

  it('gives the count back for a right password, so signing in often locks no one out', async () => {
    const user = await newUser()
    for (let guess = 0; guess < LIMIT - 1; guess++) {
      expect((await signIn(user.email, `wrong-${guess}`)).status).toBe(401)
    }
    for (let signedIn = 0; signedIn < 3; signedIn++) {
      expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200)
    }
    expect((await signIn(user.email, 'wrong-last')).status).toBe(401)
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)
  })

  /** The password given again while signed in: turning two-factor on or off, deleting. */
  const givenAgain = (user: TestUser, door: 'enable' | 'disable' | 'delete', password: string) =>
    callApp(subject.app, door === 'delete' ? '/api/me' : `/api/auth/two-factor/${door}`, {
      method: door === 'delete' ? 'DELETE' : 'POST',
      cookie: user.cookie,
      body: door === 'disable' ? { password, code: '123456' } : { password },
    })

  it('counts the password a signed-in owner gives again, wherever it is asked', async () => {
    const user = await newUser()
    const doors = ['enable', 'disable', 'delete'] as const
    for (let guess = 0; guess < LIMIT; guess++) {
      const door = doors[guess % doors.length] ?? 'delete'
      const answer = await givenAgain(user, door, `wrong-${guess}`)
      expect(answer.status, `${door}: ${answer.text}`).toBeOneOf([400, 403])
    }
    // A stolen session has had its ten guesses: every door is shut, the log-in form too.
    for (const door of doors) expect((await givenAgain(user, door, TEST_PASSWORD)).status).toBe(429)
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(429)
  })

  it('gives the count back for the right password given again', async () => {
    const user = await newUser()
    for (let guess = 0; guess < LIMIT - 1; guess++) {
      expect((await signIn(user.email, `wrong-${guess}`)).status).toBe(401)
    }
    expect((await givenAgain(user, 'enable', TEST_PASSWORD)).status).toBe(200)
    expect((await givenAgain(user, 'enable', 'wrong-last')).status).toBe(400)
    expect((await givenAgain(user, 'enable', TEST_PASSWORD)).status).toBe(429)
  })

  it('leaves no password check outside it: /verify-password and /change-password are off', async () => {
    const user = await newUser()
    for (const [path, body] of [
      ['/verify-password', { password: 'wrong' }],
      ['/verify-password', { password: TEST_PASSWORD }],
      ['/change-password', { currentPassword: 'wrong', newPassword: 'paper-crane-41' }],
      ['/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'paper-crane-41' }],
    ] as const) {
      const answer = await callAuth(subject.app, path, {
        ip: user.ip,
        cookie: user.cookie,
        body,
      })
      expect(answer.status, path).toBe(404)
    }
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200)
  })
})
