import fs from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import SQLite from 'better-sqlite3'
import { photoLikeJpeg } from './images'
import { seedSqliteBoard, sqliteSeeder } from './seed'
import { BENCH_BOARD, BENCH_HANDLE } from './settings'
import type { TestUser } from '../tests/support/test-users'
import { saveProfile, signUpAndVerify, uploadAvatar, uploadBanner } from './user'

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
/** Heart user `i` signs up from 10.254.x.y; at most this many sign up at once. */
const HEART_USERS_AT_ONCE = 4

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

/** `count` users signed up and signed in over HTTP, a few at a time, each from its own address. */
async function signUpHeartUsers(
  appUrl: string,
  outboxDir: string,
  count: number,
): Promise<TestUser[]> {
  const users: TestUser[] = []
  for (let from = 0; from < count; from += HEART_USERS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(HEART_USERS_AT_ONCE, count - from) }, (_, i) => {
      const n = from + i
      const ip = `10.254.${n >> 8}.${n & 255}`
      return signUpAndVerify(appUrl, outboxDir, `heart${n}@bench.invalid`, ip)
    })
    users.push(...(await Promise.all(batch)))
  }
  return users
}

/**
 * A signed-in user with a handle, every profile field, an avatar and a banner, made over HTTP, plus `seededUsers` users
 * written into the database beside it so that handle lookups find taken and free handles, and
 * `heartUsers` signed-in users for the heart case; it resolves once the shipped catalog has
 * loaded, with its ids, and the user's board holds BENCH_BOARD's titles and folders.
 */
export async function prepareFixture(
  appUrl: string,
  dataDir: string,
  seededUsers: number,
  heartUsers: number,
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
  await expectServerDrawn(appUrl, `/@${BENCH_HANDLE}`)

  // WAL mode lets this second connection write beside the running server.
  const seeder = sqliteSeeder(path.join(dataDir, 'mofu.db'))
  try {
    await seeder.seed(1, seededUsers)
  } finally {
    await seeder.close()
  }
  const avatarFile = path.join(dataDir, 'bench-avatar.jpg')
  await fs.writeFile(avatarFile, Buffer.from(body))
  const hearts = await signUpHeartUsers(appUrl, outboxDir, heartUsers)
  const titleId = await catalogLoaded(appUrl)
  const dbFile = path.join(dataDir, 'mofu.db')
  seedSqliteBoard(dbFile, user.uid, boardTitleIds(dbFile), BENCH_BOARD)
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
    animeIds: catalogIds(dbFile),
    titleId,
    calendarPath,
  }
}
