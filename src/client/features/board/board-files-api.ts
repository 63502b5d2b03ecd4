import { safeParse } from 'zod/mini'
import { ImportResultSchema, type ImportResult } from '@shared/board'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { ApiError, failureOf } from '@client/lib/http'
import { requestTimeoutMs } from '@client/lib/request-timeout'

/** The board's files (docs/api.md "Import from MyAnimeList", "The board as CSV"). */
const IMPORT_PATH = '/api/me/likes/import'
export const BOARD_CSV_PATH = '/api/me/likes/export.csv'

/**
 * Sends a MyAnimeList export as it is (the server tells gzip from XML by its bytes). XHR rather
 * than fetch: only XHR reports upload progress. A refusal rejects with the server's ApiError,
 * a lost connection or a timeout with TypeError.
 */
export function importMalExport(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', IMPORT_PATH)
    xhr.setRequestHeader('Content-Type', file.type === '' ? 'application/octet-stream' : file.type)
    xhr.timeout = requestTimeoutMs()
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const failure = failureOf(IMPORT_PATH, xhr.status, xhr.response)
      if (failure !== null) return reject(failure)
      const answer = safeParse(ImportResultSchema, xhr.response)
      if (answer.success) resolve(answer.data)
      else reject(new ApiError(xhr.status, 'UNEXPECTED_ANSWER', AUTH_MESSAGES.somethingWrong))
    }
    xhr.onerror = () => reject(new TypeError('network'))
    xhr.ontimeout = () => reject(new DOMException('The import timed out', 'TimeoutError'))
    xhr.send(file)
  })
}
