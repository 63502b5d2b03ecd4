import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import { photoLikeJpeg } from './images'
import { FREE_PLAN } from '../src/shared/plans'
import { seedSqliteBoard, seedSqlitePlan, sqliteSeeder } from './seed'
import {
  BENCH_BOARD,
  BENCH_HANDLE,
  BENCH_PLAN,
  BENCH_PUBLIC,
  PIN_RACE,
  PIN_TITLES,
} from './settings'
import type { TestUser } from '../tests/support/test-users'
import { saveProfile, sendAs, signUpAndVerify, uploadAvatar, uploadBanner } from './user'

/** What the HTTP cases need from a running app on SQLite in `dataDir`. */
export interface Fixture {
  user: TestUser
  /** The user's handle, lowercase: its /@handle page. */
  handle: string
  /** Path and version query of the user's avatar. */
  avatarPath: string
  avatarEtag: string
  avatarBytes: number
  /** The avatar as served, saved for the baseline to send the same bytes. */
  avatarFile: string
  /** Users seeded besides, with handles seededHandle(1…seededUsers). */
  seededUsers: number
  /** Signed-in users besides, each from its own address, whose hearts the heart case sends. */
  heartUsers: TestUser[]
  /**
   * Signed-in users besides, each from its own address, on BENCH_PLAN and liking the first
   * PIN_TITLES of `animeIds`, whose pins the pinning case sends.
   */
  pinUsers: TestUser[]
  /** A free account liking the first PIN_RACE.pins of `animeIds`, none pinned, for the pin race. */
  raceUser: TestUser
  /** Every catalog id, once the shipped catalog has loaded. */
  animeIds: string[]
  /** The id of KNOWN_TITLE, whose page Lighthouse audits. */
  titleId: string
  /** The fixture user's calendar feed (/calendar/SECRET.ics), over the board's liked titles. */
  calendarPath: string
}

/**
 * The public page's cases measure the page the server draws with the profile in it; a server
 * without the build's renderer (dist/prerender) answers the bare shell, drawn by the browser.
 */
async function expectServerDrawn(appUrl: string, page: string): Promise<void> {
  const answer = await fetch(`${appUrl}${page}`, { headers: { accept: 'text/html' } })
  const html = await answer.text()
  if (!answer.ok || !html.includes(`data-prerendered="${page}"`)) {
    throw new Error(`${page} answered ${answer.status} without the server's drawing of the profile`)
  }
}

/** Address the fixture user signs up from; sign-in cases use others. */
const FIXTURE_IP = '10.255.0.1'
/** At most this many of the heart or pin users sign up at once. */
const USERS_AT_ONCE = 4

/** A title the shipped bangumi-data holds: search finds it once the catalog is in. */
const KNOWN_TITLE = '進撃の巨人'
const CATALOG_TIMEOUT_MS = 120_000

/**
 * Waits until search finds a known title, and resolves with its id: the app loads the shipped
 * catalog in the background after it starts, and the search and heart cases measure it whole.
 */
async function catalogLoaded(appUrl: string): Promise<string> {
  const deadline = Date.now() + CATALOG_TIMEOUT_MS
  while (Date.now() < deadline) {
    const answer = await fetch(`${appUrl}/api/anime/search?q=${encodeURIComponent(KNOWN_TITLE)}`)
    const found = answer.ok ? ((await answer.json()) as { results: { id: string }[] }).results : []
    const first = found[0]
    if (first !== undefined) return first.id
    await sleep(250)
  }
  throw new Error(`the catalog did not load within ${CATALOG_TIMEOUT_MS / 1000} s`)
}

/** Every catalog id, read beside the running server (WAL mode lets it). */
function catalogIds(dbFile: string): string[] {
  const db = new SQLite(dbFile, { readonly: true, timeout: 10_000 })
  try {
    const rows = db.prepare('SELECT id FROM catalog_titles ORDER BY id').all() as { id: string }[]
    return rows.map((row) => row.id)
  } finally {
    db.close()
  }
}

/**
 * The titles the fixture user's board (BENCH_BOARD) holds: every title the catalog has on air (a
 * weekly slot and no last air date), the calendar feed's most work, then others up to the count.
 */
function boardTitleIds(dbFile: string): string[] {
  const db = new SQLite(dbFile, { readonly: true, timeout: 10_000 })
  try {
    const rows = db
      .prepare(
        `SELECT id FROM catalog_titles ORDER BY (broadcast <> '' AND end_at = '') DESC, id LIMIT ?`,
      )
      .all(BENCH_BOARD.likes) as { id: string }[]
    return rows.map((row) => row.id)
  } finally {
    db.close()
  }
}

/** The path of the calendar feed the fixture user turns on over HTTP. */
async function calendarFeedOf(appUrl: string, user: TestUser): Promise<string> {
  const answer = await fetch(`${appUrl}/api/me/calendar`, {
    method: 'POST',
    headers: {
      cookie: user.cookie,
      origin: appUrl,
      'content-type': 'application/json',
      'x-forwarded-for': FIXTURE_IP,
    },
    body: JSON.stringify({ feed: 'new' }),
  })
  const { url } = (await answer.json()) as { url?: string }
  if (!answer.ok || url === undefined) throw new Error(`the feed answered ${answer.status}`)
  return new URL(url).pathname
}

/**
 * `count` users signed up and signed in over HTTP, a few at a time: user `n` is
 * `${tag}${n}@bench.invalid`, from the address 10.`network`.x.y of its own.
 */
