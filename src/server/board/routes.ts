import { Hono, type Context } from 'hono'
import { AnimeIdSchema } from '../../shared/anime'
import type { Board } from '../../shared/board'
import { isMissingUser } from '../db/constraint-errors'
import { apiError } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { SERVER_MESSAGES } from '../http/messages'
import { signInRequired, type SessionCheck } from '../sessions/session-check'
import type { LikesStore } from './likes-store'

export interface BoardDeps {
  likes: LikesStore
  sessions: SessionCheck
  limits: RouteLimits
}

const noSuchAnime = (c: Context) => apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.noSuchAnime)

/**
 * The signed-in user's hearts, at /api/me/likes (docs/api.md "Likes"). Every route acts on the
 * session's own user; none takes a user id. PUT and DELETE are idempotent.
 */
export function likeRoutes({ likes, sessions, limits }: BoardDeps) {
  return new Hono()
    .get('/', sessions.required, async (c) =>
      c.json({ folders: [], likes: await likes.list(c.get('uid')) } satisfies Board),
    )
    .put('/:id', sessions.required, limits.perUser(LIMITS.likes), async (c) => {
      const id = AnimeIdSchema.safeParse(c.req.param('id'))
      if (!id.success) return noSuchAnime(c)
      try {
        const like = await likes.like(c.get('uid'), id.data)
        return like === undefined ? noSuchAnime(c) : c.json(like)
      } catch (error) {
        // The account was deleted while this request ran.
        if (isMissingUser(error)) return signInRequired(c)
        throw error
      }
    })
    .delete('/:id', sessions.required, limits.perUser(LIMITS.likes), async (c) => {
      const id = AnimeIdSchema.safeParse(c.req.param('id'))
      if (!id.success) return noSuchAnime(c)
      await likes.unlike(c.get('uid'), id.data)
      return c.body(null, 204)
    })
}
