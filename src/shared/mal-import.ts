/**
 * Importing a MyAnimeList list export into the board (POST /api/me/likes/import, docs/using.md
 * "Importing from MyAnimeList"). Shared so the client refuses what the server would before
 * sending it, in the same words. No zod here: the Japanese catalogue imports these messages.
 */

/** The most an upload may weigh, and the most its gzip may inflate to. */
export const MAL_IMPORT_MAX_BYTES = 10 * 1024 * 1024
const MAX_MB = MAL_IMPORT_MAX_BYTES / 1024 / 1024

export const MAL_IMPORT_MESSAGES = {
  tooLarge: `That file is too large: Mofu imports MyAnimeList exports of up to ${MAX_MB} MB.`,
  empty: 'Choose the file MyAnimeList exported to import it.',
  notXml: 'That file is not XML. Choose the animelist .xml or .xml.gz file MyAnimeList exported.',
  notExport: 'That file is not a MyAnimeList anime list export.',
  hostile:
    'That file declares a DOCTYPE or entities, which a MyAnimeList export never does, so Mofu did not read it.',
  busy: 'Mofu is busy reading other lists right now. Please try again in a moment.',
  /** Past board.ts LIKES_MAX. */
  tooManyLikes:
    'That import would put more titles on your board than it can hold, so nothing was added.',
} as const

/** The `code` of a refused import, beside its `message`. */
export const MAL_IMPORT_ERROR_CODES = {
  tooLarge: 'IMPORT_TOO_LARGE',
  empty: 'IMPORT_EMPTY',
  notXml: 'IMPORT_NOT_XML',
  notExport: 'IMPORT_NOT_MAL_EXPORT',
  hostile: 'IMPORT_HOSTILE',
  busy: 'BUSY',
  tooManyLikes: 'IMPORT_TOO_MANY_LIKES',
} as const satisfies Record<keyof typeof MAL_IMPORT_MESSAGES, string>

export type MalImportRefusal = keyof typeof MAL_IMPORT_MESSAGES
