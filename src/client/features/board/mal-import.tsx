import { useId, useState } from 'react'
import type { ImportResult } from '@shared/board'
import { MAL_IMPORT_MAX_BYTES, MAL_IMPORT_MESSAGES } from '@shared/mal-import'
import { PageSection } from '@client/components/page-section'
import { errorMessage } from '@client/lib/http'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { BOARD_CSV_PATH, importMalExport } from './board-files-api'
import { BOARD_FILES } from './file-strings'

/** What a MyAnimeList export may be named: the gzip it comes as, or the XML inside. */
const ACCEPT = '.xml,.gz,application/xml,text/xml,application/gzip,application/x-gzip'

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; progress: number }
  | { state: 'done'; result: ImportResult }
  | { state: 'failed'; message: string }

/**
 * "Import from MyAnimeList": a labelled file input that sends the chosen export at once, with
 * its progress, then says how many titles were added, how many were there already, and which
 * the catalog lacks. Every refusal is read out from the alert region. `onImported` follows a
 * successful import (the likes shown elsewhere reload).
 */
export function MalImport({ onImported }: { onImported: () => void }) {
  const strings = useStrings('boardFiles', BOARD_FILES)
  const t = useMessages()
  const inputId = useId()
  const hintId = useId()
  const [upload, setUpload] = useState<Upload>({ state: 'idle' })
  const sending = upload.state === 'sending'

  const send = async (file: File) => {
    if (file.size === 0) return setUpload({ state: 'failed', message: MAL_IMPORT_MESSAGES.empty })
    if (file.size > MAL_IMPORT_MAX_BYTES) {
      return setUpload({ state: 'failed', message: MAL_IMPORT_MESSAGES.tooLarge })
    }
    setUpload({ state: 'sending', progress: 0 })
    try {
      const result = await importMalExport(file, (progress) =>
        setUpload({ state: 'sending', progress }),
      )
      setUpload({ state: 'done', result })
      onImported()
    } catch (error) {
      setUpload({ state: 'failed', message: errorMessage(error) })
    }
  }

  return (
    <div className="space-y-3" aria-busy={sending}>
      <h3 className="font-bold text-ink">{strings.importTitle}</h3>
      <p id={hintId} className="text-sm text-ink-muted">
        {strings.importHint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={inputId} className="font-semibold text-ink">
          {strings.choose}
        </label>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={sending}
          aria-describedby={hintId}
          className="max-w-full rounded-xl border border-line bg-raised px-3 py-2 text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-cta file:px-4 file:py-1.5 file:font-semibold file:text-cta-ink disabled:opacity-60"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file !== undefined) void send(file)
          }}
        />
      </div>
      {sending && (
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <div
            role="progressbar"
            aria-label={strings.uploading}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(upload.progress * 100)}
            className="h-2 w-40 overflow-hidden rounded-full bg-sunken"
          >
            <div
              className="h-full bg-sakura-500 transition-[width]"
              style={{ width: `${upload.progress * 100}%` }}
            />
          </div>
          {upload.progress >= 1 && <span>{strings.reading}</span>}
        </div>
      )}
      <div role="status" className="text-sm text-ink">
        {upload.state === 'done' && <ImportSummary result={upload.result} />}
      </div>
      <div role="alert">
        {upload.state === 'failed' && (
          <p className="rounded-xl border border-sakura-600/60 bg-sakura-100 px-4 py-3 text-sm font-medium text-sakura-800 dark:bg-sakura-800/30 dark:text-sakura-100">
            {t(upload.message)}
          </p>
        )}
      </div>
    </div>
  )
}

function ImportSummary({ result }: { result: ImportResult }) {
  const strings = useStrings('boardFiles', BOARD_FILES)
  return (
    <div className="space-y-2 rounded-xl border border-line bg-sunken px-4 py-3">
      <p className="font-semibold">{strings.added(result.imported)}</p>
      {result.alreadyLiked > 0 && <p>{strings.already(result.alreadyLiked)}</p>}
      {result.unmatched.length > 0 && (
        <>
          <p>{strings.unmatchedTitle(result.unmatched.length)}</p>
          <ul className="max-h-64 list-disc space-y-1 overflow-y-auto pl-5" tabIndex={0}>
            {result.unmatched.map((entry) => (
              <li key={entry.malId}>
                {strings.unmatchedItem(
                  entry.title === '' ? strings.untitled : entry.title,
                  entry.malId,
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** "Download as CSV": the board as a file, saved by the browser (the server says attachment). */
export function BoardCsvLink() {
  const strings = useStrings('boardFiles', BOARD_FILES)
  return (
    <div className="space-y-2">
      <a
        href={BOARD_CSV_PATH}
        download
        className="inline-flex items-center justify-center rounded-full border border-line bg-raised px-5 py-2.5 font-semibold text-ink transition hover:bg-accent-soft"
      >
        {strings.download}
      </a>
      <p className="text-sm text-ink-muted">{strings.downloadHint}</p>
    </div>
  )
}

/** Both, as one section of a page: import from MyAnimeList, and the board as CSV. */
export function BoardFiles({ onImported }: { onImported: () => void }) {
  const strings = useStrings('boardFiles', BOARD_FILES)
  return (
    <PageSection title={strings.title}>
      <div className="grid gap-6 md:grid-cols-2">
        <MalImport onImported={onImported} />
        <BoardCsvLink />
      </div>
    </PageSection>
  )
}
