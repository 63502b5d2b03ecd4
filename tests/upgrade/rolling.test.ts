import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations0001To0007 } from '../../src/server/db/migrations-0001-0007'
import { migrations0008On } from '../../src/server/db/migrations-0008-on'
import { callApp } from '../support/api'
import type { OidcPeer } from '../support/oidc-provider'
import { PACKAGE_VERSION } from '../support/package-version'
import { buildRelease, previousRelease } from '../support/previous-release'
import { acknowledgedLost } from '../scale/acknowledged'
import { addressedRequester, clientFrom, loopbackFor, type Client } from '../scale/client'
import { startCluster, type Cluster, type Instance } from '../scale/cluster'
import { EXPECTED, memberLoop, Recorder, type Member, type Sent } from '../scale/workload'
import { expectKept, googleStandIn, seed, signedUp, type Deployed, type Seeded } from './kept'

/**
 * The rolling upgrade docs/scaling-out.md "Rolling out a new version" describes, on PostgreSQL:
 * instances of the newest release in CHANGELOG.md behind the guide's nginx, on one PostgreSQL,
 * Redis, S3 store and SMTP relay, hold every kind of data, made through the release's own API.
 * Under a mixed load, each instance in turn is stopped (SIGTERM, as systemd sends it) and
 * started on this tree's build. The first new instance migrates, once, while the release's
 * instances keep serving on the migrated database; no request fails; nothing acknowledged is
 * lost; everything the release kept works on the new build.
 */

const INSTANCES = 3
const MEMBERS = 4
/** Load before the first instance is rolled, between two, and after the last. */
const SETTLE_MS = 4_000

const release = previousRelease()
let cluster: Cluster
let oidc: OidcPeer | undefined
let deployed: Deployed
let kept: Seeded
const clients: Client[] = []
const cleanups: (() => Promise<unknown>)[] = []
const workload = new Recorder('u')
let members: Member[] = []
/** The migrations the release applied, read before the roll. */
let releaseMigrations: string[] = []
/** The migrations each instance's new build applied as it started, by port. */
const appliedBy = new Map<number, string[]>()
/** Each instance's roll: from SIGTERM to its new build serving. */
const rolls: { port: number; stoppingAt: number; servingAt: number }[] = []
/** What the release's instances answered, asked directly, while the first new one ran. */
const oldAnswers: { port: number; read: number; save: number }[] = []

const knownMigrations = () =>
  Object.keys({ ...migrations0001To0007('postgres'), ...migrations0008On('postgres') })

