/**
 * What the Google sign-in popup's landing page (POPUP_DONE_PATH) and the page that opened it say
 * to each other. The landing page is a page of its own (auth/popup-done.html) that loads only
 * this module, so it reports within moments of arriving, even on a slow connection.
 */

export const POPUP_CHANNEL = 'mofu-auth'
export const ATTEMPT_PARAM = 'attempt'
/** How long the landing page waits for the opener's receipt before it closes all the same. */
const UNANSWERED_CLOSE_MS = 10_000

/** The landing page's report. */
export interface PopupResult {
  type: 'google-done'
  ok: boolean
  /** The last `error` the landing page's URL carries (Better Auth appends its own code). */
  error?: string | null
  /** The attempt's nonce, from the landing page's URL: another page's message is not ours. */
  attempt: string | null
}

/** The opener's receipt for a report: only then does the popup close. */
export interface PopupReceipt {
  type: 'google-received'
  attempt: string
}

/**
 * Runs in the popup on POPUP_DONE_PATH: reports the URL's outcome and closes once the opener
 * says it has it. Closing at once could lose the report: a closing window's last message is not
 * always delivered, and the opener would then tell of a popup closed before sign-in finished.
 */
export function reportPopupResult() {
  const params = new URLSearchParams(window.location.search)
  const attempt = params.get(ATTEMPT_PARAM)
  const errors = params.getAll('error')
  const channel = new BroadcastChannel(POPUP_CHANNEL)
  const close = () => {
    channel.close()
    window.close()
  }
  channel.addEventListener('message', (event: MessageEvent<PopupReceipt | undefined>) => {
    if (event.data?.type === 'google-received' && event.data.attempt === attempt) close()
  })
  channel.postMessage({
    type: 'google-done',
    ok: errors.length === 0,
    error: errors.at(-1) ?? null,
    attempt,
  } satisfies PopupResult)
  window.setTimeout(close, UNANSWERED_CLOSE_MS)
}
