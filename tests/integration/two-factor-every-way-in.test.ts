import { describe, expect, it } from 'vitest'
import { PASSKEY_ERROR_CODES } from '../../src/shared/passkeys'
import { TWO_FACTOR_ERRORS } from '../../src/shared/two-factor'
import { callAuth, keptCookies } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { turnOnTwoFactor } from '../support/two-factor-flow'

/**
 * Two-factor means two factors on every way in (docs/using.md "Two-factor authentication",
 * "Passkeys"): a passkey counts as two only when the authenticator verified its user, and
 * wrong codes count toward the account's lock wherever they are tried.
 */

const SITE = 'http://localhost:3000'

const file = appWithMail('everyway', { google: true })

/** Turns two-factor on for `user`; its code generator and the session cookie that follows. */
async function turnOn(user: TestUser) {
  const { code, cookie } = await turnOnTwoFactor(file.subject.app, user)
  return { code, cookie: keptCookies(cookie) }
}

describe('passkeys', () => {
  it('ask browsers for user verification when adding one and when signing in', async () => {
    const user = await file.createUser()
    const registration = await callAuth(file.subject.app, '/passkey/generate-register-options', {
      ip: user.ip,
      cookie: user.cookie,
    })
    expect(registration.json.authenticatorSelection).toMatchObject({
      userVerification: 'required',
    })
    const authentication = await callAuth(
      file.subject.app,
      '/passkey/generate-authenticate-options',
      {
        ip: user.ip,
      },
    )
    expect(authentication.status).toBe(200)
    expect(authentication.json.userVerification).toBe('required')
  })

  it('refuse a passkey whose authenticator did not verify its user, when added', async () => {
    const user = await file.createUser()
    const { answer } = await addPasskey(file.subject.app, SITE, user.cookie, 'Security key', {
      ip: user.ip,
      userVerified: false,
    })
    expect(answer.status).toBe(400)
    expect(answer.json.code).toBe(PASSKEY_ERROR_CODES.userVerificationRequired)
    const listed = await callAuth(file.subject.app, '/passkey/list-user-passkeys', {
      ip: user.ip,
      cookie: user.cookie,
    })
    expect(listed.json).toEqual([])
  })

  it('with presence only (flags 0x01) do not sign into an account with two-factor on', async () => {
    const user = await file.createUser()
    const { credential } = await addPasskey(file.subject.app, SITE, user.cookie, 'Pixel 8', {
      ip: user.ip,
    })
    await turnOn(user)

    const touched = await signInWithPasskey(file.subject.app, SITE, credential, {
      ip: user.ip,
      userVerified: false,
    })
    expect(touched.status).toBe(401)
    expect(touched.json.code).toBe(PASSKEY_ERROR_CODES.userVerificationRequired)
    expect(touched.cookie).not.toContain('session_token=')

    const verified = await signInWithPasskey(file.subject.app, SITE, credential, { ip: user.ip })
    expect(verified.status).toBe(200)
    expect(verified.cookie).toContain('session_token=')
  })
})

describe('wrong codes when turning two-factor off', () => {
  it('count toward the account lock of sign-in codes, from any address', async () => {
    const user = await file.createUser()
    const { code, cookie } = await turnOn(user)
    const right = await code()
    const wrong = right === '000000' ? '111111' : '000000'
    const answers: number[] = []
    // Each guess from another address (callAuth's), none of them the user's own.
    for (let guess = 0; guess < 11; guess += 1) {
      const answer = await callAuth(file.subject.app, '/two-factor/disable', {
        cookie,
        body: { code: wrong, password: TEST_PASSWORD },
      })
      answers.push(answer.status)
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(answers[10]).toBe(429)

    // The lock holds for the right code, there and at sign-in.
    const off = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie,
      body: { code: right, password: TEST_PASSWORD },
    })
    expect(off.status).toBe(429)
    expect(off.json.code).toBe(TWO_FACTOR_ERRORS.codesLocked)
    const signIn = await callAuth(file.subject.app, '/sign-in/email', {
      ip: user.ip,
      body: { email: user.email, password: TEST_PASSWORD },
    })
    expect(signIn.json.twoFactorRedirect).toBe(true)
    const withCode = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie: signIn.cookie,
      body: { code: right },
    })
    expect(withCode.status).toBe(429)
    expect(withCode.json.code).toBe(TWO_FACTOR_ERRORS.codesLocked)
    // Eleven password checks (scrypt) on a busy machine.
  }, 60_000)
})

describe('Google sign-in into an account with two-factor on', () => {
  it('asks for the code before there is a session', async () => {
    const user = await file.createUser()
    const { code } = await turnOn(user)
    const google = await signInWithGoogle(file.subject.app, file.oidc, user.email, user.ip)
    expect(google.status).toBe(302)
    expect(new URL(google.location, SITE).searchParams.getAll('error')).toEqual([
      TWO_FACTOR_ERRORS.googleCodeRequired,
    ])
    const cookie = keptCookies(google.cookie)
    const session = await callAuth(file.subject.app, '/get-session', { ip: user.ip, cookie })
    expect(session.json.session ?? null).toBeNull()

    const given = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie,
      body: { code: await code(1) },
    })
    expect(given.status).toBe(200)
    expect(given.cookie).toContain('session_token=')
  })
})
