import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApp, overHttp, type Requester } from '../support/api'
import { whichBuild } from '../support/build-identity'
import { freePort } from '../support/free-port'
import type { OidcPeer } from '../support/oidc-provider'
import { runMofu } from '../support/mofu-command'
import {
  buildRelease,
  previousRelease,
  wayBackTo,
  type BuiltRelease,
} from '../support/previous-release'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { expectKept, expectSeen, googleStandIn, seed, type Deployed } from './kept'

/**
 * The upgrade the deployment guide describes (docs/deploying.md "Upgrading"), from the newest
 * release in CHANGELOG.md, built from the repository's history, to this tree: data the release
 * kept through its own HTTP API, then this tree started on the same DATA_DIR, and a backup the
 * release made restored by this tree. Everything kept must be there and work: every session,
 * every way of signing in, every profile and avatar as served, every pending link, every
 * counted page view. Then back to the release, the way CHANGELOG.md says: a restart, or the
 * backup made before the upgrade. /healthz says which build serves, by its commit.
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

/**
 * One deployment: its address (localhost, where WebAuthn works), data folder, Google stand-in
 * and settings.
 */
interface Deployment {
  port: number
  site: string
  dataDir: string
  oidc: OidcPeer
  google: Record<string, string>
}

async function deployment(name: string): Promise<Deployment> {
  const port = await freePort()
  const site = `http://localhost:${port}`
  const dataDir = path.join(scratch, name)
  await fs.mkdir(dataDir, { mode: 0o700 })
  const { oidc, env } = await googleStandIn(site)
  cleanups.push(() => oidc.close())
  return { port, site, dataDir, oidc, google: env }
}

const settings = (at: Deployment) => ({
  PUBLIC_URL: at.site,
  SMTP_URL: smtp.url,
  TRUST_PROXY: 'true',
  ...at.google,
})

/** The release (`main` given) or this tree serving `at`. */
async function serve(at: Deployment, main?: string): Promise<ServerProcess> {
  const server = await startServer({ port: at.port, dataDir: at.dataDir, env: settings(at), main })
  cleanups.push(server.dispose)
  return server
}

const api = (at: Deployment): Requester => overHttp(`http://127.0.0.1:${at.port}`, at.site)

/** How the tests reach a deployment: over HTTP at its port, with its Google stand-in. */
const deployed = (at: Deployment): Deployed => ({
  app: api(at),
  site: at.site,
  smtp,
  oidc: at.oidc,
})

/** Expects `build` to serve `at`, by its /healthz. */
async function expectServing(at: Deployment, build: ReturnType<typeof whichBuild>) {
  const health = (await callApp(api(at), '/healthz', { origin: null })).json
  expect(whichBuild(health, release), `/healthz: ${JSON.stringify(health)}`).toBe(build)
}

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

describe(`from ${release.version} (${release.commit.slice(0, 7)}) to this tree, on SQLite`, () => {
  it('keeps every session, sign-in method, profile, avatar, pending link and page view, and goes back as the changelog says', async () => {
    // Read first: a way back the changelog does not state fails here, before the long part.
    const wayBack = wayBackTo(release)
    const at = await deployment('sqlite')
    const old = await serve(at, built.main)
    await expectServing(at, 'the release')
    const kept = await seed(deployed(at))
    // The backup the changelog asks for before an upgrade.
    const archive = path.join(scratch, 'before-upgrade.tar.gz')
    const backup = await runMofu({ ...old.env }, ['backup', archive], built.mofu)
    expect(backup.code, backup.stderr).toBe(0)
    expect(await old.stop()).toBe(0)
    expect(pageViews(at, '/seeme')).toBe(3)

    const current = await serve(at)
    await expectServing(at, 'this tree')
    await expectKept(deployed(at), kept)
    expect(await current.stop()).toBe(0)
    expect(pageViews(at, '/seeme')).toBe(3)

    // Going back (CHANGELOG.md): by a restart, the release serving on the database this tree
    // migrated what it served before (its links, used on this tree, are spent); or it refuses
    // that database with the words the changelog quotes.
    if (wayBack.by === 'restart') {
      const back = await serve(at, built.main)
      await expectServing(at, 'the release')
      await expectSeen(deployed(at), kept)
      expect(await back.stop()).toBe(0)
    } else {
      await expect(serve(at, built.main)).rejects.toThrow(wayBack.refusal)
    }
    // Either way, the backup made before the upgrade, restored by the release's own
    // `mofu restore` into an empty DATA_DIR, has everything as it was.
    await fs.rename(at.dataDir, `${at.dataDir}-migrated`)
    await fs.mkdir(at.dataDir, { mode: 0o700 })
    const restore = await runMofu({ ...old.env }, ['restore', archive], built.mofu)
    expect(restore.code, restore.stderr).toBe(0)
    await serve(at, built.main)
    await expectServing(at, 'the release')
    await expectKept(deployed(at), kept)
  })

  it('restores a backup the release made, and everything in it works', async () => {
    const from = await deployment('backed-up')
    const old = await serve(from, built.main)
    const kept = await seed(deployed(from))
    const archive = path.join(scratch, 'release-backup.tar.gz')
    const oldEnv = { ...old.env }
    const backup = await runMofu(oldEnv, ['backup', archive], built.mofu)
    expect(backup.code, backup.stderr).toBe(0)
    expect(await old.stop()).toBe(0)

    const to = { ...from, dataDir: path.join(scratch, 'restored') }
    await fs.mkdir(to.dataDir, { mode: 0o700 })
    const restore = await runMofu({ ...oldEnv, DATA_DIR: to.dataDir }, ['restore', archive])
    expect(restore.code, restore.stderr).toBe(0)
    await serve(to)
    await expectKept(deployed(to), kept)
  })
})
