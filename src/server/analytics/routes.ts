import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Kysely } from 'kysely'
import { PageViewSchema } from '../../shared/page-view'
import type { Tables } from '../db/tables'
import { bodyTooLarge, invalidInput, requireJson } from '../http/errors'

/**
 * First-party page views: path, referrer and time. The handler reads no cookie, stores no IP
 * address or user id, and sets nothing.
 */
export function pageViewRoutes(db: Kysely<Tables>) {
  return new Hono().post(
    '/page-view',
    requireJson,
    bodyLimit({ maxSize: 8 * 1024, onError: bodyTooLarge }),
    zValidator('json', PageViewSchema, invalidInput),
    async (c) => {
      const { path, referrer } = c.req.valid('json')
      await db
        .insertInto('page_views')
        .values({ path, referrer, viewed_at: new Date().toISOString() })
        .execute()
      return c.body(null, 204)
    },
  )
}
