import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@shared/auth-messages'
import { POPUP_DONE_PATH } from '@shared/routes'
import { TWO_FACTOR_ERRORS } from '@shared/two-factor'
import { socialSignInUrl } from '../auth-api'
import { authErrorMessage } from '../auth-errors'
import { ATTEMPT_PARAM, POPUP_CHANNEL, type PopupReceipt, type PopupResult } from './google-popup'

/** How long a popup that reads as closed may still take to report (see below). */
const CLOSED_GRACE_MS = 2_000

/** Google signed in an account with two-factor on: the log-in waits for a code. */
export const CODE_NEXT = { codeNext: true } as const

/**
 * Google sign-in in a popup over Better Auth's redirect flow: the window opens at once (inside
 * the click, so browsers allow it), is sent to the provider, and comes back to POPUP_DONE_PATH,
 * which reports on a BroadcastChannel. Resolves with null on success, CODE_NEXT when a
 * two-factor code is asked next, or a message to show.
 */
export async function signInWithGooglePopup(): Promise<string | null | typeof CODE_NEXT> {
  const popup = window.open('', 'mofu-google-sign-in', 'popup,width=500,height=680')
  if (popup === null) return AUTH_MESSAGES.popupBlocked

  // getRandomValues, unlike randomUUID, also exists on a plain http:// origin.
  const attempt = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  let url: string
  try {
    const redirect = await socialSignInUrl({
      provider: 'google',
      callbackURL: `${POPUP_DONE_PATH}?${ATTEMPT_PARAM}=${attempt}`,
      errorCallbackURL: `${POPUP_DONE_PATH}?error=google&${ATTEMPT_PARAM}=${attempt}`,
    })
    url = redirect.url
  } catch (error) {
    popup.close()
    return authErrorMessage(error)
  }
  popup.location.href = url

  const channel = new BroadcastChannel(POPUP_CHANNEL)
  return new Promise((resolve) => {
    const finish = (message: string | null | typeof CODE_NEXT) => {
      window.clearInterval(watch)
      channel.close()
      resolve(message)
    }
    channel.addEventListener(
      'message',
      (event: MessageEvent<PopupResult | PopupReceipt | string>) => {
        const result = event.data
        if (
          typeof result === 'object' &&
          result.type === 'google-done' &&
          result.attempt === attempt
        ) {
          channel.postMessage({ type: 'google-received', attempt } satisfies PopupReceipt)
          if (result.ok) finish(null)
          else if (result.error === TWO_FACTOR_ERRORS.googleCodeRequired) finish(CODE_NEXT)
          else if (result.error === AUTH_ERROR_CODES.accountDisabled) {
            finish(AUTH_MESSAGES.accountDisabled)
          } else finish(AUTH_MESSAGES.googleFailed)
        }
      },
    )
    // The popup may also be closed by hand before it reports (it closes itself only once this
    // window has its report). Where Cross-Origin-Opener-Policy cuts it from this window on its
    // way back to Mofu, it reads as closed early: the report then gets that long to arrive.
    const watch = window.setInterval(() => {
      if (!popup.closed) return
      window.clearInterval(watch)
      window.setTimeout(() => finish(AUTH_MESSAGES.popupClosed), CLOSED_GRACE_MS)
    }, 400)
  })
}
