import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '../../src/shared/passkeys'
import { addPasskey, callAuth, signInWithPasskey } from '../support/passkey-flow'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, type TestUser } from '../support/test-users'

/**
 * A credential id names one passkey of one account (WebAuthn §7.1: a credential id already
 * registered fails the ceremony): a key presented as another account's is refused at
 * registration, and the database holds each credential id once.
 */

const SITE = 'http://localhost:3000'

let smtp: SmtpCapture
let subject: TestApp
let sequence = 0

beforeAll(async () => {
  smtp = await startSmtpCapture()
  subject = await createTestApp({ smtpUrl: smtp.url })
}, 60_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
})

function createUser(): Promise<TestUser> {
  sequence += 1
  return createTestUser(subject.app, smtp, {
    email: `credential${sequence}-${Date.now()}@mofu.test`,
    ip: `10.174.${sequence}.3`,
  })
}

const passkeysOf = async (user: TestUser) =>
  (await callAuth(subject.app, '/passkey/list-user-passkeys', { ip: user.ip, cookie: user.cookie }))
    .json as unknown as unknown[]

describe('a passkey credential id already registered', () => {
  it("to another account is refused at registration, and the owner's passkey still signs the owner in", async () => {
    const owner = await createUser()
    const other = await createUser()
    const added = await addPasskey(subject.app, SITE, owner.cookie, 'Phone', { ip: owner.ip })
    expect(added.answer.status).toBe(200)

    const { answer } = await addPasskey(subject.app, SITE, other.cookie, 'Borrowed', {
      ip: other.ip,
      reusedId: added.credential.id,
    })
    expect(answer.status).toBe(409)
    expect(answer.json).toMatchObject({
      code: PASSKEY_ERROR_CODES.credentialInUse,
      message: PASSKEY_MESSAGES.credentialInUse,
    })
    expect(await passkeysOf(other)).toEqual([])

    const signedIn = await signInWithPasskey(subject.app, SITE, added.credential, { ip: owner.ip })
    expect(signedIn.status).toBe(200)
    expect((signedIn.json.user as { id: string }).id).toBe(owner.uid)
  })

  it('to the same account is refused too', async () => {
    const owner = await createUser()
    const added = await addPasskey(subject.app, SITE, owner.cookie, 'Phone', { ip: owner.ip })
    const again = await addPasskey(subject.app, SITE, owner.cookie, 'Again', {
      ip: owner.ip,
      reusedId: added.credential.id,
    })
    expect(again.answer.status).toBe(409)
    expect(await passkeysOf(owner)).toHaveLength(1)
  })

  it('cannot be stored twice, whoever writes it', async () => {
    const first = await createUser()
    const second = await createUser()
    const row = (userId: string) => ({
      id: randomUUID(),
      name: 'Key',
      publicKey: 'cHVibGlj',
      userId,
      credentialID: 'c2FtZS1jcmVkZW50aWFs',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: subject.database.dialect === 'postgres' ? false : 0,
    })
    const { db } = subject.database
    const insert = (userId: string) =>
      db
        .insertInto('passkey' as never)
        .values(row(userId) as never)
        .execute()
    await insert(first.uid)
    await expect(insert(second.uid)).rejects.toThrow(/unique|duplicate/i)
  })
})
