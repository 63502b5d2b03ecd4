import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_TIMEOUT_MS } from '../../src/shared/constants'
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, RESERVED_HANDLES } from '../../src/shared/profile'
import { overHttp } from '../support/api'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { percentile } from '../support/percentile'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { createTestUser, putAvatar, type TestUser } from '../support/test-users'

/**
 * The load test (docs/testing.md "The suites"): 200 connections for 60 s on a mix of handle checks,
 * profile reads, profile saves and avatar GETs, against the built server on each database. Every
 * request is timed from the moment it is built: none may fail, answer 5xx or stay unanswered for
 * HANG_LIMIT_MS, whether answered during the run or still open when it ends, and once the server is
 * warm no kind's p99 may exceed TAIL_LIMIT times its median. Afterwards each user's row must be the
 * outcome of one save the server acknowledged or had not yet answered (see `checkLastWrite`).
 */

const CONNECTIONS = 200
const DURATION_S = Number(process.env.MOFU_LOAD_SECONDS ?? 60)
const USERS = 40
/** Handles several users try to take at once: each may have one owner, never two. */
const CONTESTED = ['sakura', 'hoshi', 'tsuki', 'yuki', 'kaze']
/**
 * The 45 s the server gives a request and the database a call (docs/security.md "HTTP",
 * docs/architecture.md "Database"): a request open this long has failed, whether it was answered
 * later or was still open when the run stopped (so one hanging from second 15 of a 60 s run is
 * seen). Not lower: the test must pass on 2 cores, where the first wave of 200 requests on
 * SQLite, one writer at a time, may take tens of seconds.
 */
const HANG_LIMIT_MS = DATABASE_TIMEOUT_MS
/**
 * How many times its own median a kind's p99 may take, once the server is warm. Queueing alone
 * keeps the ratio small: with 200 connections waiting on 2 cores, the fewest the test must pass
 * on, a healthy server's p99 is 4 to 8 times its median. A regression that stalls a few in a
 * hundred requests of one kind (a lock, a pool wait, a retry) lifts that kind's p99 to the stall
 * itself (3 % of saves held for 15 s puts it at 39 times the median), so it crosses 20 far below
 * the 45 s hang limit.
 * A ratio, not a time, so a fast machine and a slow one are held alike.
 */
const TAIL_LIMIT = 20

type Kind = 'handle' | 'read' | 'save' | 'avatar'

/** One request of the mix, from the moment autocannon builds it. */
interface Sent {
  kind: Kind
  sentAt: number
  answeredAt?: number
  status?: number
}

interface Save extends Sent {
  kind: 'save'
  user: LoadUser
  /** Unique in the run, so a stored name tells which save it came from. */
  name: string
  handle: string
}

interface LoadUser extends TestUser {
  index: number
  avatar: string
  saves: Save[]
}

interface StoredProfile {
  user_id: string
  name: string
  username: string | null
  display_username: string | null
  avatar_version: string
}

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function prepareUsers(server: ServerProcess, smtp: SmtpCapture): Promise<LoadUser[]> {
  const users: LoadUser[] = []
  // Eight at a time: each sign-up hashes a password at the production cost (docs/testing.md),
  // which the server does in turn on its cores, so a larger batch only waits longer.
  for (let start = 0; start < USERS; start += 8) {
    const batch = Array.from({ length: Math.min(8, USERS - start) }, async (_, offset) => {
      const index = start + offset
      const user = await createTestUser(overHttp(server.url), smtp, {
        email: `load-${index}-${Date.now()}@mofu.test`,
        ip: `10.${100 + Math.floor(index / 250)}.${index % 250}.1`,
      })
      const image = await sharp({
        create: {
          width: 400,
          height: 400,
          channels: 3,
          background: { r: index * 6, g: 90, b: 160 },
        },
      })
        .jpeg()
        .toBuffer()
      const put = await putAvatar(overHttp(server.url), user.cookie, image)
      if (put.status !== 200) throw new Error(`avatar upload answered ${put.status}`)
      const { avatar } = (await put.json()) as { avatar: string }
      return {
        ...user,
        index,
        avatar,
        saves: [],
      }
    })
    users.push(...(await Promise.all(batch)))
  }
  return users
}

/**
 * Public reads come from many visitors, as in production, not from one address that the
 * per-address limit (600 a minute) would stop.
 */
const visitorAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

