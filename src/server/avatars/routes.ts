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
import { AVATAR_RENDITION_FORMATS, AVATAR_RENDITION_PX } from '../../shared/avatar-renditions'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { apiError } from '../http/errors'
import { SERVER_MESSAGES } from '../http/messages'
import type { Metrics } from '../metrics/metrics'
import { signInRequired, type SessionCheck } from '../sessions/session-check'
import type { ProfileStore } from '../profiles/profile-store'
import type { ObjectStorage, StoredObject } from '../storage/object-storage'
import {
  avatarKey,
  avatarRenditionKey,
  avatarUrl,
  avatarVersion,
  RENDITION_CONTENT_TYPES,
} from '../storage/avatar-object'
import { resetAvatar, saveAvatar } from './avatar-files'
import { DecodeQueueFull, decodeSlots } from './decode-slots'
import { AvatarRejected, processAvatar, type ProcessedAvatar } from './pipeline'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, no-cache'
/** User ids as Better Auth makes them; anything else cannot name a stored avatar. */
const UID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
/** Images decoded at once in this process, and uploads that may wait for a slot (docs/security.md "Abuse limits"). */
export const DECODE_SLOTS = 2
export const DECODE_QUEUE = 8
const BUSY_RETRY_AFTER_S = 5

const refuse = (c: Context, status: ContentfulStatusCode, refused: AvatarRefusal) =>
  apiError(c, status, AVATAR_ERROR_CODES[refused], AVATAR_MESSAGES[refused])

const requireImageType = createMiddleware(async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!AVATAR_UPLOAD_TYPES.some((accepted) => accepted === type)) {
    return refuse(c, 415, 'unsupportedType')
  }
  await next()
})

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

export interface AvatarDeps {
  profiles: ProfileStore
  sessions: SessionCheck
  storage: ObjectStorage
  publicUrl: string
  limits: RouteLimits
  metrics?: Metrics
}

/** processAvatar, timed into the metrics when they are on. */
function avatarProcessing(metrics: Metrics | undefined): typeof processAvatar {
  if (metrics === undefined) return processAvatar
  return async (upload) => {
    const started = performance.now()
    try {
      return await processAvatar(upload)
    } finally {
      metrics.avatarProcessed((performance.now() - started) / 1000)
    }
  }
}

/**
 * The signed-in user's own avatar, at /api/me/avatar (docs/api.md "Avatars"): upload or reset;
 * no route takes a user id to write.
 */
export function ownAvatarRoutes(deps: AvatarDeps) {
  const { profiles, sessions, storage, publicUrl, limits, metrics } = deps
  const decode = decodeSlots(DECODE_SLOTS, DECODE_QUEUE)
  const reencode = avatarProcessing(metrics)
  return new Hono()
    .put(
      '/',
      sessions.required,
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
        let avatar: ProcessedAvatar
        try {
          avatar = await decode(() => reencode(upload))
        } catch (error) {
          if (error instanceof DecodeQueueFull) {
            metrics?.avatarUpload('busy')
            c.header('Retry-After', String(BUSY_RETRY_AFTER_S))
            return apiError(c, 503, 'BUSY', SERVER_MESSAGES.busy)
          }
          if (!(error instanceof AvatarRejected)) throw error
          metrics?.avatarUpload('rejected')
          return apiError(c, error.status, error.code, error.message)
        }
        const version = await saveAvatar(storage, profiles, uid, avatar)
        // The account was deleted while this ran; nothing of the upload was kept.
        if (version === null) return signInRequired(c)
        metrics?.avatarUpload('stored')
        return c.json({
          avatar: avatarUrl(publicUrl, uid, version),
          avatarThumbhash: avatar.thumbhash,
        } satisfies AvatarAnswer)
      },
    )
    .delete('/', sessions.required, async (c) => {
      await resetAvatar(storage, profiles, c.get('uid'))
      return c.json({ avatar: '', avatarThumbhash: '' } satisfies AvatarAnswer)
    })
}

interface Served {
  etag: string
  /** The version the profile points at, which the URL's ?v= must name to be cached for good. */
  version: string
  stored: StoredObject
  contentType: string
}

/** An image with its caching headers: only the URL of the current image is kept for good. */
function cacheHeaders(c: Context, etag: string, version: string) {
  c.header('Cache-Control', c.req.query('v') === version ? IMMUTABLE : REVALIDATE)
  c.header('ETag', etag)
  // The app's pages may show it from a sibling origin too (Vite's dev server on its port).
  c.header('Cross-Origin-Resource-Policy', 'same-site')
}

function serve(c: Context, { etag, version, stored, contentType }: Served) {
  cacheHeaders(c, etag, version)
  c.header('Last-Modified', stored.lastModified.toUTCString())
  c.header('Content-Type', contentType)
  return c.body(new Uint8Array(stored.body))
}

/** The rendition a name such as `96.avif` stands for, or null when there is no such one. */
function renditionNamed(name: string) {
  for (const px of AVATAR_RENDITION_PX) {
    for (const format of AVATAR_RENDITION_FORMATS) {
      if (name === `${px}.${format}`) return { px, format }
    }
  }
  return null
}

/**
 * Anyone's avatar, at /media/avatars/:uid, and its renditions at /media/avatars/:uid/96.avif
 * and so on, served through the app so the storage behind them never needs to be public. The
 * profile row, not the storage, says which image is current: a revalidation is then answered
 * without fetching (and on S3 paying for) the image itself.
 */
export function avatarMediaRoutes({ profiles, storage, limits }: AvatarDeps) {
  const currentVersion = (uid: string) =>
    UID.test(uid) ? profiles.avatarVersionOf(uid) : Promise.resolve('')
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
      const stored = await storage.get(avatarKey(uid))
      if (stored === null) return notHere(c)
      // Named by what the file is: between an upload's master write and its profile switch the
      // file is already the new image, which must not be kept for good under the old URL.
      const named = avatarVersion(stored.body)
      // Always a JPEG: only processAvatar's output is stored under avatars/.
      return serve(c, { etag: `"${named}"`, version: named, stored, contentType: 'image/jpeg' })
    })
    .get('/:uid/:rendition', limits.perAddress(LIMITS.publicRead), async (c) => {
      const uid = c.req.param('uid')
      const rendition = renditionNamed(c.req.param('rendition'))
      let version = rendition === null ? '' : await currentVersion(uid)
      if (rendition === null || version === '') return notHere(c)
      const { px, format } = rendition
      const etagOf = (of: string) => `"${of}.${px}.${format}"`
      if (matchesEtag(c.req.header('If-None-Match'), etagOf(version))) {
        cacheHeaders(c, etagOf(version), version)
        return c.body(null, 304)
      }
      let stored = await storage.get(avatarRenditionKey(uid, version, px, format))
      if (stored === null) {
        // An upload may have replaced this version (and removed its files) since the read.
        const now = await currentVersion(uid)
        if (now === '') return notHere(c)
        if (now !== version) stored = await storage.get(avatarRenditionKey(uid, now, px, format))
        version = now
      }
      if (stored !== null) {
        const contentType = RENDITION_CONTENT_TYPES[format]
        return serve(c, { etag: etagOf(version), version, stored, contentType })
      }
      // An avatar stored before renditions existed has none: the master stands in for them.
      const master = await storage.get(avatarKey(uid))
      if (master === null) return notHere(c)
      return serve(c, { etag: `"${version}"`, version, stored: master, contentType: 'image/jpeg' })
    })
}

const notHere = (c: Context) => apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.noAvatar)
