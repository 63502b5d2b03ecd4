import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AnimeSite } from '../../shared/anime'
import { episodesBetween, type Episode } from '../../shared/episodes'
import { SUMMARY_COLUMNS, toSummary } from '../catalog/title-summary'
import type { Database } from '../db/database'
import type { Tables } from '../db/tables'

const DAY_MS = 24 * 60 * 60 * 1000
/** 32 random bytes, base64url: the secret in a feed's address. */
const SECRET_BYTES = 32
export const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Since when the feed of `uid` is on (ISO 8601), or null while it is off. */
export async function feedSince(db: Kysely<Tables>, uid: string): Promise<string | null> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', uid)
    .executeTakeFirst()
  return row?.created_at ?? null
}

/**
 * The liked titles' episodes and each account's calendar feed (docs/api.md "Calendar feed").
 * A feed's address holds a secret the database keeps only as a hash: whoever reads the table
 * cannot subscribe to anyone's calendar.
 */
export function calendarStore({ db }: Database) {
  return {
    /** The episodes of the titles `uid` likes that air in [from, from + days), the next first. */
    async episodes(uid: string, from: Date, days: number): Promise<Episode[]> {
      const start = from.getTime()
      const until = start + days * DAY_MS
      // Only titles with a slot that have begun before the stretch ends and not ended a day
      // before it starts (the last air date is a day in Japan): episodesBetween decides the rest.
      const rows = await db
        .selectFrom('likes')
        .innerJoin('catalog_titles', 'catalog_titles.id', 'likes.anime_id')
        .select([
          ...SUMMARY_COLUMNS,
          'catalog_titles.end_at',
          'catalog_titles.broadcast',
          'catalog_titles.sites',
        ])
        .where('likes.user_id', '=', uid)
        .where('catalog_titles.broadcast', '<>', '')
        .where('catalog_titles.begin_at', '<', new Date(until).toISOString())
        .where((eb) =>
          eb.or([
            eb('catalog_titles.end_at', '=', ''),
            eb('catalog_titles.end_at', '>=', new Date(start - DAY_MS).toISOString()),
          ]),
        )
        .execute()
      const episodes: Episode[] = []
      for (const row of rows) {
        const times = episodesBetween(
          { broadcast: row.broadcast, beginAt: row.begin_at, endAt: row.end_at },
          start,
          until,
        )
        if (times.length === 0) continue
        const anime = toSummary(row)
        const watch = (JSON.parse(row.sites) as AnimeSite[]).filter((site) => site.kind === 'onair')
        for (const at of times) episodes.push({ anime, at: new Date(at).toISOString(), watch })
      }
      return episodes.sort((a, b) =>
        a.at === b.at ? (a.anime.id < b.anime.id ? -1 : 1) : a.at < b.at ? -1 : 1,
      )
    },

    since: (uid: string) => feedSince(db, uid),

    /**
     * Turns the feed on with a new address, which replaces the one before (that one answers 404
     * from now on). Returns the new secret, which is never stored or shown again.
     */
    async renew(uid: string): Promise<{ secret: string; since: string }> {
      const secret = randomBytes(SECRET_BYTES).toString('base64url')
      const since = new Date().toISOString()
      await db
        .insertInto('calendar_feeds')
        .values({ user_id: uid, secret_hash: hashOf(secret), created_at: since })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ secret_hash: hashOf(secret), created_at: since }),
        )
        .execute()
      return { secret, since }
    },

    /** Turns the feed off: its address answers 404. Whether it was on. */
    async turnOff(uid: string): Promise<boolean> {
      const result = await db
        .deleteFrom('calendar_feeds')
        .where('user_id', '=', uid)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** The account whose feed `secret` opens, or undefined; never a disabled account. */
    async ownerOf(secret: string): Promise<string | undefined> {
      if (!FEED_SECRET.test(secret)) return undefined
      const hash = hashOf(secret)
      const row = await db
        .selectFrom('calendar_feeds')
        .select(['user_id', 'secret_hash'])
        .where('secret_hash', '=', hash)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('disabled_users')
                .select('disabled_users.user_id')
                .whereRef('disabled_users.user_id', '=', 'calendar_feeds.user_id'),
            ),
          ),
        )
        .executeTakeFirst()
      // The row is found by the hash; its hash is compared again in constant time, so how long
      // the answer takes says nothing of how much of a guess was right.
      if (row === undefined) return undefined
      const stored = Buffer.from(row.secret_hash, 'hex')
      const given = Buffer.from(hash, 'hex')
      return stored.length === given.length && timingSafeEqual(stored, given)
        ? row.user_id
        : undefined
    },
  }
}

export type CalendarStore = ReturnType<typeof calendarStore>
