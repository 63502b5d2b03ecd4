import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRedisStorage, type RedisStorage } from '../../src/server/auth/redis-storage'
import { callAuth } from '../support/api'
import { requestEmailChange } from '../support/recovery-flow'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * AUTH_NEUTRAL_ERRORS (docs/security.md "Abuse limits"): nothing anyone can send answers
 * differently for an address that has an account, also where one request spends a count
 * another one reads. Mofu's counts live in the database, or in Redis with REDIS_URL.
 */

const REDIS_URL = process.env.MOFU_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

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
      auth: { neutralAuthErrors: true },
      ...(inRedis ? { counters: redis.counters, secondaryStorage: redis.storage } : {}),
    })
  }, 60_000)
  afterAll(async () => {
    await subject?.dispose()
  })

  const newUser = () => createTestUser(subject.app, smtp, newVisitor('neutral'))

  /** A request to Better Auth from an address of its own (callAuth's), as a botnet sends them. */
  const auth = (path: string, body: Record<string, unknown>) =>
    callAuth(subject.app, path, { body })

  const signUp = (email: string) =>
    auth('/sign-up/email', { email, password: TEST_PASSWORD, name: '' })

  const changeTo = (asker: TestUser, newEmail: string) =>
    requestEmailChange(subject.app, asker, newEmail, TEST_PASSWORD)

  it('answers a change of address alike after three sign-ups for a registered and a free address', async () => {
    const [registered, asker] = await Promise.all([newUser(), newUser()])
    const free = newVisitor('neutral').email
    for (const target of [registered.email, free]) {
      for (let round = 0; round < 3; round++) expect((await signUp(target)).status).toBe(200)
    }
    expect((await changeTo(asker, registered.email)).status).toBe(202)
    expect((await changeTo(asker, free)).status).toBe(202)
  })

  it('answers a change of address alike after three resends for a pending and a free address', async () => {
    const asker = await newUser()
    const pending = newVisitor('neutral').email
    const free = newVisitor('neutral').email
    expect((await signUp(pending)).status).toBe(200)
    for (const target of [pending, free]) {
      for (let round = 0; round < 3; round++) {
        expect((await auth('/send-verification-email', { email: target })).status).toBe(200)
      }
    }
    expect((await changeTo(asker, pending)).status).toBe(202)
    expect((await changeTo(asker, free)).status).toBe(202)
  })

  it('answers a change of address before its mail is sent, as for an address past its cap', async () => {
    const asker = await newUser()
    const target = newVisitor('neutral').email
    smtp.setDelay(2000)
    try {
      expect((await changeTo(asker, target)).status).toBe(202)
      // A mail the answer waited for would be in the capture already.
      expect(smtp.messages.filter((mail) => mail.to.includes(target))).toEqual([])
    } finally {
      smtp.setDelay(0)
    }
    await smtp.waitForMail(target, { subject: /confirm your new e-mail/i })
  })

  it('still takes at most 3 change requests an hour for one new address, registered or free', async () => {
    const registered = await newUser()
    const free = newVisitor('neutral').email
    const askers = await Promise.all([newUser(), newUser(), newUser(), newUser()])
    for (const target of [registered.email, free]) {
      const answers: number[] = []
      for (const asker of askers) answers.push((await changeTo(asker, target)).status)
      expect(answers, target).toEqual([202, 202, 202, 429])
    }
  })
})

describe('AUTH_NEUTRAL_ERRORS', () => {
  it('answers sign-up and reset requests as fast whether or not the address has an account', async () => {
    // At production cost: what is timed here is whether a hash or a mail shows in the answer.
    const neutral = await createTestApp({
      smtpUrl: smtp.url,
      auth: { neutralAuthErrors: true },
      productionHashing: true,
    })
    try {
      // Each mail takes this long to be accepted: fifteen times a hash timed in the same run
      // (and at least 1.8 s), so the margin below grows with a slower or busier machine.
      const { password } = await neutral.auth.$context
      const hashTimes: number[] = []
      for (let round = 0; round < 5; round++) {
        const started = performance.now()
        await password.hash(TEST_PASSWORD)
        hashTimes.push(performance.now() - started)
      }
      const hashMs = [...hashTimes].sort((a, b) => a - b)[2] ?? 0
      const SLOW_RELAY_MS = Math.max(1800, 15 * hashMs)
      const known = await createTestUser(neutral.app, smtp, newVisitor('neutral'))
      const unverified = newVisitor('neutral')
      await callAuth(neutral.app, '/sign-up/email', {
        ip: unverified.ip,
        body: { email: unverified.email, password: TEST_PASSWORD, name: '' },
      })
      smtp.setDelay(SLOW_RELAY_MS)
      const timed = async (path: string, body: Record<string, unknown>) => {
        const started = performance.now()
        const answer = await callAuth(neutral.app, path, { body })
        expect(answer.status).toBe(200)
        return performance.now() - started
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[3] ?? 0
      const signUp = (email: string) => ({ email, password: TEST_PASSWORD, name: '' })
      const knownSignUp: number[] = []
      const unverifiedSignUp: number[] = []
      const newSignUp: number[] = []
      const knownReset: number[] = []
      const newReset: number[] = []
      for (let round = 0; round < 7; round++) {
        knownSignUp.push(await timed('/sign-up/email', signUp(known.email)))
        unverifiedSignUp.push(await timed('/sign-up/email', signUp(unverified.email)))
        newSignUp.push(await timed('/sign-up/email', signUp(newVisitor('neutral').email)))
        knownReset.push(await timed('/request-password-reset', { email: known.email }))
        newReset.push(
          await timed('/request-password-reset', { email: newVisitor('neutral').email }),
        )
      }
      // The slow relay shows in no answer: a third of its wait leaves room for five hashes'
      // worth of noise on medians of seven, however slow the machine.
      const margin = SLOW_RELAY_MS / 3
      expect(Math.abs(median(knownSignUp) - median(newSignUp))).toBeLessThan(margin)
      expect(Math.abs(median(unverifiedSignUp) - median(newSignUp))).toBeLessThan(margin)
      expect(Math.abs(median(knownReset) - median(newReset))).toBeLessThan(margin)
    } finally {
      smtp.setDelay(0)
      await neutral.dispose()
    }
  }, 180_000)
})
