import type { Kysely } from 'kysely'
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityEvent,
  type ActivityPage,
  type SignInMethod,
} from '../../shared/security-activity'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import { activityCutoff } from '../security-events'
import { shownBrowser, shownSystem } from '../user-agent'

const SWEEP_EVERY_MS = 60 * 60 * 1000

interface Cursor {
  at: string
  id: string
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url')

/** The cursor a client sent back, or null for one Mofu did not make. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 2) return null
    const [at, id] = value as unknown[]
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at))) {
      return null
    }
    return { at, id }
  } catch {
    return null
  }
}

type Row = Pick<
  Tables['security_activity'],
  'id' | 'event' | 'at' | 'method' | 'browser' | 'system' | 'network' | 'session_id'
> & { count: number | string }

/** Names are checked again as they are read: rows written before they were checked keep them. */
const entryOf = (row: Row, currentSessionId: string | null): ActivityEntry => ({
  id: row.id,
  event: row.event as ActivityEvent,
  at: row.at,
  method: row.method as SignInMethod | null,
  browser: shownBrowser(row.browser),
  system: shownSystem(row.system),
  network: row.network,
  count: Number(row.count),
  thisDevice: row.session_id !== null && row.session_id === currentSessionId,
})

const COLUMNS = [
  'id',
  'event',
  'at',
  'method',
  'browser',
  'system',
  'network',
  'session_id',
  'count',
] as const

/**
 * One page of the user's own activity of the last ACTIVITY_DAYS, newest first, after `before`
 * (a cursor of an earlier page) when given. Only ever the rows of `uid`.
 */
export async function activityPage(
  db: Kysely<Tables>,
  uid: string,
  currentSessionId: string | null,
  before: Cursor | null,
): Promise<ActivityPage> {
  let query = db
    .selectFrom('security_activity')
    .select(COLUMNS)
    .where('user_id', '=', uid)
    .where('at', '>=', activityCutoff(Date.now()))
  if (before !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('at', '<', before.at),
        eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    )
  }
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIVITY_PAGE_SIZE + 1)
    .execute()
  const shown = rows.slice(0, ACTIVITY_PAGE_SIZE)
  const last = shown.at(-1)
  return {
    events: shown.map((row) => entryOf(row, currentSessionId)),
    next: rows.length > ACTIVITY_PAGE_SIZE && last !== undefined ? encodeCursor(last) : null,
  }
}

/** All of the user's kept activity, newest first, for "Download my data". */
export async function allActivity(db: Kysely<Tables>, uid: string): Promise<ActivityEntry[]> {
  const rows = await db
    .selectFrom('security_activity')
    .select(COLUMNS)
    .where('user_id', '=', uid)
    .where('at', '>=', activityCutoff(Date.now()))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => entryOf(row, null))
}

/** Deletes every entry older than ACTIVITY_DAYS; how many. */
export async function purgeOldActivity(db: Kysely<Tables>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('security_activity')
    .where('at', '<', activityCutoff(now))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Purges now and then every hour; the returned function stops it. */
export function startActivityPurge(db: Kysely<Tables>, logger: Logger): () => void {
  const purge = () => {
    purgeOldActivity(db).then(
      (deleted) => {
        if (deleted > 0) logger.info({ deleted }, 'deleted security activity older than 90 days')
      },
      (error: unknown) => logger.warn({ err: error }, 'could not delete old security activity'),
    )
  }
  purge()
  const timer = setInterval(purge, SWEEP_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
