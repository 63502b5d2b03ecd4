import { Suspense } from 'react'
import { useLocation } from 'wouter'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { isEmailChangePath, isResetPath, isVerifyEmailPath } from '@shared/routes'
import { useStrings } from '@client/lib/i18n/i18n'
import { useModalDialog } from '@client/lib/modal-dialog'
import { Notice } from '@client/components/ui'
import { useAuth } from '@client/features/account/auth-state'
import { SignInView } from '@client/features/account/sign-in/sign-in-view'
import {
  EmailChangePanel,
  ResetPasswordPanel,
  SignedInPanel,
  VerifyEmailPanel,
} from './panel-views'

/**
 * The panel's own words (docs/architecture.md "Languages"); the title ACCoUNT is a name, spelt
 * so in every language.
 */
export const PANEL = { close: 'Close account panel', loading: 'Loading your account' }

/**
 * The account slide-over, titled ACCoUNT. A modal <dialog>: focus stays inside, Esc
 * closes, the page behind is inert. Clicking the overlay goes back.
 */
export function AccountPanel({ onClose }: { onClose: () => void }) {
  const modal = useModalDialog(onClose)
  const [pathname] = useLocation()
  const auth = useAuth()
  const strings = useStrings('panel', PANEL)

  return (
    <dialog
      {...modal}
      aria-labelledby="account-title"
      className="fixed inset-0 m-0 size-full max-h-none max-w-none overflow-hidden bg-transparent p-0 text-ink backdrop:bg-transparent"
    >
      <div
        data-testid="account-overlay"
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 bg-night-950/55 backdrop-blur-sm"
      />
      <section className="fx-folder-open absolute inset-y-0 right-0 flex w-[88%] max-w-md flex-col overflow-y-auto border-l border-line bg-raised/90 shadow-2xl shadow-night-950/50 backdrop-blur-xl">
        <header className="flex items-center justify-between gap-4 border-b border-line px-6 py-5">
          <h2 id="account-title" className="text-2xl font-bold text-accent">
            ACCoUNT
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={strings.close}
            className="grid size-10 place-items-center rounded-full text-ink hover:bg-accent-soft"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none">
              <path
                d="M6 6l12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinecap="round"
              />
            </svg>
          </button>
        </header>
        <div className="flex flex-1 flex-col gap-4 px-6 py-6">
          {auth.connectionProblem !== null && <Notice tone="info">{auth.connectionProblem}</Notice>}
          {auth.signedOutBecause !== null && (
            <Notice tone="info">{AUTH_MESSAGES[auth.signedOutBecause]}</Notice>
          )}
          <Suspense fallback={<PanelLoading />}>
            {isResetPath(pathname) ? (
              <ResetPasswordPanel />
            ) : isEmailChangePath(pathname) ? (
              <EmailChangePanel />
            ) : isVerifyEmailPath(pathname) ? (
              <VerifyEmailPanel />
            ) : !auth.authReady ? (
              <PanelLoading />
            ) : auth.user !== null ? (
              <SignedInPanel user={auth.user} />
            ) : (
              <SignInView />
            )}
          </Suspense>
        </div>
      </section>
    </dialog>
  )
}

/** Before the first answer about the session, show neither state: nothing misleading. */
function PanelLoading() {
  return (
    <div
      aria-busy="true"
      aria-label={useStrings('panel', PANEL).loading}
      className="animate-pulse space-y-3"
    >
      <div className="h-10 rounded-full bg-accent-soft" />
      <div className="h-12 rounded-xl bg-accent-soft" />
      <div className="h-12 rounded-xl bg-accent-soft" />
    </div>
  )
}
