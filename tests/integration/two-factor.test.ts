import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { authenticator, awayFromStepEdge } from '../support/authenticator'
import { signInByPassword } from '../support/recovery-flow'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { turnOnTwoFactor } from '../support/two-factor-flow'

/** Two-factor codes (docs/using.md "Two-factor authentication") through app.request(). */

const file = appWithMail('totp')

const twoFactorOn = async (user: TestUser) =>
  (await callAuth(file.subject.app, '/get-session', { ip: user.ip, cookie: user.cookie })).json
    .user as { twoFactorEnabled?: boolean } | undefined

const turnOn = (user: TestUser) => turnOnTwoFactor(file.subject.app, user)

describe('turning two-factor on', () => {
  it('needs the password, then a correct code; the owner gets a mail', async () => {
    const user = await file.createUser()
    const wrongPassword = await callAuth(file.subject.app, '/two-factor/enable', {
      ip: user.ip,
      cookie: user.cookie,
      body: { password: 'nope-nope' },
    })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.json.code).toBe('INVALID_PASSWORD')

    await awayFromStepEdge()
    const enabled = await callAuth(file.subject.app, '/two-factor/enable', {
      ip: user.ip,
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(enabled.status).toBe(200)
    const totpURI = String(enabled.json.totpURI)
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Mofu:/)
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Mofu')
    expect(enabled.json.backupCodes).toHaveLength(10)
    const code = authenticator(totpURI)

    const wrong = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie: user.cookie,
      body: { code: '000000' === (await code()) ? '111111' : '000000' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.json.code).toBe('INVALID_CODE')
    expect((await twoFactorOn(user))?.twoFactorEnabled).toBe(false)
    // Before it is confirmed, a password sign-in asks for no code.
    expect(
      (await signInByPassword(file.subject.app, user.ip, user.email, TEST_PASSWORD)).json
        .twoFactorRedirect,
    ).toBeUndefined()

    const confirmed = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie: user.cookie,
      body: { code: await code() },
    })
    expect(confirmed.status).toBe(200)
    const cookie = confirmed.cookie
    expect((await twoFactorOn({ ...user, cookie }))?.twoFactorEnabled).toBe(true)
    const mail = await file.smtp.waitForMail(user.email, {
      subject: /two-factor authentication turned on/i,
    })
    expect(mail.text).toContain('http://localhost:3000/?account=true')
    expect(mail.html).toContain('Two-factor authentication is on')
  })
})

