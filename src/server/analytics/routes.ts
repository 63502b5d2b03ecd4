import { Hono } from 'hono'
import { sql, type Kysely } from 'kysely'
import { PageViewSchema } from '../../shared/page-view'
import type { Tables } from '../db/tables'
import { jsonBody } from '../http/json-body'
import { LIMITS, type RouteLimits } from '../http/limiter'

/**
 * Distinct paths counted per day; views of further new paths that day are counted under
 * OTHER_PATHS, so a flood of made-up paths cannot grow the table without bound.
 */
const MAX_PATHS_PER_DAY = 10_000
export const OTHER_PATHS = '/(other)'

/**
 * First-party page views, counted per path and UTC day. The handler reads no cookie, stores no
 * IP address, user id or referrer, and sets nothing; the address only counts against the limit.
 */
export function pageViewRoutes(db: Kysely<Tables>, limits: RouteLimits) {
  return new Hono().post(
    '/page-view',
    limits.perAddress(LIMITS.pageView),
    jsonBody(PageViewSchema, 8 * 1024),
    async (c) => {
      const { path } = c.req.valid('json')
      const day = new Date().toISOString().slice(0, 10)
      const counted = await db
        .updateTable('page_view_counts')
        .set({ views: sql`views + 1` })
        .where('path', '=', path)
        .where('day', '=', day)
        .executeTakeFirst()
      if (Number(counted.numUpdatedRows) > 0) return c.body(null, 204)
      // A path not seen today: a row of its own while the day has room (two racing may both
      // take the last place; the cap is approximate, the bound is not).
      const { paths } = await db
        .selectFrom('page_view_counts')
        .select((select) => select.fn.countAll<number>().as('paths'))
        .where('day', '=', day)
        .executeTakeFirstOrThrow()
      await db
        .insertInto('page_view_counts')
        .values({ path: Number(paths) < MAX_PATHS_PER_DAY ? path : OTHER_PATHS, day, views: 1 })
        .onConflict((conflict) =>
          conflict.columns(['path', 'day']).doUpdateSet({ views: sql`page_view_counts.views + 1` }),
        )
        .execute()
      return c.body(null, 204)
    },
  )
}
