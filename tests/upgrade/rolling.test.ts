import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/server/db/migrations/index'
import { DEFAULT_EFFECTS, type KeptPreferences } from '../../src/shared/preferences'
import { callApp, type Answer, type Requester } from '../support/api'
import { whichBuild } from '../support/build-identity'
import type { OidcPeer } from '../support/oidc-provider'
import { buildRelease, previousRelease } from '../support/previous-release'
import { acknowledgedLost } from '../scale/acknowledged'
import {
  addressedRequester,
  asRequester,
  clientFrom,
  loopbackFor,
  type Client,
} from '../scale/client'
import { startCluster, type Cluster, type Instance } from '../scale/cluster'
import { EXPECTED, memberLoop, Recorder, type Member, type Sent } from '../scale/workload'
import { expectKept, googleStandIn, seed, signedUp, type Deployed, type Seeded } from './kept'

/**
 * The rolling upgrade docs/scaling-out.md "Rolling out a new version" describes, on PostgreSQL:
 * instances of the newest release in CHANGELOG.md behind the guide's nginx, on one PostgreSQL,
 * Redis, S3 store and SMTP relay, hold every kind of data, made through the release's own API.
 * Under a mixed load, each instance in turn is stopped (SIGTERM, as systemd sends it) and
 * started on this tree's build. The first new instance migrates, once, while the release's
 * instances keep serving on the migrated database, and a profile holding what only this tree
 * keeps, saved on them, loses none of it; no request fails; nothing acknowledged is lost;
 * everything the release kept works on the new build; /healthz says which build each instance
 * runs, by its commit (tests/support/build-identity.ts).
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
/** Which build each instance ran before the roll, by /healthz. */
let buildsBefore: { port: number; build: string }[] = []
/** What the release's instances answered, asked directly, while the first new one ran. */
const oldAnswers: { port: number; build: string; read: number; save: number; choice: number }[] = []
/**
 * The profile holding what only this tree keeps, as the first new instance answered it once it
 * had written it, and again after each of the release's instances had saved the profile.
 */
let newData: { before: Seen; after: Seen; savedLastOn: number }
/** Accounts whose font the `font` column alone held before the roll, and that font. */
let fontsApart: { cookie: string; font: string }[] = []

/**
 * Every preference this tree keeps: a key added to KeptPreferences must be added here, so the
 * release's instances meet it in the roll.
 */
const EVERY_PREFERENCE: Required<KeptPreferences> = {
  theme: 'dark',
  font: 'orbitron',
  effects: { ...DEFAULT_EFFECTS, dragParticleEffect: false },
  language: 'ja',
}

/** What only this tree keeps of a profile besides its banner and released handles. */
const NEW_FIELDS = {
  bio: 'Kept through the roll\nby every instance 🌸',
  pronouns: 'she/her',
  links: [{ label: 'Site', url: 'https://mofu.test/rolled' }],
  accent: 'lavender',
  frame: 'sakura',
  noindex: true,
  preferences: EVERY_PREFERENCE,
}

const knownMigrations = () => Object.keys(MIGRATIONS)

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

/** Requests straight to one instance, not through nginx. */
function direct(instance: Instance): Requester {
  const client = clientFrom('127.31.0.1', { url: instance.url })
  clients.push(client)
  return asRequester(client, cluster.nginx.publicUrl, 30_000)
}

const health = async (app: Requester) =>
  whichBuild((await callApp(app, '/healthz', { origin: null })).json, release)

/** Which build each instance runs, asked directly. */
const builds = () =>
  Promise.all(
    cluster.instances.map(async (instance) => ({
      port: instance.port,
      build: await health(direct(instance)),
    })),
  )

/** A user with a handle, made on the release through nginx, whose profile this tree then fills. */
interface Filled {
  cookie: string
  /** The handle it had on the release, which this tree keeps as released. */
  released: string
  /** The one it moved to on this tree. */
  handle: string
}