/** Runs the mix; every request it sent, answered or not, is in `sent`, each save on its user. */
async function runMix(server: ServerProcess, users: LoadUser[]) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
  let saveCount = 0
  const sent: Sent[] = []
  const track = <T extends Sent>(request: T): T => {
    sent.push(request)
    return request
  }
  const result = await autocannon({
    // A request unanswered within the 45 s the server gives it has failed.
    timeout: DATABASE_TIMEOUT_MS / 1000,
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        // Called when the request is built, just before autocannon writes it to its connection.
        setupRequest: (request, context) => {
          const state = context as { operation?: Sent }
          const user = pick(users)
          const roll = Math.random()
          const sentAt = Date.now()
          if (roll < 0.35) {
            state.operation = track({ kind: 'handle', sentAt })
            return {
              ...request,
              method: 'GET',
              path: `/api/handles/${pick([...CONTESTED, `free${Math.floor(roll * 1e6)}`])}`,
              headers: { 'x-forwarded-for': visitorAddress() },
              body: undefined,
            }
          }
          if (roll < 0.65) {
            state.operation = track({ kind: 'read', sentAt })
            return {
              ...request,
              method: 'GET',
              path: '/api/me/profile',
              headers: { cookie: user.cookie },
              body: undefined,
            }
          }
          if (roll < 0.8) {
            const name = `Load ${user.index} #${++saveCount}`
            const handle = Math.random() < 0.5 ? pick(CONTESTED) : `LoadUser${user.index}`
            const save = track<Save>({ kind: 'save', sentAt, user, name, handle })
            user.saves.push(save)
            state.operation = save
            return {
              ...request,
              method: 'PATCH',
              path: '/api/me/profile',
              headers: { cookie: user.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ name, handle }),
            }
          }
          state.operation = track({ kind: 'avatar', sentAt })
          const avatar = new URL(user.avatar)
          return {
            ...request,
            method: 'GET',
            path: `${avatar.pathname}${avatar.search}`,
            headers: { 'x-forwarded-for': visitorAddress() },
            body: undefined,
          }
        },
        onResponse: (status, _body, context) => {
          const { operation } = context as { operation?: Sent }
          if (operation === undefined) throw new Error('an answer to a request never built')
          operation.answeredAt = Date.now()
          operation.status = status
        },
      },
    ],
  })
  return { result, sent, endedAt: Date.now() }
}

/**
 * Each kind's median and p99 over the requests sent once the first wave had been answered: the
 * first request of each connection meets a cold server 200 requests deep at once, and in a 60 s
 * run those are over one in a hundred.
 */
function tailsByKind(sent: Sent[], endedAt: number) {
  const firstWave = sent.slice(0, CONNECTIONS)
  const warmAt = Math.max(...firstWave.map((request) => request.answeredAt ?? endedAt))
  const warm = sent.filter((request) => request.sentAt >= warmAt)
  return (['handle', 'read', 'save', 'avatar'] as const).map((kind) => {
    const waited = warm
      .filter((request) => request.kind === kind)
      .map((request) => (request.answeredAt ?? endedAt) - request.sentAt)
    return {
      kind,
      count: waited.length,
      p50: percentile(waited, 0.5),
      p99: percentile(waited, 0.99),
    }
  })
}

/**
 * What the stored row proves about the saves of one user. Names are unique per save, so the row
 * names the one save S it came from. It holds when: S was acknowledged (200) or still unanswered
 * at the end, never refused (409, 429); the row's handle is S's handle, so no row mixes two saves; and
 * no acknowledged save was sent after S had been answered (that save came strictly later, so it
 * must have overwritten S). A row still at the defaults is right only if no save was acknowledged.
 * Saves that overlapped in time may land in either order; which one wins is not checked.
 */
function checkLastWrite(user: LoadUser, row: StoredProfile) {
  const acknowledged = user.saves.filter((save) => save.status === 200)
  if (row.name === '') {
    expect(acknowledged, `${user.email}: acknowledged saves lost`).toEqual([])
    expect(row.username).toBeNull()
    return
  }
  const source = user.saves.find((save) => save.name === row.name)
  if (source === undefined) throw new Error(`${user.email}: stored name ${row.name} never sent`)
  expect([200, undefined], `${user.email}: stored a save answered ${source.status}`).toContain(
    source.status,
  )
  expect(row.username, `${user.email}: name and handle of different saves`).toBe(
    source.handle.toLowerCase(),
  )
  const answeredAt = source.answeredAt
  if (answeredAt === undefined) return
  const overwrittenBy = acknowledged.filter((save) => save.sentAt > answeredAt)
  expect(
    overwrittenBy.map(({ name }) => name),
    `${user.email}: later acknowledged saves lost`,
  ).toEqual([])
}

async function storedProfiles(database: TestDatabase): Promise<StoredProfile[]> {
  const query =
    'select user_id, name, username, display_username, avatar_version from profiles order by user_id'
  if (database.target.kind === 'sqlite') {
    const sqlite = new SQLite(database.target.file, { readonly: true })
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
      return sqlite.prepare<[], StoredProfile>(query).all()
    } finally {
      sqlite.close()
    }
  }
  const client = new pg.Client({ connectionString: database.target.connectionString })
  await client.connect()
  try {
    return (await client.query<StoredProfile>(query)).rows
  } finally {
    await client.end()
  }
}

/**
 * The tables once the server has worked off what it had received when the load stopped: the
 * same rows read twice, half a second apart.
 */
