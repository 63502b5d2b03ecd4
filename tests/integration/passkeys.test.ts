import { describe, expect, it } from 'vitest'
import { PASSKEY_MESSAGES } from '../../src/shared/passkeys'
import { callAuth, freshAddress } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { loggedLines } from '../support/log-lines'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import { createTestApp } from '../support/test-app'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/** Passkeys (docs/using.md "Passkeys") through app.request(), with a WebAuthn authenticator in software. */

const SITE = 'http://localhost:3000'
const EVIL = 'https://mofu-login.example'

const file = appWithMail('passkey')

const whoIs = async (cookie: string, ip: string) => {
  const session = await callAuth(file.subject.app, '/get-session', { ip, cookie })
  return (session.json.user as { id?: string } | undefined)?.id ?? null
}

const passkeysOf = async (user: TestUser) =>
  (
    await callAuth(file.subject.app, '/passkey/list-user-passkeys', {
      ip: user.ip,
      cookie: user.cookie,
    })
  ).json as unknown as { id: string; name: string; createdAt: string }[]

describe('adding a passkey', () => {
  it('stores it under its name and mails the owner', async () => {
    const user = await file.createUser()
    const { answer } = await addPasskey(file.subject.app, SITE, user.cookie, '  Pixel 8 ', {
      ip: user.ip,
    })
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const listed = await passkeysOf(user)
    expect(listed).toHaveLength(1)
    expect(listed[0]?.name).toBe('Pixel 8')
    expect(Date.now() - new Date(listed[0]?.createdAt ?? 0).getTime()).toBeLessThan(60_000)
    const notice = await file.smtp.waitForMail(user.email, { subject: /passkey was added/i })
    expect(notice.text).toContain('"Pixel 8"')
    expect(notice.html).toContain('&quot;Pixel 8&quot;')
    expect(notice.text).toContain(`${SITE}/?account=true`)
  })

  it('refuses a missing, blank or overlong name, and stores nothing', async () => {
    const user = await file.createUser()
    for (const name of [undefined, '   ', 'x'.repeat(51), 'Pixel\u0007']) {
      const { answer } = await addPasskey(file.subject.app, SITE, user.cookie, name, {
        ip: user.ip,
      })
      expect(answer.status).toBe(400)
      expect(typeof answer.json.message).toBe('string')
    }
    expect(await passkeysOf(user)).toEqual([])
  })

  it('refuses an answer made for another site (clientDataJSON origin), whatever the Origin header', async () => {
    const user = await file.createUser()
    for (const originHeader of [SITE, EVIL]) {
      const { answer } = await addPasskey(file.subject.app, SITE, user.cookie, 'Phished', {
        ip: user.ip,
        origin: EVIL,
        originHeader,
      })
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    expect(await passkeysOf(user)).toEqual([])
  })

  it('needs a session', async () => {
    const answer = await callAuth(file.subject.app, '/passkey/generate-register-options')
    expect(answer.status).toBe(401)
  })
})

describe('signing in with a passkey', () => {
  it("signs in its owner, and only its owner, even from another user's session", async () => {
    const owner = await file.createUser()
    const other = await file.createUser()
    const { credential } = await addPasskey(file.subject.app, SITE, owner.cookie, 'Laptop', {
      ip: owner.ip,
    })
    await addPasskey(file.subject.app, SITE, other.cookie, 'Phone', { ip: other.ip })

    const ip = freshAddress()
    const signedIn = await signInWithPasskey(file.subject.app, SITE, credential, { ip })
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200)
    expect(await whoIs(signedIn.cookie, ip)).toBe(owner.uid)

    const fromOther = await signInWithPasskey(file.subject.app, SITE, credential, {
      ip: other.ip,
      cookie: other.cookie,
    })
    expect(fromOther.status).toBe(200)
    expect(await whoIs(fromOther.cookie, other.ip)).toBe(owner.uid)
  })

  it("refuses one user's key presented as another user's passkey", async () => {
    const attacker = await file.createUser()
    const victim = await file.createUser()
    const { credential: own } = await addPasskey(file.subject.app, SITE, attacker.cookie, 'Mine', {
      ip: attacker.ip,
    })
    const { credential: theirs } = await addPasskey(
      file.subject.app,
      SITE,
      victim.cookie,
      'Theirs',
      {
        ip: victim.ip,
      },
    )
    const answer = await signInWithPasskey(file.subject.app, SITE, own, {
      ip: freshAddress(),
      claimedId: theirs.id,
    })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.cookie).not.toMatch(/session_token=[^;]+/)
  })

  it('refuses an answer made for another site, whatever the Origin header', async () => {
    const user = await file.createUser()
    const { credential } = await addPasskey(file.subject.app, SITE, user.cookie, 'Tablet', {
      ip: user.ip,
    })
    for (const originHeader of [SITE, EVIL]) {
      const answer = await signInWithPasskey(file.subject.app, SITE, credential, {
        ip: freshAddress(),
        origin: EVIL,
        originHeader,
      })
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      expect(answer.cookie).not.toMatch(/session_token=[^;]+/)
    }
  })
})

