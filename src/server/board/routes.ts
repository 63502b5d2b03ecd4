import { Hono, type Context } from 'hono'
import { AnimeIdSchema } from '../../shared/anime'
import {
  BulkMoveSchema,
  BulkRemoveSchema,
  FolderIdSchema,
  FolderPatchSchema,
  LikePatchSchema,
  LikePutSchema,
  NewFolderSchema,
} from '../../shared/board'
import { PinPatchSchema, PinPutSchema } from '../../shared/plans'
import { isMissingUser } from '../db/constraint-errors'
import { apiError } from '../http/errors'
import { jsonBody } from '../http/json-body'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { SERVER_MESSAGES } from '../http/messages'
import { signInRequired, type SessionCheck } from '../sessions/session-check'
import type { BoardRefusal, FoldersStore } from './folders-store'
import type { LikesStore } from './likes-store'
import type { PinsStore } from './pins-store'

export interface BoardDeps {
  likes: LikesStore
  folders: FoldersStore
  pins: PinsStore
  sessions: SessionCheck
  limits: RouteLimits
}

/** A like's or folder's body: a name, a place, a status and a note of 500 characters. */
const BODY_MAX_BYTES = 8 * 1024
/** A bulk body: up to BULK_MAX anime ids of up to 100 characters each. */
const BULK_BODY_MAX_BYTES = 64 * 1024

const noSuchAnime = (c: Context) => apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.noSuchAnime)

/** The answer to a change the board refused (folders-store.ts BoardRefusal). */
function refused(c: Context, refusal: BoardRefusal | 'no-anime') {
  switch (refusal) {
    case 'no-anime':
      return noSuchAnime(c)
    case 'not-found':
      return apiError(c, 404, 'NOT_FOUND', SERVER_MESSAGES.notOnBoard)
    case 'name-taken':
      return apiError(c, 409, 'FOLDER_NAME_TAKEN', SERVER_MESSAGES.folderNameTaken)
    case 'full':
      return apiError(c, 409, 'BOARD_FULL', SERVER_MESSAGES.boardFull)
    case 'folder-limit':
      return apiError(c, 409, 'FOLDER_LIMIT', SERVER_MESSAGES.folderLimit)
    case 'out-of-pins':
      return apiError(c, 409, 'OUT_OF_PINS', SERVER_MESSAGES.outOfPins)
    case 'public-full':
      return apiError(c, 409, 'PUBLIC_FOLDERS_FULL', SERVER_MESSAGES.publicFoldersFull)
  }
}

const isRefusal = (answer: unknown): answer is BoardRefusal | 'no-anime' =>
  typeof answer === 'string'

/** The account was deleted while the request ran: the like's or folder's user is gone. */
async function asUser(c: Context, write: () => Promise<Response>): Promise<Response> {
  try {
    return await write()
  } catch (error) {
    if (isMissingUser(error)) return signInRequired(c)
    throw error
  }
}

/**
 * The signed-in user's hearts and board, at /api/me/likes (docs/api.md "Likes", "The board").
 * Every route acts on the session's own user; none takes a user id, and a folder or like that
 * is not theirs answers 404. PUT and DELETE are idempotent.
 */