const photo = (seed: number) =>
  sharp({
    create: {
      width: 240,
      height: 240,
      channels: 3,
      background: { r: (seed * 53) % 256, g: 120, b: (seed * 29) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer()

/**
 * Stops an instance as systemd does (SIGTERM: it finishes its requests in flight) and starts it
 * again on this tree's build.
 */
async function roll(instance: Instance) {
  const old = instance.current
  instance.current = undefined
  const stoppingAt = Date.now()
  expect(await old?.stop(), `the release's instance on ${instance.port} stopped cleanly`).toBe(0)
  instance.main = undefined
  const server = await cluster.start(instance)
  rolls.push({ port: instance.port, stoppingAt, servingAt: Date.now() })
  appliedBy.set(
    instance.port,
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"migration applied"'))
      .map((line) => (JSON.parse(line) as { migration: string }).migration),
  )
}

/** A user's read and save sent straight to a release's instance, not through nginx. */
async function askDirectly(instance: Instance, user: { cookie: string }) {
  const client = clientFrom('127.31.0.1', { url: instance.url })
  clients.push(client)
  const headers = { Cookie: user.cookie, Origin: cluster.nginx.publicUrl }
  const read = await client.request('/api/me/profile', { headers, timeoutMs: 30_000 })
  const save = await client.request('/api/me/profile', {
    method: 'PATCH',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Asked on ${instance.port}` }),
    timeoutMs: 30_000,
  })
  return { port: instance.port, read: read.status, save: save.status }
}

beforeAll(async () => {
  const built = await buildRelease(release)
  cluster = await startCluster(INSTANCES, {
    main: built.main,
    settings: async (publicUrl) => {
      const google = await googleStandIn(publicUrl)
      oidc = google.oidc
      return google.env
    },
  })
  cleanups.push(() => cluster.dispose())
  if (oidc === undefined) throw new Error('no Google stand-in')
  cleanups.push(() => oidc?.close() ?? Promise.resolve())
  const target = {
    url: `https://127.0.0.1:${cluster.nginx.port}`,
    publicUrl: cluster.nginx.publicUrl,
    ca: cluster.nginx.ca,
  }
  const app = addressedRequester(target, 30_000)
  cleanups.push(async () => app.close())
  deployed = { app, site: cluster.nginx.publicUrl, smtp: cluster.smtp, oidc }
  kept = await seed(deployed)

  members = await Promise.all(
    Array.from({ length: MEMBERS }, async (_, index) => {
      const user = await signedUp(deployed, `member-${index}`)
      const client = clientFrom(loopbackFor(user.ip), target)
      clients.push(client)
      return {
        ...user,
        index,
        client,
        images: await Promise.all([0, 1].map((n) => photo(index * 2 + n))),
        saves: [],
        uploads: [],
        views: [],
        sessions: [user.cookie],
      }
    }),
  )

  releaseMigrations = (
    await cluster.query<{ name: string }>('select name from kysely_migration')
  ).map(({ name }) => name)
  let rolling = true
  const load = Promise.all(
    members.map((member) => memberLoop(member, workload, cluster.nginx.publicUrl, () => rolling)),
  )
  try {
    await sleep(SETTLE_MS)
    for (const [index, instance] of cluster.instances.entries()) {
      await roll(instance)
      if (index === 0) {
        for (const old of cluster.instances.slice(1)) {
          oldAnswers.push(await askDirectly(old, kept.passkey))
        }
      }
      await sleep(SETTLE_MS)
    }
  } finally {
    rolling = false
    await load
  }
}, 600_000)

afterAll(async () => {
  for (const client of clients) client.close()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const describeSent = (sent: Sent) =>
  `${sent.kind} ${sent.method} ${sent.outcome} ${sent.status ?? ''} after ${sent.endedAt - sent.sentAt} ms`

describe(`from ${release.version} (${release.commit.slice(0, 7)}) to this tree, on PostgreSQL, ${INSTANCES} instances rolled one at a time`, () => {
  it('the first new instance applies the migrations the release lacks, once, and the release keeps serving on them', async () => {
    const [first, ...later] = cluster.instances as [Instance, ...Instance[]]
    const recorded = await cluster.query<{ name: string }>('select name from kysely_migration')
    expect(recorded.map(({ name }) => name).toSorted()).toEqual(knownMigrations().toSorted())
    const lacked = knownMigrations().filter((name) => !releaseMigrations.includes(name))
    expect(lacked.length, 'migrations added since the release').toBeGreaterThan(0)
    expect(appliedBy.get(first.port)?.toSorted()).toEqual(lacked.toSorted())
    for (const instance of later) expect(appliedBy.get(instance.port)).toEqual([])
    expect(oldAnswers).toEqual(later.map(({ port }) => ({ port, read: 200, save: 200 })))
  })

  it('no request through nginx failed during the roll, and every answer was the one deserved', () => {
    expect(workload.sent.length).toBeGreaterThan(20)
    const failed = workload.sent.filter(
      (sent) => sent.outcome !== 'answer' || !EXPECTED[sent.kind].includes(sent.status ?? 0),
    )
    expect(failed.map(describeSent)).toEqual([])
    // The others served while each instance was away.
    const servedDuring = rolls.map(({ port, stoppingAt, servingAt }) => ({
      port,
      answered: workload.sent.filter(
        (sent) =>
          sent.sentAt >= stoppingAt && sent.endedAt <= servingAt && sent.outcome === 'answer',
      ).length,
    }))
    expect(servedDuring.filter(({ answered }) => answered === 0)).toEqual([])
  })

  it('every instance runs this tree', async () => {
    for (const instance of cluster.instances) {
      const health = await fetch(`${instance.url}/healthz`)
      expect(((await health.json()) as { version?: string }).version).toBe(PACKAGE_VERSION)
    }
  })

  it('nothing the members were told was done is lost', async () => {
    expect(await acknowledgedLost(members, cluster.query)).toEqual([])
  })

  it('everything the release kept works on the new build', async () => {
    await expectKept(deployed, kept)
    const [views] = await cluster.query<{ views: string }>(
      "select coalesce(sum(views), 0) as views from page_view_counts where path = '/seeme'",
    )
    expect(Number(views?.views)).toBe(3)
    const page = await callApp(deployed.app, '/', { origin: null })
    expect(page.status).toBe(200)
  })
})
