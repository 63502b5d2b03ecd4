import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_TIMEOUT_MS } from '../../src/shared/constants'
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, RESERVED_HANDLES } from '../../src/shared/profile'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { createTestUser, overHttp, putAvatar, type TestUser } from '../support/test-users'

/**
 * Issue 7's load test: 200 connections for 60 s on a mix of handle checks, profile reads,
 * profile saves and avatar GETs, against the built server on each database. No request may fail
 * or answer 5xx, and afterwards the database must hold exactly what the server acknowledged.
 */

const CONNECTIONS = 200
const DURATION_S = Number(process.env.MOFU_LOAD_SECONDS ?? 60)
const USERS = 40
/** Handles several users try to take at once: each may have one owner, never two. */
const CONTESTED = ['sakura', 'hoshi', 'tsuki', 'yuki', 'kaze']

interface LoadUser extends TestUser {
  index: number
  avatar: string
  /**
   * What saves answered 200 for, and saves still unanswered when the run ended (they may or may
   * not have landed): the stored values must be among them.
   */
  savedNames: Set<string>
  savedHandles: Set<string>
  pending: Set<{ name: string; handle: string }>
}

interface StoredProfile {
  user_id: string
  name: string
  username: string | null
  display_username: string | null
  avatar: string
}

type Operation =
  | { kind: 'handle' | 'read' | 'avatar' }
  | { kind: 'save'; user: LoadUser; name: string; handle: string }

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function prepareUsers(server: ServerProcess, smtp: SmtpCapture): Promise<LoadUser[]> {
  const users: LoadUser[] = []
  // A few at a time: sign-up hashes a password, and the server has two cores.
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
        savedNames: new Set<string>(),
        savedHandles: new Set<string>(),
        pending: new Set<{ name: string; handle: string }>(),
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

/** Runs the mix and records every acknowledged save on its user. */
async function runMix(server: ServerProcess, users: LoadUser[]) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
  let saveCount = 0
  const answered: Record<Operation['kind'], number> = { handle: 0, read: 0, save: 0, avatar: 0 }
  const result = await autocannon({
    // A request unanswered within the spec's request timeout is one the app's client gives up on.
    timeout: DATABASE_TIMEOUT_MS / 1000,
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request, context) => {
          const state = context as { operation?: Operation }
          const user = pick(users)
          const roll = Math.random()
          if (roll < 0.35) {
            state.operation = { kind: 'handle' }
            return {
              ...request,
              method: 'GET',
              path: `/api/handles/${pick([...CONTESTED, `free${Math.floor(roll * 1e6)}`])}`,
              headers: { 'x-forwarded-for': visitorAddress() },
              body: undefined,
            }
          }
          if (roll < 0.65) {
            state.operation = { kind: 'read' }
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
            state.operation = { kind: 'save', user, name, handle }
            user.pending.add(state.operation)
            return {
              ...request,
              method: 'PATCH',
              path: '/api/me/profile',
              headers: { cookie: user.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ name, handle }),
            }
          }
          state.operation = { kind: 'avatar' }
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
          const { operation } = context as { operation?: Operation }
          if (operation !== undefined) answered[operation.kind]++
          if (operation?.kind !== 'save') return
          operation.user.pending.delete(operation)
          if (status !== 200) return
          operation.user.savedNames.add(operation.name)
          operation.user.savedHandles.add(operation.handle.toLowerCase())
        },
      },
    ],
  })
  return { result, answered }
}

async function storedProfiles(database: TestDatabase): Promise<StoredProfile[]> {
  const query =
    'select user_id, name, username, display_username, avatar from profiles order by user_id'
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
  it(`200 connections for ${DURATION_S} s: no error, no 5xx, the database consistent after`, async () => {
    const database = await createTestDatabase(dialect)
    cleanups.push(() => database.drop())
    const smtp = await startSmtpCapture()
    cleanups.push(() => smtp.close())
    const server = await startServer({
      env: { DATABASE_URL: database.url, SMTP_URL: smtp.url, TRUST_PROXY: 'true' },
    })
    cleanups.push(() => server.dispose())
    const users = await prepareUsers(server, smtp)

    const { result, answered } = await runMix(server, users)
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
    )
    console.info(
      `${dialect}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
        `p99 ${result.latency.p99} ms, statuses ${JSON.stringify(statuses)}, ` +
        `kinds ${JSON.stringify(answered)}, errors ${result.errors} (timeouts ${result.timeouts})`,
    )
    expect(result.errors).toBe(0)
    expect(result.timeouts).toBe(0)
    expect(result['5xx']).toBe(0)
    // Every answer is a 200, but for saves of a handle another user holds (409).
    expect(statuses['200']).toBeGreaterThan(0)
    expect(Object.keys(statuses).filter((status) => status !== '200' && status !== '409')).toEqual(
      [],
    )
    // Every kind of request took part in the mix.
    for (const count of Object.values(answered)) expect(count).toBeGreaterThan(100)

    const rows = await settledProfiles(database)
    expect(rows).toHaveLength(USERS)
    const handles = rows.flatMap((row) => (row.username === null ? [] : [row.username]))
    expect(new Set(handles).size).toBe(handles.length)
    for (const user of users) {
      // A save cut off by the end of the run may or may not have landed: as long as none was
      // acknowledged, the defaults may still stand too.
      const pending = [...user.pending]
      const possibleNames = [...user.savedNames, ...pending.map(({ name }) => name)]
      if (user.savedNames.size === 0) possibleNames.push('')
      const possibleHandles = [
        ...user.savedHandles,
        ...pending.map(({ handle }) => handle.toLowerCase()),
      ]
      const row = rows.find((candidate) => candidate.user_id === user.uid)
      if (row === undefined) throw new Error(`no profile for ${user.email}`)
      expect(possibleNames).toContain(row.name)
      if (row.username === null) expect(user.savedHandles.size).toBe(0)
      else {
        expect(row.username).toMatch(/^[a-z0-9]+$/)
        expect(row.username.length).toBeGreaterThanOrEqual(HANDLE_MIN_LENGTH)
        expect(row.username.length).toBeLessThanOrEqual(HANDLE_MAX_LENGTH)
        expect(RESERVED_HANDLES.has(row.username)).toBe(false)
        expect(row.display_username?.toLowerCase()).toBe(row.username)
        expect(possibleHandles).toContain(row.username)
      }
      expect(row.avatar).toBe(user.avatar)
      // What the API answers is what the table holds.
      const profile = await fetch(`${server.url}/api/me/profile`, {
        headers: { Cookie: user.cookie },
      })
      expect(await profile.json()).toMatchObject({
        name: row.name,
        username: row.username ?? '',
        avatar: row.avatar,
      })
    }
  })
})