export function likeRoutes({ likes, pins, sessions, limits }: BoardDeps) {
  const hearts = limits.perUser(LIMITS.likes)
  const edits = limits.perUser(LIMITS.board)
  return new Hono()
    .get('/', sessions.required, async (c) => c.json(await likes.board(c.get('uid'))))
    .post(
      '/move',
      sessions.required,
      edits,
      jsonBody(BulkMoveSchema, BULK_BODY_MAX_BYTES),
      async (c) => {
        const { ids, folderId } = c.req.valid('json')
        const board = await likes.moveMany(c.get('uid'), ids, folderId)
        return isRefusal(board) ? refused(c, board) : c.json(board)
      },
    )
    .post(
      '/remove',
      sessions.required,
      edits,
      jsonBody(BulkRemoveSchema, BULK_BODY_MAX_BYTES),
      async (c) => {
        const board = await likes.removeMany(c.get('uid'), c.req.valid('json').ids)
        return isRefusal(board) ? refused(c, board) : c.json(board)
      },
    )
    .put(
      '/:id/pin',
      sessions.required,
      edits,
      jsonBody(PinPutSchema, BODY_MAX_BYTES, 'optional'),
      async (c) => {
        const id = AnimeIdSchema.safeParse(c.req.param('id'))
        if (!id.success) return refused(c, 'not-found')
        const pin = await pins.pin(c.get('uid'), id.data, c.req.valid('json').place)
        return isRefusal(pin) ? refused(c, pin) : c.json(pin)
      },
    )
    .patch(
      '/:id/pin',
      sessions.required,
      edits,
      jsonBody(PinPatchSchema, BODY_MAX_BYTES),
      async (c) => {
        const id = AnimeIdSchema.safeParse(c.req.param('id'))
        if (!id.success) return refused(c, 'not-found')
        const pin = await pins.move(c.get('uid'), id.data, c.req.valid('json').place)
        return isRefusal(pin) ? refused(c, pin) : c.json(pin)
      },
    )
    .delete('/:id/pin', sessions.required, edits, async (c) => {
      const id = AnimeIdSchema.safeParse(c.req.param('id'))
      if (!id.success) return refused(c, 'not-found')
      const unpinned = await pins.unpin(c.get('uid'), id.data)
      return unpinned ? c.body(null, 204) : refused(c, 'not-found')
    })
    .put(
      '/:id',
      sessions.required,
      hearts,
      jsonBody(LikePutSchema, BODY_MAX_BYTES, 'optional'),
      async (c) => {
        const id = AnimeIdSchema.safeParse(c.req.param('id'))
        if (!id.success) return noSuchAnime(c)
        return asUser(c, async () => {
          const like = await likes.like(c.get('uid'), id.data, c.req.valid('json'))
          return isRefusal(like) ? refused(c, like) : c.json(like)
        })
      },
    )
    .patch(
      '/:id',
      sessions.required,
      edits,
      jsonBody(LikePatchSchema, BODY_MAX_BYTES),
      async (c) => {
        const id = AnimeIdSchema.safeParse(c.req.param('id'))
        if (!id.success) return refused(c, 'not-found')
        const like = await likes.change(c.get('uid'), id.data, c.req.valid('json'))
        return isRefusal(like) ? refused(c, like) : c.json(like)
      },
    )
    .delete('/:id', sessions.required, hearts, async (c) => {
      const id = AnimeIdSchema.safeParse(c.req.param('id'))
      if (!id.success) return noSuchAnime(c)
      await likes.unlike(c.get('uid'), id.data)
      return c.body(null, 204)
    })
}

/**
 * The signed-in user's board folders, at /api/me/folders (docs/api.md "The board"): made,
 * renamed, moved, made public or private and deleted; names unique per user ignoring case and
 * width.
 */
export function folderRoutes({ folders, sessions, limits }: BoardDeps) {
  const perUser = limits.perUser(LIMITS.board)
  return new Hono()
    .post('/', sessions.required, perUser, jsonBody(NewFolderSchema, BODY_MAX_BYTES), async (c) =>
      asUser(c, async () => {
        const folder = await folders.create(c.get('uid'), c.req.valid('json').name)
        return isRefusal(folder) ? refused(c, folder) : c.json(folder, 201)
      }),
    )
    .patch(
      '/:id',
      sessions.required,
      perUser,
      jsonBody(FolderPatchSchema, BODY_MAX_BYTES),
      async (c) => {
        const id = FolderIdSchema.safeParse(c.req.param('id'))
        if (!id.success) return refused(c, 'not-found')
        const folder = await folders.update(c.get('uid'), id.data, c.req.valid('json'))
        return isRefusal(folder) ? refused(c, folder) : c.json(folder)
      },
    )
    .delete('/:id', sessions.required, perUser, async (c) => {
      const id = FolderIdSchema.safeParse(c.req.param('id'))
      if (!id.success) return refused(c, 'not-found')
      const removed = await folders.remove(c.get('uid'), id.data)
      return removed === 'removed' ? c.body(null, 204) : refused(c, removed)
    })
}
