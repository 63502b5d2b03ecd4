import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApp, callAuth, overHttp, type Requester } from '../support/api'
import { freePort } from '../support/free-port'
import { PACKAGE_VERSION } from '../support/package-version'
import { runMofu } from '../support/mofu-command'
import { awayFromStepEdge } from '../support/authenticator'
import { addPasskey, signInWithPasskey } from '../support/passkey-flow'
import { buildRelease, previousRelease, type BuiltRelease } from '../support/previous-release'
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
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { TEST_PASSWORD } from '../support/test-users'
import { turnOnTwoFactor } from '../support/two-factor-flow'
import type { Credential } from '../support/software-authenticator'

/**
 * The upgrade the deployment guide describes (docs/deploying.md "Upgrading"), from the newest
 * release in CHANGELOG.md, built from the repository's history, to this tree: data the release
 * kept through its own HTTP API, then this tree started on the same DATA_DIR, and a backup the
 * release made restored by this tree. Everything kept must be there and work: every session,
 * every way of signing in, every profile and avatar as served, every pending link, every
 * counted page view.
 */

const release = previousRelease()
let built: BuiltRelease
let smtp: SmtpCapture
let scratch: string
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  built = await buildRelease(release)
  smtp = await startSmtpCapture()
  cleanups.push(() => smtp.close())
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-upgrade-'))
  cleanups.push(() => fs.rm(scratch, { recursive: true, force: true }))
}, 600_000)

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** One deployment: its address (localhost, where WebAuthn works), data folder and settings. */
interface Deployment {
  port: number
  site: string
  dataDir: string
}

async function deployment(name: string): Promise<Deployment> {
  const port = await freePort()
  const dataDir = path.join(scratch, name)
  await fs.mkdir(dataDir, { mode: 0o700 })
  return { port, site: `http://localhost:${port}`, dataDir }
}

const settings = (at: Deployment) => ({
  PUBLIC_URL: at.site,
  SMTP_URL: smtp.url,
  TRUST_PROXY: 'true',
})

/** The release (`main` given) or this tree serving `at`. */
async function serve(at: Deployment, main?: string): Promise<ServerProcess> {
  const server = await startServer({ port: at.port, dataDir: at.dataDir, env: settings(at), main })
  cleanups.push(server.dispose)
  return server
}

const api = (at: Deployment): Requester => overHttp(`http://127.0.0.1:${at.port}`, at.site)

let visitors = 0
/** A client address of its own per visitor, so per-address limits never meet. */
const nextIp = () => `10.77.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`

/** A verified, signed-in user, made the way every release makes one: the mailed link opened. */
async function signedUp(app: Requester, tag: string) {
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

/** Each kind of data the release keeps, made through its API. */
async function seed(app: Requester, at: Deployment) {
  const profiled = await signedUp(app, 'profiled')
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

  const twoFactor = await signedUp(app, 'two-factor')
  const { code } = await turnOnTwoFactor(app, twoFactor)

  const passkeyHolder = await signedUp(app, 'passkey')
  const added = await addPasskey(app, at.site, passkeyHolder.cookie, 'Laptop', {
    ip: passkeyHolder.ip,
  })
  expect(added.answer.status, added.answer.text).toBe(200)

  const resetting = await signedUp(app, 'resetting')
  const asked = await callAuth(app, '/request-password-reset', {
    ip: resetting.ip,
    body: { email: resetting.email, redirectTo: '/account/reset' },
  })
  expect(asked.status, asked.text).toBe(200)
  const resetCode = codeIn(await smtp.waitForMail(resetting.email, { subject: /reset/i }))

  const moving = await signedUp(app, 'moving')
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

  return {
    profiled: { ...profiled, handle, seen: await seenProfile(app, profiled, handle) },
    twoFactor: { ...twoFactor, code },
    passkey: { ...passkeyHolder, credential: added.credential as Credential },
    resetting: { ...resetting, resetCode },
    moving: { ...moving, changeCode, newAddress },
  }
}

type Seeded = Awaited<ReturnType<typeof seed>>

/** The views counted for a path, read from the SQLite file while no server runs. */
function pageViews(at: Deployment, pathname: string): number {
  const db = new SQLite(path.join(at.dataDir, 'mofu.db'), { readonly: true })
  try {
    const row = db
      .prepare('select coalesce(sum(views), 0) as views from page_view_counts where path = ?')
      .get(pathname) as { views: number }
    return Number(row.views)
  } finally {
    db.close()
  }
}

/** Everything the release kept, as this tree serves it. */
async function expectKept(app: Requester, at: Deployment, kept: Seeded) {
  const { profiled, twoFactor, passkey, resetting, moving } = kept
  expect(await sessionUser(app, profiled.cookie), 'a session of the release').toBe(profiled.uid)
  expect(await seenProfile(app, profiled, profiled.handle)).toEqual(profiled.seen)
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

  const byPasskey = await signInWithPasskey(app, at.site, passkey.credential, { ip: passkey.ip })
  expect(isSessionOf(byPasskey, passkey.uid), 'a passkey sign-in').toBe(true)

  const reset = await resetWith(app, resetting.ip, resetting.resetCode, 'kept-link-works-1')
  expect(reset.status, reset.text).toBe(200)
  const newPassword = await signInByPassword(app, nextIp(), resetting.email, 'kept-link-works-1')
  expect(isSessionOf(newPassword, resetting.uid), 'the reset link of the release').toBe(true)

  const moved = await confirmEmailChange(app, moving.changeCode, moving)
  expect(moved.status, moved.text).toBe(200)
  const atNewAddress = await signInByPassword(app, nextIp(), moving.newAddress, TEST_PASSWORD)
  expect(isSessionOf(atNewAddress, moving.uid), 'the change-of-address link').toBe(true)
}

describe(`from ${release.version} (${release.commit.slice(0, 7)}) to this tree, on SQLite`, () => {
  it('keeps every session, sign-in method, profile, avatar, pending link and page view', async () => {
    const at = await deployment('sqlite')
    const old = await serve(at, built.main)
    const kept = await seed(api(at), at)
    expect(await old.stop()).toBe(0)
    expect(pageViews(at, '/seeme')).toBe(3)

    const current = await serve(at)
    expect((await callApp(api(at), '/healthz', { origin: null })).json.version).toBe(
      PACKAGE_VERSION,
    )
    await expectKept(api(at), at, kept)
    expect(await current.stop()).toBe(0)
    expect(pageViews(at, '/seeme')).toBe(3)

    // Going back to a release that predates the rule takes the backup (CHANGELOG.md): it
    // refuses the database this tree migrated rather than run on it.
    if (release.version === '0.1.0') {
      await expect(serve(at, built.main)).rejects.toThrow(
        /Mofu cannot start: Error: Migration \(setup\) failed/,
      )
    }
  })

  it('restores a backup the release made, and everything in it works', async () => {
    const from = await deployment('backed-up')
    const old = await serve(from, built.main)
    const kept = await seed(api(from), from)
    const archive = path.join(scratch, 'release-backup.tar.gz')
    const oldEnv = { ...old.env }
    const backup = await runMofu(oldEnv, ['backup', archive], built.mofu)
    expect(backup.code, backup.stderr).toBe(0)
    expect(await old.stop()).toBe(0)

    const to = { ...(await deployment('restored')), port: from.port, site: from.site }
    const restore = await runMofu({ ...oldEnv, DATA_DIR: to.dataDir }, ['restore', archive])
    expect(restore.code, restore.stderr).toBe(0)
    await serve(to)
    await expectKept(api(to), to, kept)
  })
})