async function settledProfiles(database: TestDatabase): Promise<StoredProfile[]> {
  let rows = await storedProfiles(database)
  for (let attempt = 0; attempt < 40; attempt++) {
    await sleep(500)
    const again = await storedProfiles(database)
    if (JSON.stringify(again) === JSON.stringify(rows)) return rows
    rows = again
  }
  throw new Error('the profiles kept changing after the load stopped')
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  it(`200 connections for ${DURATION_S} s: every request answered in time and no kind with a long tail, no 5xx, each row the last write`, async () => {
    const database = await createTestDatabase(dialect)
    cleanups.push(() => database.drop())
    const smtp = await startSmtpCapture()
    cleanups.push(() => smtp.close())
    const server = await startServer({
      env: { DATABASE_URL: database.url, SMTP_URL: smtp.url, TRUST_PROXY: 'true' },
    })
    cleanups.push(() => server.dispose())
    const users = await prepareUsers(server, smtp)

    const { result, sent, endedAt } = await runMix(server, users)
    const answered = sent.filter((request) => request.answeredAt !== undefined)
    const open = sent.filter((request) => request.answeredAt === undefined)
    const statuses: Record<string, number> = {}
    for (const { kind, status } of answered) {
      statuses[`${kind} ${status}`] = (statuses[`${kind} ${status}`] ?? 0) + 1
    }
    // A loop, not Math.max(...all): a fast server answers more requests than a call takes args.
    let slowest = 0
    for (const request of sent) {
      slowest = Math.max(slowest, (request.answeredAt ?? endedAt) - request.sentAt)
    }
    const tails = tailsByKind(sent, endedAt)
    console.info(
      `${dialect}: ${sent.length} sent, ${answered.length} answered, ${open.length} open at the ` +
        `end, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
        `slowest ${slowest} ms, ${JSON.stringify(statuses)}, ` +
        `errors ${result.errors} (timeouts ${result.timeouts}), warm ms by kind ` +
        tails.map(({ kind, p50, p99 }) => `${kind} p50 ${p50} p99 ${p99}`).join(', '),
    )
    expect(result.errors).toBe(0)
    expect(result.timeouts).toBe(0)
    expect(result['5xx']).toBe(0)
    // Only the one request in flight on each connection may be open when the run stops...
    expect(open.length).toBeLessThanOrEqual(CONNECTIONS)
    // ...and none may have waited long, answered or not.
    const hanging = [
      ...answered.filter((request) => (request.answeredAt ?? 0) - request.sentAt >= HANG_LIMIT_MS),
      ...open.filter((request) => endedAt - request.sentAt >= HANG_LIMIT_MS),
    ]
    expect(
      hanging.map(({ kind, sentAt, status }) => ({
        kind,
        at: sentAt - (sent[0]?.sentAt ?? 0),
        status,
      })),
      `requests open for ${HANG_LIMIT_MS} ms or more`,
    ).toEqual([])
    // ...nor a few of one kind waited far longer than the rest of that kind.
    expect(
      tails.filter(({ p50, p99 }) => p99 > TAIL_LIMIT * Math.max(1, p50)),
      `a kind whose p99 is over ${TAIL_LIMIT} times its median`,
    ).toEqual([])
    // Every answer is a 200, but for saves of a handle another user holds (409) and changes of
    // handle past the limit on them (429).
    expect(
      answered.filter(
        ({ kind, status }) =>
          status !== 200 && !(kind === 'save' && (status === 409 || status === 429)),
      ),
    ).toEqual([])
    // Every kind of request took part in the mix, and saves met taken handles.
    for (const kind of ['handle', 'read', 'save', 'avatar'] as const) {
      expect(statuses[`${kind} 200`], kind).toBeGreaterThan(100)
    }
    expect(statuses['save 409']).toBeGreaterThan(0)

    const rows = await settledProfiles(database)
    expect(rows).toHaveLength(USERS)
    const handles = rows.flatMap((row) => (row.username === null ? [] : [row.username]))
    expect(new Set(handles).size).toBe(handles.length)
    for (const user of users) {
      const row = rows.find((candidate) => candidate.user_id === user.uid)
      if (row === undefined) throw new Error(`no profile for ${user.email}`)
      checkLastWrite(user, row)
      if (row.username !== null) {
        expect(row.username).toMatch(/^[a-z0-9]+$/)
        expect(row.username.length).toBeGreaterThanOrEqual(HANDLE_MIN_LENGTH)
        expect(row.username.length).toBeLessThanOrEqual(HANDLE_MAX_LENGTH)
        expect(RESERVED_HANDLES.has(row.username)).toBe(false)
        expect(row.display_username?.toLowerCase()).toBe(row.username)
      }
      expect(user.avatar).toMatch(new RegExp(`\\?v=${row.avatar_version}$`))
      // What the API answers is what the table holds.
      const profile = await fetch(`${server.url}/api/me/profile`, {
        headers: { Cookie: user.cookie },
      })
      expect(await profile.json()).toMatchObject({
        name: row.name,
        username: row.username ?? '',
        avatar: user.avatar,
      })
    }
  })
})
