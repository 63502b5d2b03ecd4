import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { sql, type Kysely } from 'kysely'
import { PageViewSchema } from '../../shared/page-view'
import type { Tables } from '../db/tables'
import { bodyTooLarge, invalidInput, requireJson } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'

/**
 * First-party page views, counted per path and UTC day. The handler reads no cookie, stores no
 * IP address, user id or referrer, and sets nothing; the address only counts against the limit.
 */
export function pageViewRoutes(db: Kysely<Tables>, limits: RouteLimits) {
  return new Hono().post(
    '/page-view',
    limits.perAddress(LIMITS.pageView),
    requireJson,
    bodyLimit({ maxSize: 8 * 1024, onError: bodyTooLarge }),
    zValidator('json', PageViewSchema, invalidInput),
    async (c) => {
      const { path } = c.req.valid('json')
      await db
        .insertInto('page_view_counts')
        .values({ path, day: new Date().toISOString().slice(0, 10), views: 1 })
        .onConflict((conflict) =>
          conflict.columns(['path', 'day']).doUpdateSet({ views: sql`page_view_counts.views + 1` }),
        )
        .execute()
      return c.body(null, 204)
    },
  )
}
