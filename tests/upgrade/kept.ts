import sharp from 'sharp'
import { expect } from 'vitest'
import { callApp, callAuth, joinCookies, keptCookies, type Requester } from '../support/api'
import { awayFromStepEdge } from '../support/authenticator'
import { signInWithGoogle } from '../support/google-flow'
import { startOidcProvider, type OidcPeer } from '../support/oidc-provider'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import {
  codeIn,
  confirmEmailChange,
  isSessionOf,
  linkIn,
  requestEmailChange,
  resetWith,
  sessionUser,
  signInByPassword,
} from '../support/recovery-flow'
import type { SmtpCapture } from '../support/smtp-capture'
import type { Credential } from '../support/software-authenticator'
import { TEST_PASSWORD } from '../support/test-users'
import { turnOnTwoFactor } from '../support/two-factor-flow'

/**
 * Every kind of data a release keeps, made through its own HTTP API, and the check that a later
 * build serves all of it: every session, every way of signing in (password, two-factor and the
 * browsers trusted to skip it, passkey, Google), every profile and avatar as served, every
 * pending link, the security activity. Used by both upgrade tests (SQLite and PostgreSQL).
 */

/** A running deployment as its users reach it, with the peers it mails and signs in through. */
export interface Deployed {
  app: Requester
  /** Its PUBLIC_URL, whose origin passkeys are made for. */
  site: string
  smtp: SmtpCapture
  oidc: OidcPeer
}

/** An OpenID Connect provider standing in for Google at `site`, and the settings that name it. */
export async function googleStandIn(site: string) {
  const oidc = await startOidcProvider({
    clientId: 'mofu-upgrade',
    clientSecret: 'mofu-upgrade-secret',
    redirectUris: [`${site}/api/auth/callback/google`],
  })
  const env = {
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
  }
  return { oidc, env }
}

let visitors = 0
/** A client address of its own per visitor, so per-address limits never meet. */
export const nextIp = () => `10.77.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`

/** A verified, signed-in user, made the way every release makes one: the mailed link opened. */
export async function signedUp({ app, smtp }: Deployed, tag: string) {
  const email = `${tag}-${Date.now()}-${visitors}@mofu.test`
  const ip = nextIp()
  const signUp = await callAuth(app, '/sign-up/email', {
    ip,
    body: { email, password: TEST_PASSWORD, name: '', callbackURL: '/' },
  })
  expect(signUp.status, signUp.text).toBe(200)
  const link = linkIn(await smtp.waitForMail(email, { subject: /verify/i }))
  // The release's link verifies when opened; this tree's opens a page that asks the password.
  const opened = await callApp(app, `${link.pathname}${link.search}`, { ip, origin: null })
  if (link.pathname.startsWith('/api/auth/verify-email')) {
    expect(opened.status, opened.text).toBeLessThan(400)
  } else {
    const token = link.searchParams.get('token')
    const verified = await callAuth(app, '/sign-up/verify', {
      ip,
      body: { token, password: TEST_PASSWORD },
    })
    expect(verified.status, verified.text).toBe(200)
  }
  const signedIn = await signInByPassword(app, ip, email, TEST_PASSWORD)
  expect(signedIn.status, signedIn.text).toBe(200)
  const uid = String((signedIn.json.user as { id?: string } | undefined)?.id)
  return { email, ip, uid, cookie: signedIn.cookie }
}

type Member = Awaited<ReturnType<typeof signedUp>>

/** What a profile looks like to its owner and to everyone, with its avatar's bytes as served. */
async function seenProfile(app: Requester, member: Member, handle: string) {
  const own = await callApp(app, '/api/me/profile', { cookie: member.cookie, origin: null })
  expect(own.status, own.text).toBe(200)
  const { uid, name, username, displayUsername, avatar, avatarThumbhash, preferences } = own.json
  const shown = await callApp(app, `/api/profiles/${handle}`, { origin: null })
  expect(shown.status, shown.text).toBe(200)
  const avatarPath = new URL(String(avatar)).pathname
  const image = await callApp(app, avatarPath, { origin: null })
  expect(image.status).toBe(200)
  const rendition = await callApp(app, `${avatarPath.split('?')[0]}/96.webp`, { origin: null })
  return {
    own: { uid, name, username, displayUsername, avatarThumbhash, preferences },
    shown: shown.json,
    avatar: image.bytes.toString('base64'),
    rendition: rendition.status === 200 ? rendition.bytes.toString('base64') : rendition.status,
  }
}

