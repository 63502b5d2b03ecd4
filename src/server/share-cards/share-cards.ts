import { ACCENT_NAMES, type Accent } from '../../shared/profile-fields'
import { DecodeQueueFull } from '../http/decode-slots'
import type { Verdict } from '../http/limiter'
import type { Logger } from '../logger'
import type { CardCause, Metrics } from '../metrics/metrics'
import type { ProfileStore } from '../stores/profile-store'
import { mediaKey, renditionKey } from '../storage/avatar-object'
import type { MediaFolder } from '../../shared/avatar-renditions'
import type { ObjectStorage } from '../storage/object-storage'
import type { CardArt } from './card-art'
import { cardTurns } from './card-turns'
import {
  type CardRow,
  shareCardKey,
  shareCardVersion,
  storedCardVersion,
  withVersion,
} from './card-versions'
import { renderShareCard, SHARE_CARD_TYPE } from './render-card'

/**
 * Each profile's share card (docs/architecture.md "Share cards"): one file per profile,
 * `cards/{uid}`, replaced when the card's inputs change, its version written inside it. The
 * version is a hash of what the card shows, so the page's og:image names it from the profile
 * row alone, and the card route knows without rendering whether the stored one is current.
 */

export interface StoredCard {
  body: Buffer
  version: string
  lastModified: Date
}

/** Thrown for a card a request asked for past its limits: the route answers 429. */
export class CardLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many share cards made on request')
    this.name = 'CardLimited'
  }
}

export interface ShareCardDeps {
  storage: ObjectStorage
  profiles: Pick<ProfileStore, 'findByUser'>
  art: () => CardArt
  /** The process's image slots, shared with avatar uploads (http/decode-slots.ts). */
  decode: <T>(work: () => Promise<T>) => Promise<T>
  logger: Logger
  metrics?: Metrics
}

