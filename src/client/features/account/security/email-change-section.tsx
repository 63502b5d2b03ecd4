import { useState, type FormEvent } from 'react'
import { EMAIL_CHANGE_MESSAGES } from '@shared/email-change'
import { CurrentPasswordField } from '@client/components/form-parts'
import { Button, Field, Notice } from '@client/components/ui'
import { ApiError, errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { changeEmail } from '../account-api'
import { useSignInMethods } from '../passkey-queries'
import { ACCOUNT } from '../strings'

/**
 * "Change e-mail" (docs/email-and-activity.md): the new address and the current password (or a
 * recent sign-in, for an account without one). Nothing changes until the link mailed to the new
 * address is opened.
 */
export function EmailChangeSection({ uid }: { uid: string }) {
  const all = useStrings('account', ACCOUNT)
  const strings = all.email
  const hasPassword = useSignInMethods(uid).data?.password !== false
  const [open, setOpen] = useState(false)
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<{ text: string; field?: 'newEmail' } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      await changeEmail({ newEmail, ...(hasPassword ? { password } : {}) })
      setSent(true)
      setOpen(false)
      setNewEmail('')
    } catch (error) {
      const fieldIssue =
        error instanceof ApiError
          ? error.issues?.find((issue) => issue.field === 'newEmail')
          : undefined
      setFailure(
        fieldIssue === undefined
          ? { text: errorMessage(error) }
          : { text: fieldIssue.message, field: 'newEmail' },
      )
    } finally {
      setPassword('')
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="email-heading" className="flex flex-col gap-3">
      <h3 id="email-heading" className="text-sm font-bold tracking-wide">
        {strings.title}
      </h3>
      {sent && <Notice tone="success">{EMAIL_CHANGE_MESSAGES.sent}</Notice>}
      {!open ? (
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(true)
            setSent(false)
          }}
        >
          {strings.change}
        </Button>
      ) : (
        <form onSubmit={submit} aria-label={strings.form} className="flex flex-col gap-3">
          <Field
            label={strings.newEmail}
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={newEmail}
            problem={failure?.field === 'newEmail' ? failure.text : null}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          {hasPassword ? (
            <CurrentPasswordField required value={password} onChange={setPassword} />
          ) : (
            <p className="text-sm text-ink-muted">{strings.noPasswordHint}</p>
          )}
          {hasPassword && <p className="text-sm text-ink-muted">{strings.passwordHint}</p>}
          {failure !== null && failure.field === undefined && (
            <Notice tone="error">{failure.text}</Notice>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={busy}>
              {strings.send}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setOpen(false)
                setFailure(null)
              }}
            >
              {all.common.cancel}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
