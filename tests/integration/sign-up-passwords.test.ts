import { describe, expect, it } from 'vitest'
import { deleteStaleUnverifiedAccounts } from '../../src/server/account/unverified-accounts'
import { callApp, callAuth, freshAddress } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { signInWithGoogle } from '../support/google-flow'
import { createTestApp, type TestApp } from '../support/test-app'
import { openVerificationLink } from '../support/test-users'

const PUBLIC_URL = 'http://localhost:3000'
const OWNER_PASSWORD = 'owner-pass-22'
const ATTACKER_PASSWORD = 'attacker-pass-1'

const file = appWithMail('signup', { google: true })

/** An owner's address and client address, and the attacker's own client address beside it. */
function newVisitor() {
  const visitor = file.newVisitor()
  return { ...visitor, attackerIp: freshAddress() }
}

const signUp = (app: TestApp['app'], email: string, ip: string, password: string) =>
  callAuth(app, '/sign-up/email', { ip, body: { email, password, name: '', callbackURL: '/' } })

/** A sign-in's status and error code. */
const signIn = async (app: TestApp['app'], email: string, ip: string, password: string) => {
  const { status, json } = await callAuth(app, '/sign-in/email', { ip, body: { email, password } })
  return { status, code: json.code }
}

/** The verification links mailed to `email`, oldest first, once there are `count`. */
async function links(email: string, count: number): Promise<string[]> {
  for (let tries = 0; tries < 100; tries++) {
    const found = file.smtp.messages
      .filter((mail) => mail.to.includes(email) && /verify/i.test(mail.subject ?? ''))
      .map((mail) => /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
    if (found.length >= count) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`fewer than ${count} verification mails for ${email}`)
}

/** Opening a link as its clicker: the password they know, from their own address. */
const open = openVerificationLink

/** Which of the two passwords sign in afterwards. */
async function passwordsThatSignIn(
  app: TestApp['app'],
  { email, ip, attackerIp }: { email: string; ip: string; attackerIp: string },
) {
  const owner = await signIn(app, email, ip, OWNER_PASSWORD)
  const attacker = await signIn(app, email, attackerIp, ATTACKER_PASSWORD)
  return { owner: owner.status, attacker: attacker.status }
}

describe.each([
  { order: 'the owner first, then the attacker', ownerFirst: true },
  { order: 'the attacker first, then the owner', ownerFirst: false },
])('two sign-ups for one unverified address: $order', ({ ownerFirst }) => {
  /** Both sign-ups made, and their links: [oldest, newest]. */
  async function bothSignedUp(app: TestApp['app'] = file.subject.app) {
    const { email, ip, attackerIp } = newVisitor()
    const [first, second] = ownerFirst
      ? [
          () => signUp(app, email, ip, OWNER_PASSWORD),
          () => signUp(app, email, attackerIp, ATTACKER_PASSWORD),
        ]
      : [
          () => signUp(app, email, attackerIp, ATTACKER_PASSWORD),
          () => signUp(app, email, ip, OWNER_PASSWORD),
        ]
    expect((await first()).status).toBe(200)
    await links(email, 1)
    expect((await second()).status).toBe(200)
    const [oldest = '', newest = ''] = await links(email, 2)
    return { email, ip, attackerIp, oldest, newest }
  }

  it.each(['newest', 'oldest'] as const)(
    'the owner who opens the %s link holds their own password, and the attacker’s is refused',
    async (which) => {
      const signedUp = await bothSignedUp()
      const { ip, oldest, newest } = signedUp
      const opened = await open(
        file.subject.app,
        which === 'newest' ? newest : oldest,
        OWNER_PASSWORD,
        ip,
      )
      expect(opened.status).toBe(200)
      expect(opened.cookie).toContain('session_token=')
      expect(await passwordsThatSignIn(file.subject.app, signedUp)).toEqual({
        owner: 200,
        attacker: 401,
      })
    },
  )

  it('opening both links leaves the owner’s password, whichever is second', async () => {
    const signedUp = await bothSignedUp()
    const { ip, oldest, newest } = signedUp
    expect((await open(file.subject.app, newest, OWNER_PASSWORD, ip)).status).toBe(200)
    const again = await open(file.subject.app, oldest, ATTACKER_PASSWORD, ip)
    expect(again.cookie).not.toContain('session_token=')
    expect(await passwordsThatSignIn(file.subject.app, signedUp)).toEqual({
      owner: 200,
      attacker: 401,
    })
  })

  it('before either link is used, both passwords hear "verify first", as after any sign-up', async () => {
    const { email, ip, attackerIp } = await bothSignedUp()
    expect(await signIn(file.subject.app, email, ip, OWNER_PASSWORD)).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    })
    expect(await signIn(file.subject.app, email, attackerIp, ATTACKER_PASSWORD)).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    })
  })

  it('with AUTH_NEUTRAL_ERRORS the owner keeps their password too', async () => {
    const neutral = await createTestApp({
      smtpUrl: file.smtp.url,
      auth: { neutralAuthErrors: true },
    })
    try {
      const signedUp = await bothSignedUp(neutral.app)
      const { ip, oldest, newest } = signedUp
      expect((await open(neutral.app, newest, OWNER_PASSWORD, ip)).status).toBe(200)
      expect((await open(neutral.app, oldest, OWNER_PASSWORD, ip)).cookie).not.toContain(
        'session_token=',
      )
      expect(await passwordsThatSignIn(neutral.app, signedUp)).toEqual({
        owner: 200,
        attacker: 401,
      })
    } finally {
      await neutral.dispose()
    }
  })
})

