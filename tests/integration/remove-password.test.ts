import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '../../src/shared/passkeys'
import { callAuth } from '../support/api'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * Removing the password (docs/using.md "Passkeys"): only with the current password, and only while a
 * passkey or Google can still sign in; the last passkey of an account without a password stays.
 */

const SITE = 'http://localhost:3000'

const file = appWithMail('nopassword')

const removePassword = (user: TestUser, password: unknown) =>
  callAuth(file.subject.app, '/remove-password', {
    ip: user.ip,
    cookie: user.cookie,
    body: { password },
  })

const providersOf = async (user: TestUser) =>
  (
    (await callAuth(file.subject.app, '/list-accounts', { ip: user.ip, cookie: user.cookie }))
      .json as unknown as { providerId: string }[]
  ).map((account) => account.providerId)

const passkeyIdsOf = async (user: TestUser) =>
  (
    (
      await callAuth(file.subject.app, '/passkey/list-user-passkeys', {
        ip: user.ip,
        cookie: user.cookie,
      })
    ).json as unknown as { id: string }[]
  ).map((passkey) => passkey.id)

describe('removing the password', () => {
  it('is refused while the password is the only way to sign in', async () => {
    const user = await file.createUser()
    const answer = await removePassword(user, TEST_PASSWORD)
    expect(answer.status).toBe(409)
    expect(answer.json).toMatchObject({
      code: PASSKEY_ERROR_CODES.passwordStillNeeded,
      message: PASSKEY_MESSAGES.passwordStillNeeded,
    })
    expect(await providersOf(user)).toEqual(['credential'])
  })

  it('asks for the current password', async () => {
    const user = await file.createUser()
    await addPasskey(file.subject.app, SITE, user.cookie, 'Pixel 8', { ip: user.ip })
    const wrong = await removePassword(user, 'not-my-password')
    expect(wrong.status).toBe(403)
    expect(wrong.json).toMatchObject({ message: AUTH_MESSAGES.incorrectPassword })
    expect((await removePassword(user, '')).status).toBe(400)
    expect((await removePassword(user, 42)).status).toBe(400)
    expect(await providersOf(user)).toEqual(['credential'])
  })

  it('with a passkey left: removes it, mails the owner, and the passkey still signs in', async () => {
    const user = await file.createUser()
    const { credential } = await addPasskey(file.subject.app, SITE, user.cookie, 'Pixel 8', {
      ip: user.ip,
    })
    const answer = await removePassword(user, TEST_PASSWORD)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(await providersOf(user)).toEqual([])
    await file.smtp.waitForMail(user.email, { subject: /password .*was removed/i })

    const byPassword = await callAuth(file.subject.app, '/sign-in/email', {
      ip: user.ip,
      body: { email: user.email, password: TEST_PASSWORD },
    })
    expect(byPassword.status).toBe(401)
    expect(byPassword.json).toMatchObject({
      code: PASSKEY_ERROR_CODES.passkeyOnly,
      message: PASSKEY_MESSAGES.passkeyOnly,
    })
    const byPasskey = await signInWithPasskey(file.subject.app, SITE, credential, { ip: user.ip })
    expect(byPasskey.status).toBe(200)

    const again = await removePassword(user, TEST_PASSWORD)
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ code: PASSKEY_ERROR_CODES.noPasswordToRemove })
  })

  it('then keeps the last passkey, until another one is added', async () => {
    const user = await file.createUser()
    await addPasskey(file.subject.app, SITE, user.cookie, 'First', { ip: user.ip })
    expect((await removePassword(user, TEST_PASSWORD)).status).toBe(200)
    const [first] = await passkeyIdsOf(user)
    const deleteFirst = () =>
      callAuth(file.subject.app, '/passkey/delete-passkey', {
        ip: user.ip,
        cookie: user.cookie,
        body: { id: first },
      })
    const refused = await deleteFirst()
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({
      code: PASSKEY_ERROR_CODES.lastSignInMethod,
      message: PASSKEY_MESSAGES.lastSignInMethod,
    })
    expect(await passkeyIdsOf(user)).toEqual([first])

    await addPasskey(file.subject.app, SITE, user.cookie, 'Second', { ip: user.ip })
    const second = (await passkeyIdsOf(user)).find((id) => id !== first)
    expect(second).toBeDefined()
    expect((await deleteFirst()).status).toBe(200)
    expect(await passkeyIdsOf(user)).toEqual([second])
  })

  it('needs a session', async () => {
    const answer = await callAuth(file.subject.app, '/remove-password', {
      body: { password: TEST_PASSWORD },
    })
    expect(answer.status).toBe(401)
  })
})