/** The ids and events of a user's security activity, newest first (its first page). */
async function activityOf(app: Requester, member: Member) {
  const page = await callApp(app, '/api/me/activity', { cookie: member.cookie, origin: null })
  expect(page.status, page.text).toBe(200)
  return (page.json.events as { id: string; event: string }[]).map(({ id, event }) => ({
    id,
    event,
  }))
}

/** A password log-in from a browser that holds `cookie` (a trust cookie, say). */
const logIn = (app: Requester, ip: string, email: string, cookie: string) =>
  callAuth(app, '/sign-in/email', { ip, cookie, body: { email, password: TEST_PASSWORD } })

/** Each kind of data the release keeps, made through its API. */
export async function seed(deployed: Deployed) {
  const { app, site, smtp, oidc } = deployed
  const profiled = await signedUp(deployed, 'profiled')
  const handle = `kept${Date.now().toString(36)}`
  const saved = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: profiled.cookie,
    ip: profiled.ip,
    body: { name: 'Kept Across', handle, preferences: { theme: 'dark', font: 'default' } },
  })
  expect(saved.status, saved.text).toBe(200)
  const image = await sharp({
    create: { width: 320, height: 320, channels: 3, background: { r: 240, g: 150, b: 190 } },
  })
    .jpeg()
    .toBuffer()
  const avatar = await callApp(app, '/api/me/avatar', {
    method: 'PUT',
    cookie: profiled.cookie,
    ip: profiled.ip,
    raw: new Uint8Array(image),
    headers: { 'Content-Type': 'image/jpeg' },
  })
  expect(avatar.status, avatar.text).toBe(200)

  const twoFactor = await signedUp(deployed, 'two-factor')
  const turnedOn = await turnOnTwoFactor(app, twoFactor)
  const { code, backupCodes } = turnedOn
  // The session that confirmed the code takes the place of the one that asked.
  twoFactor.cookie = keptCookies(joinCookies(twoFactor.cookie, turnedOn.cookie))
  // Another browser, let in with a backup code and told to trust itself.
  const trustingIp = nextIp()
  const challenged = await logIn(app, trustingIp, twoFactor.email, '')
  expect(challenged.json.twoFactorRedirect, challenged.text).toBe(true)
  const trusted = await callAuth(app, '/two-factor/verify-backup-code', {
    ip: trustingIp,
    cookie: challenged.cookie,
    body: { code: backupCodes[0], trustDevice: true },
  })
  expect(trusted.status, trusted.text).toBe(200)
  const trustedBrowser = keptCookies(joinCookies(challenged.cookie, trusted.cookie))
  expect(trustedBrowser).toContain('trust_device=')

  const passkeyHolder = await signedUp(deployed, 'passkey')
  const added = await addPasskey(app, site, passkeyHolder.cookie, 'Laptop', {
    ip: passkeyHolder.ip,
  })
  expect(added.answer.status, added.answer.text).toBe(200)

  const googleEmail = `google-${Date.now()}@mofu.test`
  const googleIp = nextIp()
  const byGoogle = await signInWithGoogle(app, oidc, googleEmail, googleIp)
  expect(byGoogle.status).toBe(302)
  expect(byGoogle.location).not.toContain('error')
  const googleUid = await sessionUser(app, byGoogle.cookie)
  expect(googleUid).not.toBeNull()

  const resetting = await signedUp(deployed, 'resetting')
  const asked = await callAuth(app, '/request-password-reset', {
    ip: resetting.ip,
    body: { email: resetting.email, redirectTo: '/account/reset' },
  })
  expect(asked.status, asked.text).toBe(200)
  const resetCode = codeIn(await smtp.waitForMail(resetting.email, { subject: /reset/i }))

  const moving = await signedUp(deployed, 'moving')
  const newAddress = `moved-${Date.now()}@mofu.test`
  expect((await requestEmailChange(app, moving, newAddress, TEST_PASSWORD)).status).toBe(202)
  const changeCode = codeIn(await smtp.waitForMail(newAddress, { subject: /confirm/i }))

  for (let view = 0; view < 3; view += 1) {
    const counted = await callApp(app, '/api/events/page-view', {
      ip: nextIp(),
      body: { path: '/seeme', referrer: '' },
    })
    expect(counted.status, counted.text).toBe(204)
  }

  const activity = await activityOf(app, profiled)
  expect(activity.map(({ event }) => event)).toContain('sign-in.ok')
  return {
    profiled: { ...profiled, handle, activity, seen: await seenProfile(app, profiled, handle) },
    twoFactor: { ...twoFactor, code, trustedBrowser, trustingIp },
    passkey: { ...passkeyHolder, credential: added.credential as Credential },
    google: { email: googleEmail, ip: googleIp, uid: String(googleUid) },
    resetting: { ...resetting, resetCode },
    moving: { ...moving, changeCode, newAddress },
  }
}

