import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Kysely } from 'kysely'
import {
  AVATAR_ERROR_CODES,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  AVATAR_UPLOAD_TYPES,
  type AvatarAnswer,
  type AvatarRefusal,
} from '../../shared/avatar'
import type { Auth } from '../auth'
import type { Tables } from '../db/tables'
import { apiError } from '../http/errors'
import { requireSession, signInRequired } from '../http/session'
import { isMissingUser, loadOrCreateProfile } from '../profiles/routes'
import type { ObjectStorage } from '../storage/object-storage'
import { avatarKey, avatarUrl, avatarVersion } from './avatar-object'
import { AvatarRejected, processAvatar } from './pipeline'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'public, no-cache'
/** User ids as Better Auth makes them; anything else cannot name a stored avatar. */
const UID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

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
  db: Kysely<Tables>
  auth: Auth
  storage: ObjectStorage
  publicUrl: string
}

/**
 * Avatars (SPEC 4 "Avatar flow", 7 "Storage"): the signed-in user uploads or resets their own
 * avatar (no route takes a user id to write), and anyone may fetch one through the app, so the
 * storage behind it never needs to be public.
 */
export function avatarRoutes({ db, auth, storage, publicUrl }: AvatarDeps) {
  const setAvatar = async (uid: string, avatar: string) => {
    await loadOrCreateProfile(db, uid)
    await db
      .updateTable('profiles')
      .set({ avatar, updated_at: new Date().toISOString() })
      .where('user_id', '=', uid)
      .execute()
  }

  return new Hono()
    .put(
      '/api/me/avatar',
      requireSession(auth),
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
          jpeg = await processAvatar(upload)
        } catch (error) {
          if (!(error instanceof AvatarRejected)) throw error
          return apiError(c, error.status, error.code, error.message)
        }
        await storage.put(avatarKey(uid), jpeg, 'image/jpeg')
        const avatar = avatarUrl(publicUrl, uid, avatarVersion(jpeg))
        try {
          await setAvatar(uid, avatar)
        } catch (error) {
          if (!isMissingUser(error)) throw error
          // The account was deleted while this ran: leave no file behind it.
          await storage.delete(avatarKey(uid))
          return signInRequired(c)
        }
        return c.json({ avatar } satisfies AvatarAnswer)
      },
    )
    .delete('/api/me/avatar', requireSession(auth), async (c) => {
      const uid = c.get('uid')
      // The field first: should the file survive a failure, nothing points to it any more.
      await db
        .updateTable('profiles')
        .set({ avatar: '', updated_at: new Date().toISOString() })
        .where('user_id', '=', uid)
        .execute()
      await storage.delete(avatarKey(uid))
      return c.json({ avatar: '' } satisfies AvatarAnswer)
    })
    .get('/media/avatars/:uid', async (c) => {
      const uid = c.req.param('uid')
      const stored = UID.test(uid) ? await storage.get(avatarKey(uid)) : null
      if (stored === null) return apiError(c, 404, 'NOT_FOUND', 'No avatar here.')
      // Only the URL of the current image may be kept for good; any other revalidates.
      const current = c.req.query('v') === avatarVersion(stored.body)
      c.header('Cache-Control', current ? IMMUTABLE : REVALIDATE)
      c.header('ETag', stored.etag)
      c.header('Last-Modified', stored.lastModified.toUTCString())
      // The app's pages may show it from a sibling origin too (Vite's dev server on its own port).
      c.header('Cross-Origin-Resource-Policy', 'same-site')
      if (matchesEtag(c.req.header('If-None-Match'), stored.etag)) return c.body(null, 304)
      // Always a JPEG: only processAvatar's output is stored under avatars/.
      c.header('Content-Type', 'image/jpeg')
      return c.body(new Uint8Array(stored.body))
    })
}