const banner = () =>
  sharp({
    create: {
      width: 900,
      height: 300,
      channels: 3,
      background: { r: 250, g: 190, b: 210 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer()

/**
 * Writes through a new instance what only this tree keeps: the profile fields (bio, pronouns,
 * links, accent, frame, noindex), every preference, a banner, and a move to another handle that
 * leaves the old one released.
 */
async function fill(app: Requester, user: Filled) {
  const saved = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    body: { handle: user.handle, ...NEW_FIELDS },
  })
  expect(saved.status, saved.text).toBe(200)
  const uploaded = await callApp(app, '/api/me/banner', {
    method: 'PUT',
    cookie: user.cookie,
    raw: new Uint8Array(await banner()),
    headers: { 'Content-Type': 'image/jpeg' },
  })
  expect(uploaded.status, uploaded.text).toBe(200)
}

/** The filled profile as an instance answers it: to its owner, at the released handle, its banner. */
async function seen(app: Requester, user: Filled) {
  const own = await callApp(app, '/api/me/profile', { cookie: user.cookie, origin: null })
  const released = await callApp(app, `/api/profiles/${user.released}`, { origin: null })
  const url = own.json.banner === '' ? undefined : new URL(String(own.json.banner))
  const image =
    url === undefined
      ? undefined
      : await callApp(app, `${url.pathname}${url.search}`, { origin: null })
  const answered = (answer: Answer) => ({
    status: answer.status,
    location: answer.headers.get('location'),
  })
  return {
    own: { status: own.status, profile: own.json },
    released: answered(released),
    banner: { status: image?.status, type: image?.headers.get('content-type') },
  }
}
type Seen = Awaited<ReturnType<typeof seen>>

/**
 * A release's instance, asked directly once the database is migrated: which build it is, and
 * its answers to the owner's read and to the two saves its own client sends (name and handle
 * from the profile form, the browser's preferences).
 */
async function saveOnRelease(instance: Instance, user: Filled) {
  const app = direct(instance)
  const read = await callApp(app, '/api/me/profile', { cookie: user.cookie, origin: null })
  const save = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    body: { name: `Saved on ${instance.port}`, handle: user.handle },
  })
  const choice = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    body: { preferences: { theme: 'light' } },
  })
  return {
    port: instance.port,
    build: await health(app),
    read: read.status,
    save: save.status,
    choice: choice.status,
  }
}

/**
 * Two accounts whose font only the `font` column holds, as 0.1.0 left them (it wrote the column
 * alone): one chose Orbitron on the release and then Default on 0.1.0 during its roll, one chose
 * on 0.1.0 alone. Written in SQL: no release that runs on this database any more leaves them so.
 */
async function leaveFontsApart(app: Requester) {
  const changed = await signedUp(deployed, 'font-changed')
  const chosen = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: changed.cookie,
    body: { preferences: { font: 'orbitron' } },
  })
  expect(chosen.status, chosen.text).toBe(200)
  await cluster.query("update profiles set font = 'default' where user_id = $1", [changed.uid])
  const columnOnly = await signedUp(deployed, 'font-column')
  const named = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: columnOnly.cookie,
    body: { name: 'Column only' },
  })
  expect(named.status, named.text).toBe(200)
  await cluster.query(
    "update profiles set font = 'orbitron', preferences = null where user_id = $1",
    [columnOnly.uid],
  )
  return [
    { cookie: changed.cookie, font: 'default' },
    { cookie: columnOnly.cookie, font: 'orbitron' },
  ]
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

  const stamp = Date.now().toString(36)
  const filled: Filled = {
    cookie: (await signedUp(deployed, 'filled')).cookie,
    released: `rolled${stamp}`,
    handle: `moved${stamp}`,
  }
  const handled = await callApp(app, '/api/me/profile', {
    method: 'PATCH',
    cookie: filled.cookie,
    body: { handle: filled.released },
  })
  expect(handled.status, handled.text).toBe(200)

  fontsApart = await leaveFontsApart(app)

  buildsBefore = await builds()
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
        const first = direct(instance)
        await fill(first, filled)
        const before = await seen(first, filled)
        const later = cluster.instances.slice(1)
        for (const old of later) oldAnswers.push(await saveOnRelease(old, filled))
        newData = { before, after: await seen(first, filled), savedLastOn: later.at(-1)?.port ?? 0 }
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
    expect(buildsBefore, 'the builds before the roll').toEqual(
      cluster.instances.map(({ port }) => ({ port, build: 'the release' })),
    )
    expect(oldAnswers).toEqual(
      later.map(({ port }) => ({
        port,
        build: 'the release',
        read: 200,
        save: 200,
        choice: 200,
      })),
    )
  })

  it("a save on the release's instances keeps whole what only this tree keeps", () => {
    const { before, after, savedLastOn } = newData
    expect(before.own.status).toBe(200)
    expect(before.own.profile).toMatchObject({
      ...NEW_FIELDS,
      banner: expect.stringContaining('/media/banners/'),
    })
    expect(before.released.status, 'the released handle redirects').toBe(301)
    expect(before.banner).toEqual({ status: 200, type: expect.stringMatching(/^image\//) })
    // Only what the release's saves changed has changed: the name and the theme.
    expect(after).toEqual({
      ...before,
      own: {
        status: 200,
        profile: {
          ...before.own.profile,
          name: `Saved on ${savedLastOn}`,
          preferences: { ...EVERY_PREFERENCE, theme: 'light' },
        },
      },
    })
  })

  it('a font 0.1.0 left in the column alone is the one the account keeps on this tree', async () => {
    expect(fontsApart).toHaveLength(2)
    for (const { cookie, font } of fontsApart) {
      const own = await callApp(deployed.app, '/api/me/profile', { cookie, origin: null })
      expect(own.status, own.text).toBe(200)
      expect(own.json).toMatchObject({ font, preferences: { font } })
    }
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
    expect(await builds()).toEqual(
      cluster.instances.map(({ port }) => ({ port, build: 'this tree' })),
    )
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