export function shareCards({ storage, profiles, art, decode, logger, metrics }: ShareCardDeps) {
  /** Renders in flight by card version: a burst of requests for a new card makes it once. */
  const making = new Map<string, Promise<StoredCard>>()
  const turn = cardTurns()

  /**
   * One of the profile's images as the card draws it: a rendition wide enough for its place on
   * the card (quicker to decode than the master), else the master; null when there is none.
   */
  async function imageOf(
    row: CardRow,
    folder: MediaFolder,
    version: string,
    px: number,
  ): Promise<Buffer | null> {
    if (version === '') return null
    const rendition = await storage.get(renditionKey(folder, row.user_id, version, px, 'webp'))
    const stored = rendition ?? (await storage.get(mediaKey(folder, row.user_id)))
    return stored?.body ?? null
  }

  async function render(row: CardRow, version: string, cause: CardCause): Promise<StoredCard> {
    // The avatar's 384 px rendition is plenty for the card's 208 px; the banner's 1200 px, for
    // the card's width.
    const [avatar, banner] = await Promise.all([
      imageOf(row, 'avatars', row.avatar_version, 384),
      imageOf(row, 'banners', row.banner_version, 1200),
    ])
    const jpeg = await decode(() =>
      renderShareCard({
        name: row.name,
        handle: row.display_username ?? row.username ?? '',
        accent: ACCENT_NAMES.includes(row.accent as Accent) ? (row.accent as Accent) : '',
        frame: art().frame(row.frame),
        avatar: avatar ?? art().mascot,
        banner,
      }),
    )
    const body = withVersion(jpeg, version)
    const key = shareCardKey(row.user_id)
    await storage.put(key, body, SHARE_CARD_TYPE)
    metrics?.shareCardMade(cause)
    // The account went while this ran: its deletion may have come before this write.
    if ((await profiles.findByUser(row.user_id)) === undefined) await storage.delete(key)
    return { body, version, lastModified: new Date() }
  }

  /**
   * Renders and stores the card of this version in its turn, once however many ask at the same
   * time. For a request, `mayMake` first counts it against the limits of cards made on request
   * (a refusal throws CardLimited); whoever asks while it is made shares that answer.
   */
  function make(
    row: CardRow,
    version: string,
    mayMake?: () => Promise<Verdict>,
  ): Promise<StoredCard> {
    const key = `${row.user_id}\n${version}`
    let made = making.get(key)
    if (made === undefined) {
      made = (async () => {
        if (mayMake !== undefined) {
          const verdict = await mayMake()
          if (!verdict.allowed) throw new CardLimited(verdict.retryAfterSeconds)
        }
        return turn(() => render(row, version, mayMake === undefined ? 'change' : 'request'))
      })().finally(() => making.delete(key))
      making.set(key, made)
    }
    return made
  }

  /** The profile's stored card, of whichever version it is, else null. */
  async function storedOf(row: CardRow): Promise<StoredCard | null> {
    const stored = await storage.get(shareCardKey(row.user_id))
    if (stored === null) return null
    const version = storedCardVersion(stored.body)
    return { body: stored.body, version, lastModified: stored.lastModified }
  }

  /** Profiles changed less than SETTLE_MS ago, by user id. */
  const pending = new Map<string, NodeJS.Timeout>()
  /** Settled profiles whose card the background worker makes next, in order. */
  const queued = new Set<string>()
  let working = false
  /** Makes the card of the profile as it is now, unless the stored one is of it already. */
  const makeCurrent = (uid: string) =>
    (async () => {
      const row = await profiles.findByUser(uid)
      if (row === undefined || (row.username ?? '') === '') return
      const version = shareCardVersion(row)
      if ((await storedOf(row))?.version !== version) await make(row, version)
    })().catch((error: unknown) => logger.warn({ err: error, uid }, 'share card not made'))

  /** Makes the queued cards one at a time, each in its turn (cardTurns). */
  async function work() {
    if (working) return
    working = true
    try {
      // A Set's loop also meets the profiles queued while it runs.
      for (const uid of queued) {
        queued.delete(uid)
        await makeCurrent(uid)
      }
    } finally {
      working = false
    }
  }

  return {
    /**
     * The profile's current card: the stored one, or made now when the stored one is of other
     * inputs or missing (a change another instance made, a make that failed), counted against
     * the limits by `mayMake` and in the same turns as the cards made after a change. Only ever
     * the current version is made. When the limits refuse (CardLimited) or the turns or image
     * slots are all taken (DecodeQueueFull), the card stored before answers if there is one;
     * else those are thrown.
     */
    async current(row: CardRow, mayMake: () => Promise<Verdict>): Promise<StoredCard> {
      const version = shareCardVersion(row)
      const stored = await storedOf(row)
      if (stored?.version === version) return stored
      try {
        return await make(row, version, mayMake)
      } catch (error) {
        const refused = error instanceof CardLimited || error instanceof DecodeQueueFull
        if (refused && stored !== null) return stored
        throw error
      }
    },

    /**
     * After a change of the profile or its avatar: the new card is made while nobody waits,
     * replacing the old one, once the profile has been left alone for SETTLE_MS (a burst of
     * saves makes one card), one card at a time in the cards' turns, which those made on
     * request share: at most a quarter of a core's time. So cards never hold more than one of
     * the image slots' places, and neither saves nor requests for cards can crowd out uploads
     * or other requests; past PENDING_MAX profiles waiting, or on a failure (logged), the card
     * route makes the card when first asked.
     */
    refresh(uid: string): void {
      const waiting = pending.get(uid)
      if (waiting === undefined && pending.size >= PENDING_MAX) return
      clearTimeout(waiting)
      const timer = setTimeout(() => {
        pending.delete(uid)
        if (queued.size < PENDING_MAX) queued.add(uid)
        void work()
      }, SETTLE_MS)
      // A server stopping does not wait for it: the route makes what was not made.
      timer.unref()
      pending.set(uid, timer)
    },
  }
}

/** How long a profile is left alone before its new card is made. */
const SETTLE_MS = 1000
/** Profiles whose card waits to be made at most; past that the route makes theirs. */
const PENDING_MAX = 1000

export type ShareCards = ReturnType<typeof shareCards>

/** Removes a profile's card, for the account's deletion. */
export const removeShareCard = (storage: ObjectStorage, uid: string) =>
  storage.delete(shareCardKey(uid))
