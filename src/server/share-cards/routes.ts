import { Hono, type Context } from 'hono'
import { DecodeQueueFull } from '../http/decode-slots'
import { apiError, busy } from '../http/errors'
import {
  addressSubject,
  LIMITS,
  logThrottled,
  tooManyRequests,
  type Limiter,
  type RouteLimits,
  type Verdict,
} from '../http/limiter'
import { cacheHeaders, matchesEtag } from '../http/media-caching'
import { SERVER_MESSAGES } from '../http/messages'
import type { Logger } from '../logger'
import type { ProfileStore } from '../stores/profile-store'
import { SHARE_CARD_TYPE } from './render-card'
import { shareCardVersion } from './card-versions'
import { CardLimited, type ShareCards } from './share-cards'

/** `{uid}.jpg`, with user ids as Better Auth makes them. */
const CARD_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,127})\.jpg$/
/**
 * Anyone's share card, at /media/cards/{uid}.jpg?v={version} (docs/api.md "Share cards"), the
 * og:image of their /@handle page. The profile row says which card is current: a revalidation
 * is answered without reading storage, and whatever ?v= asks, only the current card is ever
 * made, inside the image slots and the public read limit, and counted against the limits of
 * cards made on request, for the profile's account and for the client's address.
 */
export function shareCardRoutes({
  profiles,
  cards,
  limits,
  limiter,
  clientAddress,
  logger,
}: {
  profiles: Pick<ProfileStore, 'findByUser'>
  cards: ShareCards
  limits: RouteLimits
  limiter: Limiter
  clientAddress: (c: Context) => string
  logger: Logger
}) {
  /** Counts a card to make for `uid` on this request; a refusal is logged. */
  const mayMake = async (c: Context, uid: string): Promise<Verdict> => {
    const ip = clientAddress(c)
    const account = await limiter.hit(LIMITS.cardMakeAccount, uid)
    const verdict = account.allowed
      ? await limiter.hit(LIMITS.cardMakeAddress, addressSubject(ip))
      : account
    if (account.allowed && !verdict.allowed) await limiter.giveBack(LIMITS.cardMakeAccount, uid)
    if (!verdict.allowed) {
      logThrottled(logger, { userId: uid, ip, reqId: c.get('requestId' as never) as string })
    }
    return verdict
  }

  return new Hono().get('/:file', limits.perAddress(LIMITS.publicRead), async (c) => {
    const uid = CARD_FILE.exec(c.req.param('file'))?.[1]
    const row = uid === undefined ? undefined : await profiles.findByUser(uid)
    // A profile without a handle has no page to preview.
    if (row === undefined || (row.username ?? '') === '') {
      return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.notFound)
    }
    const version = shareCardVersion(row)
    if (matchesEtag(c.req.header('If-None-Match'), `"${version}"`)) {
      cacheHeaders(c, `"${version}"`, version)
      return c.body(null, 304)
    }
    let card
    try {
      card = await cards.current(row, () => mayMake(c, row.user_id))
    } catch (error) {
      if (error instanceof CardLimited) {
        return tooManyRequests(c, error.retryAfterSeconds)
      }
      if (!(error instanceof DecodeQueueFull)) throw error
      return busy(c)
    }
    // The current card, or the one stored before when a new one could not be made now.
    cacheHeaders(c, `"${card.version}"`, card.version)
    c.header('Last-Modified', card.lastModified.toUTCString())
    c.header('Content-Type', SHARE_CARD_TYPE)
    return c.body(new Uint8Array(card.body))
  })
}