describe('signing in with two-factor on', () => {
  it('asks for a code; one of the previous step works, a reused one does not', async () => {
    const user = await file.createUser()
    const { code } = await turnOn(user)
    await awayFromStepEdge()

    const password = await signInByPassword(file.subject.app, user.ip, user.email, TEST_PASSWORD)
    expect(password.status).toBe(200)
    expect(password.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    // The password alone signs nobody in.
    expect(
      (await callAuth(file.subject.app, '/get-session', { ip: user.ip, cookie: password.cookie }))
        .json.user,
    ).toBeUndefined()

    const current = await code()
    const first = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie: password.cookie,
      body: { code: current },
    })
    expect(first.status).toBe(200)
    expect((await twoFactorOn({ ...user, cookie: first.cookie }))?.twoFactorEnabled).toBe(true)

    const again = await signInByPassword(file.subject.app, user.ip, user.email, TEST_PASSWORD)
    const reused = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie: again.cookie,
      body: { code: current },
    })
    expect(reused.status).toBe(401)
    expect(reused.json.code).toBe('CODE_ALREADY_USED')
    // The code before the one taken is older still: refused too.
    const older = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip: user.ip,
      cookie: again.cookie,
      body: { code: await code(-1) },
    })
    expect(older.status).toBe(401)
  })

  it('takes a backup code once, and trusts the device for 30 days when asked', async () => {
    const user = await file.createUser()
    const { backupCodes } = await turnOn(user)
    const backup = backupCodes[0] ?? ''

    const first = await signInByPassword(file.subject.app, user.ip, user.email, TEST_PASSWORD)
    const used = await callAuth(file.subject.app, '/two-factor/verify-backup-code', {
      ip: user.ip,
      cookie: first.cookie,
      body: { code: backup, trustDevice: true },
    })
    expect(used.status).toBe(200)
    const trusted = used.cookie.split('; ').find((pair) => pair.includes('trust_device')) ?? ''
    expect(trusted).not.toBe('')

    const second = await signInByPassword(file.subject.app, user.ip, user.email, TEST_PASSWORD)
    const reused = await callAuth(file.subject.app, '/two-factor/verify-backup-code', {
      ip: user.ip,
      cookie: second.cookie,
      body: { code: backup },
    })
    expect(reused.status).toBe(401)
    expect(reused.json.code).toBe('INVALID_BACKUP_CODE')

    const fromTrusted = await callAuth(file.subject.app, '/sign-in/email', {
      ip: user.ip,
      cookie: trusted,
      body: { email: user.email, password: TEST_PASSWORD },
    })
    expect(fromTrusted.json.twoFactorRedirect).toBeUndefined()
    expect(fromTrusted.json.token).toEqual(expect.any(String))
  })

  it('limits wrong codes per address to 10 a minute', async () => {
    const user = await file.createUser()
    const { code } = await turnOn(user)
    const wrong = async () => ((await code()) === '000000' ? '999999' : '000000')
    const ip = '10.13.250.1'
    const challenge = await signInByPassword(file.subject.app, ip, user.email, TEST_PASSWORD)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push(
        (
          await callAuth(file.subject.app, '/two-factor/verify-totp', {
            ip,
            cookie: challenge.cookie,
            body: { code: await wrong() },
          })
        ).status,
      )
    }
    // Five wrong codes spend one sign-in's chances: the log-in starts again.
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 400])
    expect(statuses).not.toContain(429)
    const limited = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip,
      cookie: challenge.cookie,
      body: { code: await wrong() },
    })
    expect(limited.status).toBe(429)
    expect(limited.json).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    })
  })

  it('locks the codes of an account after 10 wrong ones in a row, from any address', async () => {
    const user = await file.createUser()
    const { code } = await turnOn(user)
    const wrong = async () => ((await code()) === '000000' ? '999999' : '000000')
    for (let address = 0; address < 5; address++) {
      const ip = `10.13.251.${address + 1}`
      const attempt = await signInByPassword(file.subject.app, ip, user.email, TEST_PASSWORD)
      for (let tries = 0; tries < 2; tries++) {
        expect(
          (
            await callAuth(file.subject.app, '/two-factor/verify-totp', {
              ip,
              cookie: attempt.cookie,
              body: { code: await wrong() },
            })
          ).status,
        ).toBe(401)
      }
    }
    const ip = '10.13.252.1'
    const owner = await signInByPassword(file.subject.app, ip, user.email, TEST_PASSWORD)
    const locked = await callAuth(file.subject.app, '/two-factor/verify-totp', {
      ip,
      cookie: owner.cookie,
      body: { code: await code() },
    })
    expect(locked.status).toBe(429)
    // Said as what it is, with the lock's length: not "wait a minute".
    expect(locked.json).toEqual({
      code: 'CODES_LOCKED',
      message:
        'Too many wrong codes for this account. Codes are locked for up to 15 minutes; please try again later.',
    })
    expect(locked.headers.get('Retry-After')).toBe('900')
  })
})

describe('turning two-factor off', () => {
  it('needs a code (and the password); the owner gets a mail; sign-in asks no code after', async () => {
    const user = await file.createUser()
    // Turned on with the previous step's code: the current one is still unused.
    const { code, cookie } = await turnOn(user)

    const noCode = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(noCode.status).toBe(400)
    expect(noCode.json.code).toBe('CODE_REQUIRED')
    const wrong = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie,
      body: { password: TEST_PASSWORD, code: (await code()) === '123456' ? '654321' : '123456' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.json.code).toBe('INVALID_CODE')
    const wrongPassword = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie,
      body: { password: 'not-it-at-all', code: await code() },
    })
    expect(wrongPassword.status).toBe(400)
    expect((await twoFactorOn({ ...user, cookie }))?.twoFactorEnabled).toBe(true)

    // The password was wrong, so the code was not spent: it still turns two-factor off.
    const off = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie,
      body: { password: TEST_PASSWORD, code: await code() },
    })
    expect(off.status).toBe(200)
    expect((await twoFactorOn({ ...user, cookie: off.cookie }))?.twoFactorEnabled).toBe(false)
    const mail = await file.smtp.waitForMail(user.email, {
      subject: /two-factor authentication turned off/i,
    })
    expect(mail.text).toContain('no longer asks for a code')
    const plain = await signInByPassword(file.subject.app, user.ip, user.email, TEST_PASSWORD)
    expect(plain.json.twoFactorRedirect).toBeUndefined()
    expect(plain.json.token).toEqual(expect.any(String))
  })
})

describe('the data export', () => {
  it('says two-factor is on, without the secret or the backup codes', async () => {
    const user = await file.createUser()
    const { totpURI, backupCodes, cookie } = await turnOn(user)
    const response = await callApp(file.subject.app, '/api/me/export', { cookie })
    expect(response.status).toBe(200)
    const files = unzipSync(new Uint8Array(response.bytes))
    const json = new TextDecoder().decode(files['mofu-data.json'])
    expect(JSON.parse(json).account.twoFactorEnabled).toBe(true)
    expect(json).not.toContain(new URL(totpURI).searchParams.get('secret'))
    for (const backup of backupCodes) expect(json).not.toContain(backup)
  })
})
