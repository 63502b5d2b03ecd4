import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '@shared/auth-messages'
import { PASSWORD_CHANGED_REDIRECT_MS } from '@shared/constants'
import type { Recovered } from '@shared/account-recovery'
import { ResetCodeAnswerSchema } from '@shared/password-reset'
import { requestJson } from '@client/lib/http'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { resetPassword } from '../auth-api'
import { attempt } from '../auth-errors'
import { Button, Field, Notice } from '@client/components/ui'
import { ACCOUNT } from '../strings'

/**
 * Whether a reset code is still good. The code goes in the body, so it stays out of URLs and
 * logs; a failed check is tried again, and again on request, instead of being kept.
 */
const useCodeCheck = (code: string) =>
  useQuery(
    {
      queryKey: ['reset-code', code],
      queryFn: () =>
        requestJson('/api/password-reset/verify', ResetCodeAnswerSchema, {
          method: 'POST',
          json: { code },
        }),
    },
    queryClient,
  )

/**
 * The account panel's password-reset state (docs/using.md "Password reset"): the form, shown only
 * once the code has been verified, and after a recovery link what it took back.
 */
export function ResetPasswordView() {
  const code = new URLSearchParams(useSearch()).get('oobCode') ?? ''
  const t = useMessages()
  return (
    <div data-state="reset" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">{useStrings('account', ACCOUNT).reset.title}</h3>
      {code === '' ? (
        <Notice tone="error">{t(AUTH_MESSAGES.invalidResetLink)}</Notice>
      ) : (
        <CheckedResetForm code={code} />
      )}
    </div>
  )
}

function CheckedResetForm({ code }: { code: string }) {
  const check = useCodeCheck(code)
  const strings = useStrings('account', ACCOUNT)
  const t = useMessages()
  if (check.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {strings.reset.checking}
      </p>
    )
  }
  if (check.isError) {
    return (
      <>
        <Notice tone="error">{t(AUTH_MESSAGES.offline)}</Notice>
        <Button variant="secondary" busy={check.isFetching} onClick={() => void check.refetch()}>
          {strings.common.tryAgain}
        </Button>
      </>
    )
  }
  if (!check.data.valid) return <Notice tone="error">{t(AUTH_MESSAGES.invalidResetLink)}</Notice>
  return <ResetForm code={code} />
}

function ResetForm({ code }: { code: string }) {
  const [, navigate] = useLocation()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [recovered, setRecovered] = useState<Recovered | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const strings = useStrings('account', ACCOUNT).reset
  const t = useMessages()
  useEffect(() => {
    if (!done) return
    const redirect = window.setTimeout(
      () => navigate('/', { replace: true }),
      PASSWORD_CHANGED_REDIRECT_MS,
    )
    return () => window.clearTimeout(redirect)
  }, [done, navigate])
  const mismatch = password !== '' && confirmation !== '' && password !== confirmation

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    const answer: { recovered: Recovered | null } = { recovered: null }
    const { message, code: refusal } = await attempt(async () => {
      answer.recovered = await resetPassword({ newPassword: password, token: code })
    })
    setBusy(false)
    if (message !== null) {
      // A refused password says why; any other failure gets the general reset failure message.
      const refusedPassword = ['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_COMMON']
      setFailure(
        refusal !== undefined && refusedPassword.includes(refusal)
          ? message
          : AUTH_MESSAGES.resetFailed,
      )
      return
    }
    setRecovered(answer.recovered)
    setDone(true)
  }

  if (done) {
    return (
      <>
        <Notice tone="success">{t(AUTH_MESSAGES.passwordChanged)}</Notice>
        {recovered !== null && <RecoveredList recovered={recovered} />}
      </>
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={strings.form}>
      <Field
        label={strings.newPassword}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          // A refusal was about the password sent, not the one being typed.
          setFailure(null)
        }}
      />
      <Field
        label={strings.confirm}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      {mismatch && <Notice tone="error">{t(AUTH_MESSAGES.passwordMismatch)}</Notice>}
      {failure !== null && <Notice tone="error">{t(failure)}</Notice>}
      <Button type="submit" busy={busy} disabled={password === '' || password !== confirmation}>
        {strings.change}
      </Button>
    </form>
  )
}

/** What a recovery link took back, when it took anything (docs/email-and-activity.md). */
function RecoveredList({ recovered }: { recovered: Recovered }) {
  const strings = useStrings('account', ACCOUNT).reset
  const items = [
    ...(recovered.email === null ? [] : [strings.recoveredEmail(recovered.email)]),
    ...recovered.passkeys.map((name) => strings.recoveredPasskey(name)),
    ...(recovered.twoFactor ? [strings.recoveredTwoFactor] : []),
    ...(recovered.google ? [strings.recoveredGoogle] : []),
  ]
  if (items.length === 0) return null
  return (
    <div role="status" className="flex flex-col gap-1 text-sm" data-testid="recovered">
      <p>{strings.recovered}</p>
      <ul className="list-disc ps-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  )
}