export type Seeded = Awaited<ReturnType<typeof seed>>

/**
 * The sessions, profile, avatar and security activity the release kept, as this deployment
 * serves them; reads only, so it can be asked again after a later change.
 */
export async function expectSeen({ app }: Deployed, kept: Seeded) {
  const { profiled, twoFactor, passkey } = kept
  for (const member of [profiled, twoFactor, passkey]) {
    expect(await sessionUser(app, member.cookie), `a session of ${member.email}`).toBe(member.uid)
  }
  // As the release showed it; a later release may add fields.
  expect(await seenProfile(app, profiled, profiled.handle)).toMatchObject(profiled.seen)
  const activity = await activityOf(app, profiled)
  expect(activity, 'the security activity').toEqual(expect.arrayContaining(profiled.activity))
}

/** Everything the release kept, as this deployment serves it: each way in, each pending link. */
export async function expectKept(deployed: Deployed, kept: Seeded) {
  const { app, site, oidc } = deployed
  const { profiled, twoFactor, passkey, google, resetting, moving } = kept
  await expectSeen(deployed, kept)
  const again = await signInByPassword(app, nextIp(), profiled.email, TEST_PASSWORD)
  expect(isSessionOf(again, profiled.uid), 'a password sign-in').toBe(true)

  await awayFromStepEdge()
  const challenged = await signInByPassword(app, twoFactor.ip, twoFactor.email, TEST_PASSWORD)
  expect(challenged.json.twoFactorRedirect, 'the second step is still asked').toBe(true)
  const coded = await callAuth(app, '/two-factor/verify-totp', {
    ip: twoFactor.ip,
    cookie: challenged.cookie,
    body: { code: await twoFactor.code(0) },
  })
  expect(coded.status, coded.text).toBe(200)
  const fromTrusted = await logIn(
    app,
    twoFactor.trustingIp,
    twoFactor.email,
    twoFactor.trustedBrowser,
  )
  expect(isSessionOf(fromTrusted, twoFactor.uid), 'the trusted browser skips the code').toBe(true)

  const byPasskey = await signInWithPasskey(app, site, passkey.credential, { ip: passkey.ip })
  expect(isSessionOf(byPasskey, passkey.uid), 'a passkey sign-in').toBe(true)

  const byGoogle = await signInWithGoogle(app, oidc, google.email, google.ip)
  expect(byGoogle.status).toBe(302)
  expect(await sessionUser(app, byGoogle.cookie), 'a Google sign-in').toBe(google.uid)

  const reset = await resetWith(app, resetting.ip, resetting.resetCode, 'kept-link-works-1')
  expect(reset.status, reset.text).toBe(200)
  const newPassword = await signInByPassword(app, nextIp(), resetting.email, 'kept-link-works-1')
  expect(isSessionOf(newPassword, resetting.uid), 'the reset link of the release').toBe(true)

  const moved = await confirmEmailChange(app, moving.changeCode, moving)
  expect(moved.status, moved.text).toBe(200)
  const atNewAddress = await signInByPassword(app, nextIp(), moving.newAddress, TEST_PASSWORD)
  expect(isSessionOf(atNewAddress, moving.uid), 'the change-of-address link').toBe(true)
}
