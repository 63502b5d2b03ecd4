// zod/mini, not zod: the board loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { AnimeIdSchema, LIKE_STATUSES, LikeSchema } from './anime'
import { typedText } from './typed-text'

/**
 * The board (/favorites, docs/using.md "The board"): the titles a user likes, in folders they
 * name and order by hand, each with a status and a private note. Shared by the board's client
 * and its routes (server board/).
 */

export const LIKE_NOTE_MAX_LENGTH = 500
export const FOLDER_NAME_MAX_LENGTH = 40
/** Beyond any hand-made board; plans (plans.ts) may set lower limits of their own. */
export const FOLDERS_MAX = 200
/** Public folders the free plan allows at once unless the operator configures otherwise (PLANS). */
export const PUBLIC_FOLDERS_FREE = 5
export const LIKES_MAX = 10_000
/** Titles one bulk move or removal names at most. */
export const BULK_MAX = 500

export const BOARD_MESSAGES = {
  noteTooLong: `At most ${LIKE_NOTE_MAX_LENGTH} characters`,
  folderNameEmpty: 'Please give the folder a name',
  folderNameTooLong: `At most ${FOLDER_NAME_MAX_LENGTH} characters`,
} as const

export const LikeNoteSchema = typedText(LIKE_NOTE_MAX_LENGTH, BOARD_MESSAGES.noteTooLong, {
  lineBreaks: true,
})

export const FolderNameSchema = z.pipe(
  typedText(FOLDER_NAME_MAX_LENGTH, BOARD_MESSAGES.folderNameTooLong, { lineBreaks: false }),
  z.string().check(z.minLength(1, BOARD_MESSAGES.folderNameEmpty)),
)

/** A folder id, as the server makes them. */
export const FolderIdSchema = z.string().check(z.minLength(1), z.maxLength(64))

export const FolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its place among the user's folders: folders sort by this key, then by id. */
  orderKey: z.string(),
  createdAt: z.string(),
  /** Shown to anyone at /@handle and at /@handle/slug; false (the default) keeps it the owner's. */
  public: z.boolean(),
  /** The last part of its public address, from its name (folderSlug), unique per user. */
  slug: z.string(),
})
export type Folder = z.infer<typeof FolderSchema>

/**
 * GET /api/me/likes: the whole board, folders in order, likes folder by folder in order, and
 * the pinned titles' anime ids in their own order (each pinned like has its pinKey). Absent
 * reads as none pinned: a server of the release before pins answers without it.
 */
export const BoardSchema = z.object({
  folders: z.array(FolderSchema),
  likes: z.array(LikeSchema),
  pinned: z._default(z.array(z.string()), []),
})
export type Board = z.infer<typeof BoardSchema>

/**
 * Where a moved folder or like goes: right after `after` (a folder id, or an anime id in the
 * target folder), or first when `after` is null. Named by a neighbour, never by a number, so
 * two tabs moving at once each land where they meant and nothing is lost or doubled.
 */
export const PlaceSchema = z.object({ after: z.nullable(z.string().check(z.maxLength(100))) })

/** POST /api/me/folders: a new folder, placed last. */
export const NewFolderSchema = z.object({ name: FolderNameSchema })

/** PATCH /api/me/folders/:id: rename, move, make public or private, any of them at once. */
export const FolderPatchSchema = z.object({
  name: z.optional(FolderNameSchema),
  place: z.optional(PlaceSchema),
  public: z.optional(z.boolean()),
})

/** The slug of a name made only of signs and symbols ("★☆★"). */
const FALLBACK_SLUG = 'folder'

/**
 * The last part of a public folder's address, from its name (docs/using.md "Public folders"):
 * NFKC (full-width letters become plain ones), lower case, and each run of anything but letters,
 * marks and digits (spaces, punctuation, symbols) one hyphen, none at either end. Letters of
 * every script stay as they are: "夏 アニメ" is `夏-アニメ`, which browsers show as written and
 * send percent-encoded. Two names with one slug ("A B" and "a-b") get -2, -3… in the order they
 * were named (uniqueSlug). Applied to a slug it gives the slug back.
 */
export function folderSlug(name: string): string {
  const slug = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  return slug === '' ? FALLBACK_SLUG : slug
}

/** `name`'s slug, or the first of slug-2, slug-3… that none of `taken` is. */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const slug = folderSlug(name)
  let candidate = slug
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${slug}-${n}`
  return candidate
}

/**
 * PATCH /api/me/likes/:id: move (to `folderId`, null for Unsorted, at `place`), set the status
 * (null for none) or the note ('' for none), any of them at once.
 */
export const LikePatchSchema = z.object({
  folderId: z.optional(z.nullable(FolderIdSchema)),
  place: z.optional(PlaceSchema),
  status: z.optional(z.nullable(z.enum(LIKE_STATUSES))),
  note: z.optional(LikeNoteSchema),
})

/**
 * PUT /api/me/likes/:id's optional body: where a heart lands. Without one it lands first in
 * Unsorted; the undo of a removal sends what the like had, so it comes back as it was.
 */
export const LikePutSchema = z.object({
  folderId: z.optional(z.nullable(FolderIdSchema)),
  status: z.optional(z.nullable(z.enum(LIKE_STATUSES))),
  note: z.optional(LikeNoteSchema),
})

/** POST /api/me/likes/move: several titles to the end of one folder, in the order named. */
export const BulkMoveSchema = z.object({
  ids: z.array(AnimeIdSchema).check(z.minLength(1), z.maxLength(BULK_MAX)),
  folderId: z.nullable(FolderIdSchema),
})

/** POST /api/me/likes/remove: several hearts taken back at once. */
export const BulkRemoveSchema = z.object({
  ids: z.array(AnimeIdSchema).check(z.minLength(1), z.maxLength(BULK_MAX)),
})

/** POST /api/me/likes/import's answer: what a MyAnimeList export brought. */
export const ImportResultSchema = z.object({
  /** Titles newly liked. */
  imported: z.number(),
  /** Titles the board had already (their status is left as the user set it). */
  alreadyLiked: z.number(),
  /** Entries the catalog has no title for, as the file names them. */
  unmatched: z.array(z.object({ malId: z.string(), title: z.string() })),
})
export type ImportResult = z.infer<typeof ImportResultSchema>
