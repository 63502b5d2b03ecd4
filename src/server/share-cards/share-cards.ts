import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Selectable } from 'kysely'
import { ACCENT_NAMES, FRAMES, type Accent, type Frame } from '../../shared/profile-fields'
import { decodeSlots, DecodeQueueFull } from '../avatars/decode-slots'
import type { ProfilesTable } from '../db/tables'
import type { Verdict } from '../http/limiter'
import type { Logger } from '../logger'
import type { CardCause, Metrics } from '../metrics/metrics'
import type { ProfileStore } from '../profiles/profile-store'
import { mediaKey, renditionKey } from '../storage/avatar-object'
import type { MediaFolder } from '../../shared/avatar-renditions'
import type { ObjectStorage } from '../storage/object-storage'
import { renderShareCard, SHARE_CARD_TYPE } from './render-card'

/**
 * Each profile's share card (docs/architecture.md "Share cards"): one file per profile,
 * `cards/{uid}`, replaced when the card's inputs change, its version written inside it. The
 * version is a hash of what the card shows, so the page's og:image names it from the profile
 * row alone, and the card route knows without rendering whether the stored one is current.
 */

type ProfileRow = Selectable<ProfilesTable>
/** What a card is made from; each input is part of its version. */
export type CardRow = Pick<
  ProfileRow,
  | 'user_id'
  | 'name'
  | 'username'
  | 'display_username'
  | 'accent'
  | 'frame'
  | 'avatar_version'
  | 'banner_version'
>

/** Raised when the card's drawing changes, so every stored card is made again. */
const CARD_DESIGN = 1

export const shareCardKey = (uid: string) => `cards/${uid}`

/** The card's version: the first 16 hex digits of the SHA-256 of its inputs. */
export function shareCardVersion(row: CardRow): string {
  const inputs = [
    CARD_DESIGN,
    row.name,
    row.display_username ?? row.username ?? '',
    row.accent,
    row.frame,
    row.avatar_version,
    row.banner_version,
  ]
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16)
}

/** The address of the profile's current card, from today's PUBLIC_URL. */
export const shareCardUrl = (publicUrl: string, row: CardRow) =>
  `${publicUrl}/media/cards/${encodeURIComponent(row.user_id)}.jpg?v=${shareCardVersion(row)}`

/**
 * The version travels inside the stored JPEG, in a comment segment right after its start: the
 * storage keeps no metadata of its own, and one key per profile leaves no old card behind.
 */
const COMMENT = 'mofu-card '

function withVersion(jpeg: Buffer, version: string): Buffer {
  const text = Buffer.from(`${COMMENT}${version}`, 'latin1')
  const length = Buffer.alloc(2)
  length.writeUInt16BE(text.length + 2)
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    text,
    jpeg.subarray(2),
  ])
}

/** The version a stored card was made for, '' when it carries none. */
export function storedCardVersion(jpeg: Buffer): string {
  if (jpeg.length < 6 || jpeg[2] !== 0xff || jpeg[3] !== 0xfe) return ''
  const text = jpeg.subarray(6, 4 + jpeg.readUInt16BE(4)).toString('latin1')
  return text.startsWith(COMMENT) ? text.slice(COMMENT.length) : ''
}

/** The frames and the default Mofu, read from the site's files (public/ or the built client). */
export interface CardArt {
  frame(name: string): Buffer | null
  mascot: Buffer
}

/**
 * The card art in the first folder that has it (the built client, or public/ beside the
 * sources), read when the first card is made: a server serving the API alone has none, and
 * makes no cards.
 */
export function cardArt(folders: readonly string[]): () => CardArt {
  let art: CardArt | undefined
  return () => {
    if (art !== undefined) return art
    const folder = folders.find((dir) => fs.existsSync(path.join(dir, 'images', 'mofurun.png')))
    if (folder === undefined) {
      throw new Error(`no card art (images/mofurun.png) in ${folders.join(', ')}`)
    }
    const frames = new Map(
      FRAMES.map((frame) => [frame, fs.readFileSync(path.join(folder, 'frames', `${frame}.svg`))]),
    )
    art = {
      frame: (name) => frames.get(name as Frame) ?? null,
      mascot: fs.readFileSync(path.join(folder, 'images', 'mofurun.png')),
    }
    return art
  }
}

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

/** Cards waiting for their turn of the cards' share of a core; past that, DecodeQueueFull. */
const TURNS_QUEUE = 8
/**
 * The most of a card's time its rest counts. A card's own work is bounded (8 font files,
 * pictures of bounded size, a fraction of this on a slow machine): one that took longer was
 * waiting (a busy machine, the text thread starting), and a longer rest would only hold back
 * the cards after it.
 */
const COUNTED_MS = 1000

/**
 * One card at a time, each followed by a rest of three times its length before the next one,
 * whoever asked for it: cards take at most a quarter of a core over time, and the other three
 * quarters are the requests'. The card is answered before its rest.
 */
function cardTurns() {
  const oneAtATime = decodeSlots(1, TURNS_QUEUE)
  return <T>(work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      oneAtATime(async () => {
        const started = performance.now()
        await work().then(resolve, reject)
        const counted = Math.min(performance.now() - started, COUNTED_MS)
        await sleep(3 * counted, undefined, { ref: false })
      }).catch(reject)
    })
}

export interface ShareCardDeps {
  storage: ObjectStorage
  profiles: Pick<ProfileStore, 'findByUser'>
  art: () => CardArt
  /** The process's image slots, shared with avatar uploads (avatars/decode-slots.ts). */
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
