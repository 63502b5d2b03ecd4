import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  MAL_IMPORT_ERROR_CODES,
  MAL_IMPORT_MAX_BYTES,
  MAL_IMPORT_MESSAGES,
  type MalImportRefusal,
} from '../../shared/mal-import'
import type { Database } from '../db/database'
import { isMissingUser } from '../db/constraint-errors'
import { apiError, busy } from '../http/errors'
import { LIMITS, type RouteLimits } from '../http/limiter'
import { signInRequired, type SessionCheck } from '../sessions/session-check'
import { boardCsv } from './board-csv'
import { importMalEntries, MalImportRefused } from './mal-import'
import { MalImportBusy, readMalExportApart } from './mal-import-thread'

export interface BoardFileDeps {
  database: Database
  sessions: SessionCheck
  limits: RouteLimits
}

type RefusalStatus = 400 | 413 | 422 | 503

const refuse = (c: Context, status: RefusalStatus, refusal: MalImportRefusal) =>
  apiError(c, status, MAL_IMPORT_ERROR_CODES[refusal], MAL_IMPORT_MESSAGES[refusal])

const STATUS_OF: Record<MalImportRefusal, RefusalStatus> = {
  tooLarge: 413,
  empty: 400,
  notXml: 400,
  notExport: 422,
  hostile: 400,
  busy: 503,
  tooManyLikes: 422,
}
/**
 * POST /api/me/likes/import (docs/api.md "Import from MyAnimeList"): the body is a MyAnimeList
 * anime list export, as XML or gzipped XML, whatever its Content-Type says. It adds to the
 * session's own board only, all of it or, when refused, nothing.
 */
export function importRoutes({ database, sessions, limits }: BoardFileDeps) {
  return new Hono().post(
    '/',
    sessions.required,
    limits.perUser(LIMITS.likesImport),
    bodyLimit({ maxSize: MAL_IMPORT_MAX_BYTES, onError: (c) => refuse(c, 413, 'tooLarge') }),
    async (c) => {
      const body = Buffer.from(await c.req.arrayBuffer())
      let outcome
      try {
        outcome = await importMalEntries(database, c.get('uid'), await readMalExportApart(body))
      } catch (error) {
        // The account was deleted while this request ran.
        if (isMissingUser(error)) return signInRequired(c)
        if (error instanceof MalImportBusy) {
          return busy(c, { code: MAL_IMPORT_ERROR_CODES.busy, message: MAL_IMPORT_MESSAGES.busy })
        }
        if (!(error instanceof MalImportRefused)) throw error
        return refuse(c, STATUS_OF[error.refusal], error.refusal)
      }
      if (outcome === 'tooManyLikes') return refuse(c, 422, 'tooManyLikes')
      return c.json(outcome)
    },
  )
}

/** GET /api/me/likes/export.csv: the session's own board as a file to save. */
export function boardCsvRoutes({ database, sessions }: Omit<BoardFileDeps, 'limits'>) {
  return new Hono().get('/', sessions.required, async (c) => {
    const csv = await boardCsv(database.db, c.get('uid'))
    const day = new Date().toISOString().slice(0, 10)
    c.header('Content-Type', 'text/csv; charset=utf-8; header=present')
    c.header('Content-Disposition', `attachment; filename="mofu-board-${day}.csv"`)
    return c.body(csv)
  })
}
