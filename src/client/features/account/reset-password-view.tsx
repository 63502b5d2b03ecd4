import { Suspense, use, useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '@shared/auth-messages'
import { PASSWORD_CHANGED_REDIRECT_MS } from '@shared/constants'
import { requestTimeoutMs } from '@client/lib/http'
import { authClient } from './auth-client'
import { attempt } from './auth-errors'
import { Button, Field, Notice } from '@client/components/ui'

type CodeCheck = 'valid' | 'invalid' | 'unreachable'
const checks = new Map<string, Promise<CodeCheck>>()

/** Whether a reset code is still good; asked once per code and remembered for the visit. */
function checkCode(code: string): Promise<CodeCheck> {
  let check = checks.get(code)
  if (check === undefined) {
    check = fetch(`/api/password-reset/${encodeURIComponent(code)}`, {
      signal: AbortSignal.timeout(requestTimeoutMs()),
    })
      .then((response) => response.json() as Promise<{ valid?: unknown }>)
      .then(
        (answer): CodeCheck => (answer.valid === true ? 'valid' : 'invalid'),
        (): CodeCheck => 'unreachable',
      )
    checks.set(code, check)
  }
  return check
}

/** Password-reset form (SPEC 2, state 1): shown only once the code has been verified. */
export function ResetPasswordView() {
  const code = new URLSearchParams(useSearch()).get('oobCode') ?? ''
  return (
    <div data-state="reset" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">Choose a new password</h3>
      {code === '' ? (
        <Notice tone="error">{AUTH_MESSAGES.invalidResetLink}</Notice>
      ) : (
        <Suspense
          fallback={
            <p role="status" className="text-ink-muted">
              Checking your reset link…
            </p>
          }
        >
          <CheckedResetForm code={code} />
        </Suspense>
      )}
    </div>
  )
}

function CheckedResetForm({ code }: { code: string }) {
  const check = use(checkCode(code))
  if (check === 'invalid') return <Notice tone="error">{AUTH_MESSAGES.invalidResetLink}</Notice>
  if (check === 'unreachable') return <Notice tone="error">{AUTH_MESSAGES.offline}</Notice>
  return <ResetForm code={code} />
}

function ResetForm({ code }: { code: string }) {
  const [, navigate] = useLocation()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const mismatch = password !== '' && confirmation !== '' && password !== confirmation

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    const { message } = await attempt(() =>
      authClient.resetPassword({ newPassword: password, token: code }),
    )
    setBusy(false)
    if (message !== null) {
      setFailure(message === AUTH_MESSAGES.weakPassword ? message : AUTH_MESSAGES.resetFailed)
      return
    }
    setDone(true)
    window.setTimeout(() => navigate('/', { replace: true }), PASSWORD_CHANGED_REDIRECT_MS)
  }

  if (done) return <Notice tone="success">{AUTH_MESSAGES.passwordChanged}</Notice>
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Reset password">
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      {mismatch && <Notice tone="error">{AUTH_MESSAGES.passwordMismatch}</Notice>}
      {failure !== null && <Notice tone="error">{failure}</Notice>}
      <Button type="submit" busy={busy} disabled={password === '' || password !== confirmation}>
        Change password
      </Button>
    </form>
  )
}
