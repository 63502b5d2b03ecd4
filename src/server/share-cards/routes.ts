import { Hono } from 'hono'
import { DecodeQueueFull } from '../avatars/decode-slots'
import { apiError } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { cacheHeaders, matchesEtag } from '../http/media-caching'
import { SERVER_MESSAGES } from '../http/messages'
import type { ProfileStore } from '../profiles/profile-store'
import { SHARE_CARD_TYPE } from './render-card'
import { shareCardVersion, type ShareCards } from './share-cards'

/** `{uid}.jpg`, with user ids as Better Auth makes them. */
const CARD_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,127})\.jpg$/
const BUSY_RETRY_AFTER_S = 5

/**
 * Anyone's share card, at /media/cards/{uid}.jpg?v={version} (docs/api.md "Share cards"), the
 * og:image of their /@handle page. The profile row says which card is current: a revalidation
 * is answered without reading storage, and whatever ?v= asks, only the current card is ever
 * made, inside the image slots and the public read limit.
 */
export function shareCardRoutes({
  profiles,
  cards,
  limits,
}: {
  profiles: Pick<ProfileStore, 'findByUser'>
  cards: ShareCards
  limits: RouteLimits
}) {
  return new Hono().get('/:file', limits.perAddress(LIMITS.publicRead), async (c) => {
    const uid = CARD_FILE.exec(c.req.param('file'))?.[1]
    const row = uid === undefined ? undefined : await profiles.findByUser(uid)
    // A profile without a handle has no page to preview.
    if (row === undefined || (row.username ?? '') === '') {
      return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.notFound)
    }
    const version = shareCardVersion(row)
    const etag = `"${version}"`
    if (matchesEtag(c.req.header('If-None-Match'), etag)) {
      cacheHeaders(c, etag, version)
      return c.body(null, 304)
    }
    let card
    try {
      card = await cards.current(row)
    } catch (error) {
      if (!(error instanceof DecodeQueueFull)) throw error
      c.header('Retry-After', String(BUSY_RETRY_AFTER_S))
      return apiError(c, 503, 'BUSY', SERVER_MESSAGES.busy)
    }
    cacheHeaders(c, etag, version)
    c.header('Last-Modified', card.lastModified.toUTCString())
    c.header('Content-Type', SHARE_CARD_TYPE)
    return c.body(new Uint8Array(card.body))
  })
}
