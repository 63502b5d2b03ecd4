import { randomUUID } from 'node:crypto'
import SQLite from 'better-sqlite3'
import { generateNKeysBetween } from 'fractional-indexing'
import pg from 'pg'
import { folderNameKey } from '../src/server/board/folders-store'
import { folderSlug } from '../src/shared/board'
import { SKELETON_REPLACEMENTS } from '../src/shared/handle-skeleton'

/**
 * Users written straight into the app's own tables (after the server has migrated them), set
 * by set, so a million take seconds: Better Auth's `user` row (verified, no sign-in method) and
 * a profile with a unique lowercase handle and its look-alike skeleton, as the app stores them.
 * User `i` has the handle `seededHandle(i)`.
 */
export interface Seeder {
  /** Adds users `from` to `to`, both included. */
  seed(from: number, to: number): Promise<void>
  close(): Promise<void>
}

const HANDLE_PREFIX = 'fan'
export const seededHandle = (i: number) => `${HANDLE_PREFIX}${i}`
/** A free handle next to a taken one in the index, so lookups of both walk the same range. */
export const freeHandleNear = (i: number) => `${HANDLE_PREFIX}${i}x`

/** SQL for handleSkeleton(handle) of the SQL expression `handle` (no seeded handles collide). */
const skeletonOf = (handle: string) =>
  SKELETON_REPLACEMENTS.reduce(
    (expression, [from, to]) => `replace(${expression}, '${from}', '${to}')`,
    handle,
  )

export function sqliteSeeder(file: string): Seeder {
  const db = new SQLite(file, { timeout: 10_000 })
  db.pragma('cache_size = -262144')
  // Better Auth stores SQLite booleans as 0/1 and dates as ISO text. better-sqlite3 binds a JS
  // number as REAL: cast, or the handles would read `fan1.0`.
  const users = db.prepare(`
    WITH RECURSIVE seq(i) AS (SELECT CAST(:from AS INTEGER) UNION ALL SELECT i + 1 FROM seq WHERE i < :to)
    INSERT INTO "user" (id, name, email, emailVerified, createdAt, updatedAt)
    SELECT 'seed' || i, '', 'seed' || i || '@bench.invalid', 1, :now, :now FROM seq`)
  const profiles = db.prepare(`
    WITH RECURSIVE seq(i) AS (SELECT CAST(:from AS INTEGER) UNION ALL SELECT i + 1 FROM seq WHERE i < :to)
    INSERT INTO profiles (user_id, username, display_username, handle_skeleton, updated_at)
    SELECT 'seed' || i, :prefix || i, :prefix || i, ${skeletonOf(':prefix || i')}, :now FROM seq`)
  const seedAll = db.transaction((from: number, to: number) => {
    const now = new Date().toISOString()
    users.run({ from, to, now })
    profiles.run({ from, to, now, prefix: HANDLE_PREFIX })
  })
  return {
    async seed(from, to) {
      seedAll(from, to)
    },
    async close() {
      db.close()
    },
  }
}

export async function postgresSeeder(connectionString: string): Promise<Seeder> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  return {
    async seed(from, to) {
      await client.query('BEGIN')
      try {
        await client.query(
          `INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
           SELECT 'seed' || i, '', 'seed' || i || '@bench.invalid', true, now(), now()
           FROM generate_series($1::int, $2::int) AS s(i)`,
          [from, to],
        )
        await client.query(
          `INSERT INTO profiles (user_id, username, display_username, handle_skeleton, updated_at)
           SELECT 'seed' || i, $4::text || i, $4::text || i, ${skeletonOf('($4::text || i)')}, $3
           FROM generate_series($1::int, $2::int) AS s(i)`,
          [from, to, new Date().toISOString(), HANDLE_PREFIX],
        )
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
      // Fresh statistics, as autovacuum would have them shortly after such a load.
      await client.query('ANALYZE "user", profiles')
    },
    async close() {
      await client.end()
    },
  }
}

/** The board the bench signs in to: titles liked, spread evenly over this many folders. */
export interface BoardShape {
  likes: number
  folders: number
}

/** Folder `i`'s name on a seeded board (1-based). */
export const seededFolderName = (i: number) => `Folder ${i}`

/**
 * A board for user `uid` written straight into the app's SQLite tables, as the board's own
 * routes would leave it: `shape.folders` folders in order, and the first `shape.likes` of
 * `animeIds` liked, dealt out over them in turn, each folder's titles in order. A second
 * connection beside the running server (WAL mode lets it write).
 */
export function seedSqliteBoard(
  file: string,
  uid: string,
  animeIds: readonly string[],
  shape: BoardShape,
): void {
  if (animeIds.length < shape.likes) throw new Error(`only ${animeIds.length} titles to like`)
  const db = new SQLite(file, { timeout: 10_000 })
  try {
    const folder = db.prepare(
      `INSERT INTO folders (id, user_id, name, name_key, order_key, created_at, slug)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    const like = db.prepare(
      `INSERT INTO likes (user_id, anime_id, folder_id, order_key, liked_at, status, note)
       VALUES (?, ?, ?, ?, ?, NULL, '')`,
    )
    db.transaction(() => {
      const now = Date.now()
      const folderIds = Array.from({ length: shape.folders }, () => randomUUID())
      const folderKeys = generateNKeysBetween(null, null, shape.folders)
      folderIds.forEach((id, i) => {
        const name = seededFolderName(i + 1)
        const created = new Date(now + i).toISOString()
        folder.run(id, uid, name, folderNameKey(name), folderKeys[i], created, folderSlug(name))
      })
      const likeKeys = generateNKeysBetween(null, null, Math.ceil(shape.likes / shape.folders))
      for (let i = 0; i < shape.likes; i++) {
        const place = Math.floor(i / shape.folders)
        const liked = new Date(now - i * 60_000).toISOString()
        like.run(uid, animeIds[i], folderIds[i % shape.folders], likeKeys[place], liked)
      }
    })()
  } finally {
    db.close()
  }
}

/**
 * Users `uids` on the plan `plan` with no end, and each liking the first `likes` of `animeIds`
 * in Unsorted (none by default), written straight into the app's SQLite tables beside the
 * running server, as `mofu users plan` and hearts would leave them.
 */
export function seedSqlitePlan(
  file: string,
  uids: readonly string[],
  plan: string,
  { animeIds = [], likes = 0 }: { animeIds?: readonly string[]; likes?: number } = {},
): void {
  if (animeIds.length < likes) throw new Error(`only ${animeIds.length} titles to like`)
  const db = new SQLite(file, { timeout: 10_000 })
  try {
    const like = db.prepare(
      `INSERT INTO likes (user_id, anime_id, folder_id, order_key, liked_at, status, note)
       VALUES (?, ?, NULL, ?, ?, NULL, '')`,
    )
    const onPlan = db.prepare(
      `INSERT INTO profiles (user_id, updated_at, plan) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, plan_until = NULL`,
    )
    const keys = generateNKeysBetween(null, null, likes)
    db.transaction(() => {
      const now = new Date().toISOString()
      for (const uid of uids) {
        onPlan.run(uid, now, plan)
        keys.forEach((key, i) => like.run(uid, animeIds[i], key, now))
      }
    })()
  } finally {
    db.close()
  }
}
