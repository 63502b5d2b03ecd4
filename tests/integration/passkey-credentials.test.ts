import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '../../src/shared/passkeys'
import { callAuth } from '../support/api'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import { appWithMail } from '../support/app-with-mail'
import type { TestUser } from '../support/test-users'

/**
 * A credential id names one passkey of one account (WebAuthn §7.1: a credential id already
 * registered fails the ceremony): a key presented as another account's is refused at
 * registration, and the database holds each credential id once.
 */

const SITE = 'http://localhost:3000'

const file = appWithMail('credential')

const passkeysOf = async (user: TestUser) =>
  (
    await callAuth(file.subject.app, '/passkey/list-user-passkeys', {
      ip: user.ip,
      cookie: user.cookie,
    })
  ).json as unknown as unknown[]

describe('a passkey credential id already registered', () => {
  it("to another account is refused at registration, and the owner's passkey still signs the owner in", async () => {
    const owner = await file.createUser()
    const other = await file.createUser()
    const added = await addPasskey(file.subject.app, SITE, owner.cookie, 'Phone', { ip: owner.ip })
    expect(added.answer.status).toBe(200)

    const { answer } = await addPasskey(file.subject.app, SITE, other.cookie, 'Borrowed', {
      ip: other.ip,
      reusedId: added.credential.id,
    })
    expect(answer.status).toBe(409)
    expect(answer.json).toMatchObject({
      code: PASSKEY_ERROR_CODES.credentialInUse,
      message: PASSKEY_MESSAGES.credentialInUse,
    })
    expect(await passkeysOf(other)).toEqual([])

    const signedIn = await signInWithPasskey(file.subject.app, SITE, added.credential, {
      ip: owner.ip,
    })
    expect(signedIn.status).toBe(200)
    expect((signedIn.json.user as { id: string }).id).toBe(owner.uid)
  })

  it('to the same account is refused too', async () => {
    const owner = await file.createUser()
    const added = await addPasskey(file.subject.app, SITE, owner.cookie, 'Phone', { ip: owner.ip })
    const again = await addPasskey(file.subject.app, SITE, owner.cookie, 'Again', {
      ip: owner.ip,
      reusedId: added.credential.id,
    })
    expect(again.answer.status).toBe(409)
    expect(await passkeysOf(owner)).toHaveLength(1)
  })

  it('cannot be stored twice, whoever writes it', async () => {
    const first = await file.createUser()
    const second = await file.createUser()
    const row = (userId: string) => ({
      id: randomUUID(),
      name: 'Key',
      publicKey: 'cHVibGlj',
      userId,
      credentialID: 'c2FtZS1jcmVkZW50aWFs',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: file.subject.database.dialect === 'postgres' ? false : 0,
    })
    const { db } = file.subject.database
    const insert = (userId: string) =>
      db
        .insertInto('passkey' as never)
        .values(row(userId) as never)
        .execute()
    await insert(first.uid)
    await expect(insert(second.uid)).rejects.toThrow(/unique|duplicate/i)
  })
})