describe('removing a passkey', () => {
  it('removes it, mails the owner, and it signs in no more', async () => {
    const user = await file.createUser()
    const { credential } = await addPasskey(file.subject.app, SITE, user.cookie, 'Old phone', {
      ip: user.ip,
    })
    const [listed] = await passkeysOf(user)
    const removed = await callAuth(file.subject.app, '/passkey/delete-passkey', {
      ip: user.ip,
      cookie: user.cookie,
      body: { id: listed?.id },
    })
    expect(removed.status).toBe(200)
    expect(await passkeysOf(user)).toEqual([])
    const notice = await file.smtp.waitForMail(user.email, { subject: /passkey was removed/i })
    expect(notice.text).toContain('"Old phone"')
    const answer = await signInWithPasskey(file.subject.app, SITE, credential, {
      ip: freshAddress(),
    })
    expect(answer.status).toBe(401)
  })

  it("never removes another user's passkey", async () => {
    const owner = await file.createUser()
    const other = await file.createUser()
    await addPasskey(file.subject.app, SITE, owner.cookie, 'Keep me', { ip: owner.ip })
    const [listed] = await passkeysOf(owner)
    const answer = await callAuth(file.subject.app, '/passkey/delete-passkey', {
      ip: other.ip,
      cookie: other.cookie,
      body: { id: listed?.id },
    })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(await passkeysOf(owner)).toHaveLength(1)
    expect(answer.json.message).not.toBe(PASSKEY_MESSAGES.lastSignInMethod)
  })
})

describe('security events', () => {
  it('logs passkeys added, removed and signing in, and the password removed, with no key', async () => {
    const { logger, lines } = loggedLines()
    const logged = await createTestApp({ smtpUrl: file.smtp.url, logger })
    try {
      const user = await file.createUser(logged)
      const own = { ip: user.ip, cookie: user.cookie }
      const { credential } = await addPasskey(logged.app, SITE, user.cookie, 'One', own)
      expect((await signInWithPasskey(logged.app, SITE, credential, own)).status).toBe(200)
      const unknown = await signInWithPasskey(logged.app, SITE, credential, {
        ...own,
        claimedId: Buffer.from('no-such-credential'),
      })
      expect(unknown.status).toBe(401)
      const removed = await callAuth(logged.app, '/remove-password', {
        ...own,
        body: { password: TEST_PASSWORD },
      })
      expect(removed.status).toBe(200)
      await addPasskey(logged.app, SITE, user.cookie, 'Two', own)
      const listed = await callAuth(logged.app, '/passkey/list-user-passkeys', own)
      const [first] = listed.json as unknown as { id: string; publicKey: string }[]
      const deleted = await callAuth(logged.app, '/passkey/delete-passkey', {
        ...own,
        body: { id: first?.id },
      })
      expect(deleted.status).toBe(200)

      const events = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'security event')
      const named = (name: string) => events.filter((entry) => entry.event === name)
      expect(named('passkey.added')).toHaveLength(2)
      for (const name of ['passkey.sign-in', 'password.removed', 'passkey.removed']) {
        expect(named(name), name).toEqual([
          expect.objectContaining({ userId: user.uid, ip: user.ip, reqId: expect.any(String) }),
        ])
      }
      expect(named('sign-in.failed')).toEqual([expect.objectContaining({ ip: user.ip })])
      const all = lines.join('\n')
      expect(all).not.toContain(first?.publicKey)
      expect(all).not.toContain(credential.id.toString('base64url'))
    } finally {
      await logged.dispose()
    }
  })
})
