import { useState } from 'react'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { PASSWORD_RESET_SENT_NOTICE_MS } from '@shared/constants'
import { ConfirmDialog } from '@client/components/confirm-dialog'
import { CurrentPasswordField } from '@client/components/form-parts'
import { Button, Notice, type Flash } from '@client/components/ui'
import { ApiError, errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { deleteAccount, downloadAccountData } from './account-api'
import { listAccounts, requestPasswordReset, signOut } from './auth-api'
import { attempt } from './auth-errors'
import { signOutLocally, type AuthUser } from './auth-state'
import { useSignInMethods } from './passkey-queries'
import { ACCOUNT } from './strings'

/** The log-out question, in Japanese whatever the language (docs/using.md "Sessions"). */
const LOG_OUT_QUESTION = 'ログアウトしますか？'

/**
 * Change password, log out and delete account. `onLeaving` runs as the user leaves
 * (log-out or deletion), before the signed-out state shows.
 */
export function AccountActions({
  user,
  onFlash,
  onLeaving,
}: {
  user: AuthUser
  onFlash: (flash: Flash, forMs?: number) => void
  onLeaving: () => void
}) {
  const [busy, setBusy] = useState<'password' | 'data' | 'logout' | 'delete' | null>(null)
  const [confirming, setConfirming] = useState<'logout' | 'delete' | null>(null)
  /** Whether the account signs in with a password (a 'credential' account), asked on delete. */
  const [hasPassword, setHasPassword] = useState(false)
  const [password, setPassword] = useState('')
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null)
  /** Without a password (removed, or Google only) the reset mail sets one instead. */
  const passwordLess = useSignInMethods(user.uid).data?.password === false
  const all = useStrings('account', ACCOUNT)
  const strings = all.actions

  const confirmDelete = async () => {
    setConfirming('delete')
    setPassword('')
    setDeleteProblem(null)
    const accounts = await listAccounts().catch(() => null)
    // Unknown counts as none: the server then asks for the password itself.
    setHasPassword(accounts?.some((account) => account.providerId === 'credential') ?? false)
  }

  const changePassword = async () => {
    setBusy('password')
    const { message } = await attempt(() => requestPasswordReset(user.email))
    setBusy(null)
    if (message !== null) onFlash({ tone: 'error', text: message })
    else
      onFlash(
        { tone: 'success', text: AUTH_MESSAGES.resetEmailSent },
        PASSWORD_RESET_SENT_NOTICE_MS,
      )
  }

  const downloadData = async () => {
    setBusy('data')
    try {
      await downloadAccountData()
    } catch (error) {
      onFlash({ tone: 'error', text: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  const logOut = async () => {
    setBusy('logout')
    onLeaving()
    await attempt(signOut)
    signOutLocally()
  }

  const removeAccount = async () => {
    setBusy('delete')
    setDeleteProblem(null)
    try {
      await deleteAccount(hasPassword ? password : null)
      onLeaving()
      signOutLocally('accountDeleted')
    } catch (error) {
      setBusy(null)
      if (error instanceof ApiError && error.code === 'PASSWORD_REQUIRED') setHasPassword(true)
      setDeleteProblem(errorMessage(error))
    }
  }

  return (
    <>
      <div className="flex flex-wrap justify-center gap-3 border-t border-line pt-5">
        <Button
          variant="secondary"
          busy={busy === 'password'}
          disabled={busy !== null}
          onClick={changePassword}
        >
          {passwordLess ? strings.setPassword : strings.changePassword}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'data'}
          disabled={busy !== null}
          onClick={() => void downloadData()}
        >
          {strings.download}
        </Button>
        <Button
          variant="secondary"
          disabled={busy !== null}
          onClick={() => setConfirming('logout')}
        >
          {strings.logOut}
        </Button>
        <Button variant="quiet" disabled={busy !== null} onClick={() => void confirmDelete()}>
          {strings.delete}
        </Button>
      </div>
      {confirming === 'logout' && (
        <ConfirmDialog
          id="logout"
          lang="ja"
          question={LOG_OUT_QUESTION}
          confirmLabel={<span lang="ja">ログアウト</span>}
          cancelLabel={<span lang="ja">キャンセル</span>}
          busy={busy === 'logout'}
          onConfirm={() => void logOut()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          id="delete"
          danger
          safeFirst
          question={strings.deleteQuestion}
          detail={strings.deleteDetail}
          confirmLabel={strings.deleteConfirm}
          cancelLabel={strings.keepAccount}
          busy={busy === 'delete'}
          onConfirm={() => void removeAccount()}
          onCancel={() => setConfirming(null)}
        >
          {hasPassword && <CurrentPasswordField value={password} onChange={setPassword} />}
          {deleteProblem !== null && <Notice tone="error">{deleteProblem}</Notice>}
        </ConfirmDialog>
      )}
    </>
  )
}
