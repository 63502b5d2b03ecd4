import { useState } from 'react'
import { PASSKEY_MESSAGES } from '@shared/passkeys'
import { ConfirmDialog } from '@client/components/confirm-dialog'
import { CurrentPasswordField } from '@client/components/form-parts'
import { Button, Notice, type Flash } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { removePassword } from '../passkey-api'
import { signInMethodsChanged, useSignInMethods } from '../passkey-queries'
import { ACCOUNT } from '../strings'

/**
 * 'Remove password', offered only while a passkey or Google can sign in instead (the server
 * checks the same). It asks for the current password. Afterwards the account actions offer
 * 'Set a password', which mails a link as a reset does.
 */
export function PasswordRemoval({ uid, passkeyCount }: { uid: string; passkeyCount: number }) {
  const methods = useSignInMethods(uid)
  const all = useStrings('account', ACCOUNT)
  const strings = all.removal
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [flash, setFlash] = useState<Flash>(null)

  const remove = async () => {
    if (password === '') {
      setProblem(PASSKEY_MESSAGES.passwordRequired)
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await removePassword(password)
      setConfirming(false)
      setFlash({ tone: 'success', text: PASSKEY_MESSAGES.passwordRemoved })
      await signInMethodsChanged(uid)
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const offered =
    methods.data?.password === true && (passkeyCount > 0 || methods.data.google === true)

  return (
    <>
      {offered && !confirming && (
        <Button
          variant="quiet"
          onClick={() => {
            setPassword('')
            setProblem(null)
            setFlash(null)
            setConfirming(true)
          }}
        >
          {strings.remove}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          id="remove-password"
          danger
          safeFirst
          question={strings.question}
          detail={strings.detail}
          confirmLabel={strings.remove}
          cancelLabel={strings.keep}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <CurrentPasswordField value={password} onChange={setPassword} />
          {problem !== null && <Notice tone="error">{problem}</Notice>}
        </ConfirmDialog>
      )}
      {flash !== null && <Notice tone={flash.tone}>{flash.text}</Notice>}
    </>
  )
}
