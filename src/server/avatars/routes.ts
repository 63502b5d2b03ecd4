import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  AVATAR_ERROR_CODES,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  AVATAR_UPLOAD_TYPES,
  type AvatarAnswer,
  type AvatarRefusal,
} from '../../shared/avatar'
import { AVATAR_RENDITION_FORMATS, type MediaFolder } from '../../shared/avatar-renditions'
import type { BannerAnswer } from '../../shared/banner'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { cacheHeaders, matchesEtag } from '../http/media-caching'
import { apiError, busy } from '../http/errors'
import { SERVER_MESSAGES } from '../http/messages'
import type { Metrics } from '../metrics/metrics'
import { signInRequired, type SessionCheck } from '../sessions/session-check'
import type { ProfileStore } from '../stores/profile-store'
import type { ObjectStorage, StoredObject } from '../storage/object-storage'
import {
  avatarVersion,
  mediaKey,
  mediaUrl,
  RENDITION_CONTENT_TYPES,
  RENDITION_WIDTHS,
  renditionKey,
} from '../storage/avatar-object'
import { removeImage, saveImage } from './avatar-files'
import type { ShareCards } from '../share-cards/share-cards'
import { DecodeQueueFull, type DecodeSlots } from '../http/decode-slots'
import { AvatarRejected, processAvatar, processBanner, type ProcessedImage } from './pipeline'

/** User ids as Better Auth makes them; anything else cannot name a stored avatar. */
const UID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
/** Images decoded at once in this process, and uploads that may wait for a slot (docs/security.md "Abuse limits"). */
export const DECODE_SLOTS = 2
export const DECODE_QUEUE = 8

const refuse = (c: Context, status: ContentfulStatusCode, refused: AvatarRefusal) =>
  apiError(c, status, AVATAR_ERROR_CODES[refused], AVATAR_MESSAGES[refused])

const requireImageType = createMiddleware(async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!AVATAR_UPLOAD_TYPES.some((accepted) => accepted === type)) {
    return refuse(c, 415, 'unsupportedType')
  }
  await next()
})

export interface AvatarDeps {
  profiles: ProfileStore
  sessions: SessionCheck
  storage: ObjectStorage
  publicUrl: string
  limits: RouteLimits
  /**
   * The process's decode slots (decodeSlots(DECODE_SLOTS, DECODE_QUEUE)), one for avatars,
   * banners and share cards alike, so uploads of both together still decode at most
   * DECODE_SLOTS at once.
   */
  decode: DecodeSlots
  /** Told of each new or removed avatar or banner, so the profile's share card follows. */
  cards: Pick<ShareCards, 'refresh'>
  metrics?: Metrics
}

/**
 * What differs between the avatar and the banner: where their files live, the shape an upload
 * is cut to, the answer's fields, and what a missing one says.
 */
interface ImageKind {
  folder: MediaFolder
  process: (upload: Buffer) => Promise<ProcessedImage>
  answer: (url: string, thumbhash: string) => AvatarAnswer | BannerAnswer
  missing: string
}

export const AVATAR_KIND: ImageKind = {
  folder: 'avatars',
  process: processAvatar,
  answer: (avatar, avatarThumbhash) => ({ avatar, avatarThumbhash }) satisfies AvatarAnswer,
  missing: SERVER_MESSAGES.noAvatar,
}

export const BANNER_KIND: ImageKind = {
  folder: 'banners',
  process: processBanner,
  answer: (banner, bannerThumbhash) => ({ banner, bannerThumbhash }) satisfies BannerAnswer,
  missing: SERVER_MESSAGES.noBanner,
}

/** The kind's processing, timed into the metrics when they are on (avatars only). */
function timedProcessing({ folder, process }: ImageKind, metrics: Metrics | undefined) {
  if (metrics === undefined || folder !== 'avatars') return process
  return async (upload: Buffer) => {
    const started = performance.now()
    try {
      return await process(upload)
    } finally {
      metrics.avatarProcessed((performance.now() - started) / 1000)
    }
  }
}

/**
 * The signed-in user's own avatar at /api/me/avatar, or banner at /api/me/banner (docs/api.md
 * "Avatars", "Banners"): upload or remove; no route takes a user id to write.
 */
