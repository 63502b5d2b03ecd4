import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@shared/auth-messages'
import { Button, Field, Notice } from '@client/components/ui'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { checkVerificationLink, verifyWithPassword } from '../auth-api'
import { attempt } from '../auth-errors'
import { sessionChanged } from '../auth-state'
import { ACCOUNT } from '../strings'
import { LinkCheckState } from './link-check-state'

/** Where a verified account lands: the open panel, signed in, with a welcome notice. */
const VERIFIED_PATH = '/?account=true&verified=true'

/**
 * The page a verification link opens (/account/verify?token=…). The address is verified, and the
 * account signed in, only with the password chosen at sign-up: a link alone activates no
 * password, so nobody who signed up with someone else's address gets their password into it. A
 * link that can no longer verify (used, expired, or its account gone) says so before asking.
 */
export function VerifyEmailView() {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const strings = useStrings('account', ACCOUNT).verify
  const t = useMessages()
  return (
    <div data-state="verify-email" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">{strings.title}</h3>
      {token === '' ? (
        <Notice tone="error">{t(AUTH_MESSAGES.verifyLinkInvalid)}</Notice>
      ) : (
        <CheckedVerifyForm token={token} />
      )}
    </div>
  )
}

/** A failed check is tried again, and again on request, instead of being kept. */
function CheckedVerifyForm({ token }: { token: string }) {
  const check = useQuery(
    { queryKey: ['verification-link', token], queryFn: () => checkVerificationLink(token) },
    queryClient,
  )
  const strings = useStrings('account', ACCOUNT)
  const t = useMessages()
  if (check.isPending || check.isError) {
    return <LinkCheckState check={check} checking={strings.verify.checking} />
  }
  if (!check.data) return <Notice tone="error">{t(AUTH_MESSAGES.verifyLinkInvalid)}</Notice>
  return <VerifyForm token={token} />
}

function VerifyForm({ token }: { token: string }) {
  const [, navigate] = useLocation()
  const strings = useStrings('account', ACCOUNT).verify
  const t = useMessages()
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<{ text: string; ofPassword: boolean } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    const { message, code } = await attempt(() => verifyWithPassword({ token, password }))
    if (message === null) {
      await sessionChanged()
      navigate(VERIFIED_PATH, { replace: true })
      return
    }
    setBusy(false)
    setFailure({ text: message, ofPassword: code === AUTH_ERROR_CODES.notSignUpPassword })
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={strings.form}>
      <p>{strings.intro}</p>
      <Field
        label={strings.password}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        autoFocus
        data-autofocus
        value={password}
        problem={failure?.ofPassword === true ? failure.text : null}
        onChange={(event) => {
          setPassword(event.target.value)
          // A refusal was about the password sent, not the one being typed.
          setFailure(null)
        }}
      />
      <p className="-mt-2 text-xs text-ink-muted">{strings.forgot}</p>
      {failure !== null && !failure.ofPassword && <Notice tone="error">{t(failure.text)}</Notice>}
      <Button type="submit" busy={busy} disabled={busy || password === ''}>
        {strings.verify}
      </Button>
    </form>
  )
}