async function signUpUsers(
  appUrl: string,
  outboxDir: string,
  { count, tag, network }: { count: number; tag: string; network: number },
): Promise<TestUser[]> {
  const users: TestUser[] = []
  for (let from = 0; from < count; from += USERS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(USERS_AT_ONCE, count - from) }, (_, i) => {
      const n = from + i
      const ip = `10.${network}.${n >> 8}.${n & 255}`
      return signUpAndVerify(appUrl, outboxDir, `${tag}${n}@bench.invalid`, ip)
    })
    users.push(...(await Promise.all(batch)))
  }
  return users
}

/**
 * The fixture user's public page as BENCH_PUBLIC has it: the user on BENCH_PLAN, the board's
 * first titles pinned and its first folders made public, over HTTP.
 */
async function publishBoard(appUrl: string, dbFile: string, user: TestUser, titles: string[]) {
  seedSqlitePlan(dbFile, [user.uid], BENCH_PLAN.name)
  for (const id of titles.slice(0, BENCH_PUBLIC.pins)) {
    await sendAs(appUrl, user, { method: 'PUT', path: `/api/me/likes/${id}/pin` })
  }
  const db = new SQLite(dbFile, { readonly: true, timeout: 10_000 })
  const folders = db
    .prepare('SELECT id FROM folders WHERE user_id = ? ORDER BY order_key LIMIT ?')
    .all(user.uid, BENCH_PUBLIC.folders) as { id: string }[]
  db.close()
  for (const { id } of folders) {
    await sendAs(appUrl, user, {
      method: 'PATCH',
      path: `/api/me/folders/${id}`,
      body: { public: true },
    })
  }
}

/**
 * A signed-in user with a handle, every profile field, an avatar and a banner, made over HTTP,
 * plus `seededUsers` users written into the database beside it so that handle lookups find
 * taken and free handles, `heartUsers` and `pinUsers` signed-in users for the heart and pinning
 * cases and a free one for the pin race; it resolves once the shipped catalog has loaded, with
 * its ids, and the user's board holds BENCH_BOARD's titles and folders, BENCH_PUBLIC's pinned
 * and public.
 */
export async function prepareFixture(
  appUrl: string,
  dataDir: string,
  seededUsers: number,
  { heartUsers, pinUsers }: { heartUsers: number; pinUsers: number },
): Promise<Fixture> {
  const outboxDir = path.join(dataDir, 'outbox')
  const user = await signUpAndVerify(appUrl, outboxDir, 'bench@mofu.invalid', FIXTURE_IP)
  // The public page Lighthouse audits shows every field: a bio, pronouns, links, an accent
  // colour, a banner and a framed avatar.
  await saveProfile(appUrl, user, {
    handle: 'BenchFan',
    bio: 'Drawing cats and stars.\nSay hi at https://mofu.example/hello',
    pronouns: 'they/them',
    links: [
      { label: 'Sketchbook', url: 'https://sketch.example/benchfan' },
      { label: 'Blog', url: 'https://blog.example/' },
    ],
    accent: 'lavender',
    frame: 'sakura',
  })
  const avatarPath = await uploadAvatar(appUrl, user, await photoLikeJpeg(1080, 1080))
  await uploadBanner(appUrl, user, await photoLikeJpeg(1500, 500, 11))
  const avatar = await fetch(`${appUrl}${avatarPath}`)
  const body = await avatar.arrayBuffer()
  const avatarEtag = avatar.headers.get('etag')
  if (!avatar.ok || avatarEtag === null) throw new Error(`avatar GET answered ${avatar.status}`)

  // WAL mode lets this second connection write beside the running server.
  const seeder = sqliteSeeder(path.join(dataDir, 'mofu.db'))
  try {
    await seeder.seed(1, seededUsers)
  } finally {
    await seeder.close()
  }
  const avatarFile = path.join(dataDir, 'bench-avatar.jpg')
  await fs.writeFile(avatarFile, Buffer.from(body))
  const hearts = await signUpUsers(appUrl, outboxDir, {
    count: heartUsers,
    tag: 'heart',
    network: 254,
  })
  const pinners = await signUpUsers(appUrl, outboxDir, {
    count: pinUsers,
    tag: 'pin',
    network: 253,
  })
  const [raceUser] = await signUpUsers(appUrl, outboxDir, { count: 1, tag: 'race', network: 252 })
  if (raceUser === undefined) throw new Error('the pin race user did not sign up')
  const titleId = await catalogLoaded(appUrl)
  const dbFile = path.join(dataDir, 'mofu.db')
  const boardTitles = boardTitleIds(dbFile)
  seedSqliteBoard(dbFile, user.uid, boardTitles, BENCH_BOARD)
  await publishBoard(appUrl, dbFile, user, boardTitles)
  await expectServerDrawn(appUrl, `/@${BENCH_HANDLE}`)
  const animeIds = catalogIds(dbFile)
  seedSqlitePlan(
    dbFile,
    pinners.map((pinner) => pinner.uid),
    BENCH_PLAN.name,
    { animeIds, likes: PIN_TITLES },
  )
  seedSqlitePlan(dbFile, [raceUser.uid], FREE_PLAN, { animeIds, likes: PIN_RACE.pins })
  const calendarPath = await calendarFeedOf(appUrl, user)
  return {
    user,
    handle: BENCH_HANDLE,
    avatarPath,
    avatarEtag,
    avatarBytes: body.byteLength,
    avatarFile,
    seededUsers,
    heartUsers: hearts,
    pinUsers: pinners,
    raceUser,
    animeIds,
    titleId,
    calendarPath,
  }
}