export function ownImageRoutes(deps: AvatarDeps, kind: ImageKind) {
  const { profiles, sessions, storage, publicUrl, limits, decode, cards } = deps
  // The avatar upload counters are the avatar's; a banner upload is not counted in them.
  const metrics = kind.folder === 'avatars' ? deps.metrics : undefined
  const reencode = timedProcessing(kind, metrics)
  return new Hono()
    .put(
      '/',
      sessions.required,
      // One bucket for avatar and banner uploads (docs/security.md "Abuse limits").
      limits.perUser(LIMITS.avatarUpload),
      requireImageType,
      bodyLimit({
        maxSize: AVATAR_MAX_BYTES,
        onError: (c) => refuse(c, 413, 'tooManyBytes'),
      }),
      async (c) => {
        const uid = c.get('uid')
        const upload = Buffer.from(await c.req.arrayBuffer())
        if (upload.length === 0) return refuse(c, 400, 'empty')
        let image: ProcessedImage
        try {
          image = await decode(() => reencode(upload))
        } catch (error) {
          if (error instanceof DecodeQueueFull) {
            metrics?.avatarUpload('busy')
            return busy(c)
          }
          if (!(error instanceof AvatarRejected)) throw error
          metrics?.avatarUpload('rejected')
          return apiError(c, error.status, error.code, error.message)
        }
        const version = await saveImage(storage, profiles, kind.folder, uid, image)
        // The account was deleted while this ran; nothing of the upload was kept.
        if (version === null) return signInRequired(c)
        metrics?.avatarUpload('stored')
        cards.refresh(uid)
        return c.json(kind.answer(mediaUrl(kind.folder, publicUrl, uid, version), image.thumbhash))
      },
    )
    .delete('/', sessions.required, async (c) => {
      await removeImage(storage, profiles, kind.folder, c.get('uid'))
      cards.refresh(c.get('uid'))
      return c.json(kind.answer('', ''))
    })
}

interface Served {
  etag: string
  /** The version the profile points at, which the URL's ?v= must name to be cached for good. */
  version: string
  stored: StoredObject
  contentType: string
}

function serve(c: Context, { etag, version, stored, contentType }: Served) {
  cacheHeaders(c, etag, version)
  c.header('Last-Modified', stored.lastModified.toUTCString())
  c.header('Content-Type', contentType)
  return c.body(new Uint8Array(stored.body))
}

/** The rendition a name such as `96.avif` stands for in `folder`, or null when there is no such one. */
function renditionNamed(folder: MediaFolder, name: string) {
  for (const px of RENDITION_WIDTHS[folder]) {
    for (const format of AVATAR_RENDITION_FORMATS) {
      if (name === `${px}.${format}`) return { px, format }
    }
  }
  return null
}

/**
 * Anyone's avatar, at /media/avatars/:uid, and its renditions at /media/avatars/:uid/96.avif
 * and so on (the banner likewise under /media/banners/), served through the app so the storage
 * behind them never needs to be public. The profile row, not the storage, says which image is
 * current: a revalidation is then answered without fetching (and on S3 paying for) the image
 * itself.
 */
export function mediaRoutes({ profiles, storage, limits }: AvatarDeps, kind: ImageKind) {
  const { folder } = kind
  const currentVersion = (uid: string) =>
    UID.test(uid) ? profiles.imageVersionOf(folder, uid) : Promise.resolve('')
  const notHere = (c: Context) => apiError(c, 404, 'NOT_FOUND', kind.missing)
  return new Hono()
    .get('/:uid', limits.perAddress(LIMITS.publicRead), async (c) => {
      const uid = c.req.param('uid')
      const version = await currentVersion(uid)
      if (version === '') return notHere(c)
      const etag = `"${version}"`
      if (matchesEtag(c.req.header('If-None-Match'), etag)) {
        cacheHeaders(c, etag, version)
        return c.body(null, 304)
      }
      const stored = await storage.get(mediaKey(folder, uid))
      if (stored === null) return notHere(c)
      // Named by what the file is: between an upload's master write and its profile switch the
      // file is already the new image, which must not be kept for good under the old URL.
      const named = avatarVersion(stored.body)
      // Always a JPEG: only processImage's output is stored under avatars/ and banners/.
      return serve(c, { etag: `"${named}"`, version: named, stored, contentType: 'image/jpeg' })
    })
    .get('/:uid/:rendition', limits.perAddress(LIMITS.publicRead), async (c) => {
      const uid = c.req.param('uid')
      const rendition = renditionNamed(folder, c.req.param('rendition'))
      let version = rendition === null ? '' : await currentVersion(uid)
      if (rendition === null || version === '') return notHere(c)
      const { px, format } = rendition
      const etagOf = (of: string) => `"${of}.${px}.${format}"`
      if (matchesEtag(c.req.header('If-None-Match'), etagOf(version))) {
        cacheHeaders(c, etagOf(version), version)
        return c.body(null, 304)
      }
      let stored = await storage.get(renditionKey(folder, uid, version, px, format))
      if (stored === null) {
        // An upload may have replaced this version (and removed its files) since the read.
        const now = await currentVersion(uid)
        if (now === '') return notHere(c)
        if (now !== version) {
          stored = await storage.get(renditionKey(folder, uid, now, px, format))
        }
        version = now
      }
      if (stored !== null) {
        const contentType = RENDITION_CONTENT_TYPES[format]
        return serve(c, { etag: etagOf(version), version, stored, contentType })
      }
      // An avatar stored before renditions existed has none: the master stands in for them.
      const master = await storage.get(mediaKey(folder, uid))
      if (master === null) return notHere(c)
      return serve(c, { etag: `"${version}"`, version, stored: master, contentType: 'image/jpeg' })
    })
}