describe('a verification link', () => {
  it('says whether it still verifies: not once used, forged, or its account purged', async () => {
    const { app, database } = file.subject
    const used = newVisitor()
    const check = async (link: string) => {
      const answer = await callAuth(app, '/sign-up/check-link', {
        ip: used.ip,
        body: { token: new URL(link).searchParams.get('token') },
      })
      expect(answer.status).toBe(200)
      return answer.json
    }
    await signUp(app, used.email, used.ip, OWNER_PASSWORD)
    const [usedLink = ''] = await links(used.email, 1)
    expect(await check(usedLink)).toEqual({ valid: true })
    expect((await open(app, usedLink, OWNER_PASSWORD, used.ip)).status).toBe(200)
    expect(await check(usedLink)).toEqual({ valid: false })
    expect(await check(`${usedLink.slice(0, -4)}AAAA`)).toEqual({ valid: false })

    const purged = newVisitor()
    await signUp(app, purged.email, purged.ip, OWNER_PASSWORD)
    const [purgedLink = ''] = await links(purged.email, 1)
    expect(await check(purgedLink)).toEqual({ valid: true })
    // The sweep of accounts never verified, as `mofu purge-unverified` runs it with no grace.
    await deleteStaleUnverifiedAccounts(
      database.db,
      database.dialect,
      new Date(Date.now() + 1000),
      0,
    )
    expect(await check(purgedLink)).toEqual({ valid: false })
    expect((await open(app, purgedLink, OWNER_PASSWORD, purged.ip)).status).toBe(401)
  })

  it('verifies nothing for someone who does not know a password chosen at sign-up', async () => {
    const { email, ip, attackerIp } = newVisitor()
    // Someone else signs up with the address; its owner only gets the mail.
    expect((await signUp(file.subject.app, email, attackerIp, ATTACKER_PASSWORD)).status).toBe(200)
    const [link = ''] = await links(email, 1)
    const guessed = await open(file.subject.app, link, OWNER_PASSWORD, ip)
    expect(guessed.status).toBe(401)
    expect(guessed.cookie).not.toContain('session_token=')
    expect(await signIn(file.subject.app, email, attackerIp, ATTACKER_PASSWORD)).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    })
  })

  it('opened without a password, as a mail scanner does, verifies nothing', async () => {
    const { email, ip } = newVisitor()
    await signUp(file.subject.app, email, ip, OWNER_PASSWORD)
    const [link = ''] = await links(email, 1)
    const url = new URL(link)
    await callApp(file.subject.app, url.pathname + url.search, { origin: null })
    const legacy = new URL(`/api/auth/verify-email${url.search}&callbackURL=%2F`, PUBLIC_URL)
    const followed = await callApp(file.subject.app, legacy.pathname + legacy.search, {
      origin: null,
    })
    expect(followed.cookie).not.toContain('session_token=')
    expect(await signIn(file.subject.app, email, ip, OWNER_PASSWORD)).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    })
  })

  it('counts a wrong password against the account’s lock on failed log-ins', async () => {
    const { email, ip, attackerIp } = newVisitor()
    await signUp(file.subject.app, email, ip, OWNER_PASSWORD)
    const [link = ''] = await links(email, 1)
    for (let guess = 0; guess < 10; guess++) {
      expect((await open(file.subject.app, link, `wrong-guess-${guess}`, attackerIp)).status).toBe(
        401,
      )
    }
    expect((await open(file.subject.app, link, OWNER_PASSWORD, ip)).status).toBe(429)
  })

  it('verifies nothing once Google has proved the address, whichever sign-up it was for', async () => {
    const visitor = newVisitor()
    const { email, ip, attackerIp } = visitor
    await signUp(file.subject.app, email, attackerIp, ATTACKER_PASSWORD)
    await links(email, 1)
    await signUp(file.subject.app, email, ip, OWNER_PASSWORD)
    const sent = await links(email, 2)
    const google = await signInWithGoogle(file.subject.app, file.oidc, email, ip)
    expect(google.cookie).toContain('session_token=')
    for (const link of sent) {
      for (const password of [ATTACKER_PASSWORD, OWNER_PASSWORD]) {
        expect((await open(file.subject.app, link, password, ip)).cookie).not.toContain(
          'session_token=',
        )
      }
    }
    expect(await passwordsThatSignIn(file.subject.app, visitor)).toEqual({
      owner: 401,
      attacker: 401,
    })
  })
})
