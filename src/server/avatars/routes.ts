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
import { LIMITS, type RouteLimits } from '../http/limiter'
import { apiError } from '../http/errors'
import type { Metrics } from '../metrics/metrics'
import { signInRequired, type SessionCheck } from '../http/session'
import { isMissingUser, type ProfileStore } from '../profiles/profile-store'
import type { ObjectStorage } from '../storage/object-storage'
import { avatarKey, avatarUrl, avatarVersion } from '../storage/avatar-object'
import { DecodeQueueFull, decodeSlots } from './decode-slots'
import { AvatarRejected, processAvatar } from './pipeline'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, no-cache'
/** User ids as Better Auth makes them; anything else cannot name a stored avatar. */
const UID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/
/** Images decoded at once in this process, and uploads that may wait for a slot (README). */
export const DECODE_SLOTS = 2
export const DECODE_QUEUE = 8
const BUSY_RETRY_AFTER_S = 5
const BUSY_MESSAGE = 'Mofu is busy with other images right now. Please try again in a moment.'

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
 * The signed-in user's own avatar, at /api/me/avatar (SPEC 4 "Avatar flow", 7 "Storage"): upload
 * or reset; no route takes a user id to write.
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
        let jpeg: Buffer
        try {
          jpeg = await decode(() => reencode(upload))
        } catch (error) {
          if (error instanceof DecodeQueueFull) {
            metrics?.avatarUpload('busy')
            c.header('Retry-After', String(BUSY_RETRY_AFTER_S))
            return apiError(c, 503, 'BUSY', BUSY_MESSAGE)
          }
          if (!(error instanceof AvatarRejected)) throw error
          metrics?.avatarUpload('rejected')
          return apiError(c, error.status, error.code, error.message)
        }
        await storage.put(avatarKey(uid), jpeg, 'image/jpeg')
        metrics?.avatarUpload('stored')
        const version = avatarVersion(jpeg)
        try {
          await profiles.loadOrCreate(uid)
          await profiles.setAvatarVersion(uid, version)
        } catch (error) {
          if (!isMissingUser(error)) throw error
          // The account was deleted while this ran: leave no file behind it.
          await storage.delete(avatarKey(uid))
          return signInRequired(c)
        }
        return c.json({ avatar: avatarUrl(publicUrl, uid, version) } satisfies AvatarAnswer)
      },
    )
    .delete('/', sessions.required, async (c) => {
      const uid = c.get('uid')
      // The field first: should the file survive a failure, nothing points to it any more.
      await profiles.setAvatarVersion(uid, '')
      await storage.delete(avatarKey(uid))
      return c.json({ avatar: '' } satisfies AvatarAnswer)
    })
}

/**
 * Anyone's avatar, at /media/avatars/:uid, served through the app so the storage behind it
 * never needs to be public.
 */
export function avatarMediaRoutes({ profiles, storage, limits }: AvatarDeps) {
  return new Hono().get('/:uid', limits.perAddress(LIMITS.publicRead), async (c) => {
    const uid = c.req.param('uid')
    const notHere = () => apiError(c, 404, 'NOT_FOUND', 'No avatar here.')
    // The profile row, not the object, says which image is current: a revalidation is then
    // answered without fetching (and on S3 paying for) the image itself.
    const version = UID.test(uid) ? await profiles.avatarVersionOf(uid) : ''
    if (version === '') return notHere()
    const etag = `"${version}"`
    const cacheHeaders = () => {
      // Only the URL of the current image may be kept for good; any other revalidates.
      c.header('Cache-Control', c.req.query('v') === version ? IMMUTABLE : REVALIDATE)
      c.header('ETag', etag)
      // The app's pages may show it from a sibling origin too (Vite's dev server on its port).
      c.header('Cross-Origin-Resource-Policy', 'same-site')
    }
    if (matchesEtag(c.req.header('If-None-Match'), etag)) {
      cacheHeaders()
      return c.body(null, 304)
    }
    const stored = await storage.get(avatarKey(uid))
    if (stored === null) return notHere()
    cacheHeaders()
    c.header('Last-Modified', stored.lastModified.toUTCString())
    // Always a JPEG: only processAvatar's output is stored under avatars/.
    c.header('Content-Type', 'image/jpeg')
    return c.body(new Uint8Array(stored.body))
  })
}
