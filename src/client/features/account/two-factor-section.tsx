import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@shared/two-factor'
import { Button, Field, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { queryClient } from '@client/lib/query-client'
import {
  fetchTwoFactorStatus,
  startTwoFactor,
  turnOffTwoFactor,
  twoFactorMessage,
} from './two-factor-api'
import { TwoFactorSetupSteps } from './two-factor-setup'

type Step =
  | { name: 'idle' }
  | { name: 'starting' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'turning-off' }

/**
 * "Two-factor authentication" in the signed-in panel (README): turn it on with an authenticator
 * app (the password first, for an account with one), or off with a code.
 */
export function TwoFactorSection({ uid }: { uid: string }) {
  const queryKey = ['two-factor', uid]
  const status = useQuery({ queryKey, queryFn: fetchTwoFactorStatus }, queryClient)
  const [step, setStep] = useState<Step>({ name: 'idle' })
  const [notice, setNotice] = useState<string | null>(null)
  /** After a step ends, focus returns to the button that started it (the step's form is gone). */
  const [returned, setReturned] = useState(false)

  /** Turning it on or off replaces this device's session: the sessions list changes too. */
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey })
    void queryClient.invalidateQueries({ queryKey: ['sessions', uid] })
  }
  const finish = (text: string | null) => {
    setStep({ name: 'idle' })
    setNotice(text)
    setReturned(true)
  }

  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-3">
      <h3 id="two-factor-heading" className="text-sm font-bold tracking-wide">
        Two-factor authentication
      </h3>
      {status.isError && (
        <>
          <Notice tone="error">{errorMessage(status.error)}</Notice>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </>
      )}
      {status.data === undefined && !status.isError && (
        <div
          aria-busy="true"
          aria-label="Loading two-factor authentication"
          className="h-16 animate-pulse rounded-2xl bg-accent-soft"
        />
      )}
      {status.data !== undefined && step.name === 'idle' && (
        <>
          <p className="text-sm text-ink-muted">
            {status.data.enabled
              ? 'On: logging in with your password also asks for a code from your authenticator app.'
              : 'Off: ask for a code from an authenticator app after your password, so a stolen password is not enough.'}
          </p>
          {notice !== null && <Notice tone="success">{notice}</Notice>}
          <Button
            variant="secondary"
            autoFocus={returned}
            onClick={() => {
              setNotice(null)
              setStep(status.data.enabled ? { name: 'turning-off' } : { name: 'starting' })
            }}
          >
            {status.data.enabled ? 'Turn off two-factor' : 'Turn on two-factor'}
          </Button>
        </>
      )}
      {status.data !== undefined && step.name === 'starting' && (
        <CodeOrPasswordForm
          label="Turn on two-factor"
          hasPassword={status.data.hasPassword}
          askCode={false}
          submitLabel="Continue"
          onSubmit={async (_code, password) =>
            setStep({ name: 'setup', setup: await startTwoFactor(password) })
          }
          onCancel={() => finish(null)}
        />
      )}
      {step.name === 'setup' && (
        <TwoFactorSetupSteps
          setup={step.setup}
          onConfirmed={changed}
          onCancel={() => finish(null)}
          onDone={() => finish(TWO_FACTOR_MESSAGES.turnedOn)}
        />
      )}
      {status.data !== undefined && step.name === 'turning-off' && (
        <CodeOrPasswordForm
          label="Turn off two-factor"
          hasPassword={status.data.hasPassword}
          askCode
          submitLabel="Turn off"
          onSubmit={async (code, password) => {
            await turnOffTwoFactor(code, password)
            changed()
            finish(TWO_FACTOR_MESSAGES.turnedOff)
          }}
          onCancel={() => finish(null)}
        />
      )}
    </section>
  )
}

/** The password (when the account has one) and, to turn off, a code; the server's refusal shown. */
function CodeOrPasswordForm({
  label,
  hasPassword,
  askCode,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string
  hasPassword: boolean
  askCode: boolean
  submitLabel: string
  onSubmit: (code: string, password: string | null) => Promise<void>
  onCancel: () => void
}) {
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      await onSubmit(code.replace(/\s/g, ''), hasPassword ? password : null)
    } catch (error) {
      setProblem(twoFactorMessage(error))
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-col gap-3">
      {askCode && (
        <Field
          label="Code from your authenticator app, or a backup code"
          name="one-time-code"
          autoComplete="one-time-code"
          autoFocus
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      {hasPassword && (
        <Field
          label="Current password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          autoFocus={!askCode}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      {!askCode && !hasPassword && (
        <p className="text-sm text-ink-muted">You will scan a QR code with your app next.</p>
      )}
      {problem !== null && <Notice tone="error">{problem}</Notice>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
