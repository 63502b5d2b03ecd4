import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@shared/two-factor'
import { CurrentPasswordField, OneTimeCodeField } from '@client/components/form-parts'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import {
  fetchTwoFactorStatus,
  startTwoFactor,
  turnOffTwoFactor,
  twoFactorMessage,
} from '../two-factor-api'
import { ACCOUNT } from '../strings'
import { TwoFactorSetupSteps } from './two-factor-setup'

type Step =
  | { name: 'idle' }
  | { name: 'starting' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'turning-off' }

/**
 * "Two-factor authentication" in the signed-in panel (docs/using.md): turn it on with an authenticator
 * app (the password first, for an account with one), or off with a code.
 */
export function TwoFactorSection({ uid }: { uid: string }) {
  const queryKey = ['two-factor', uid]
  const status = useQuery({ queryKey, queryFn: fetchTwoFactorStatus }, queryClient)
  const all = useStrings('account', ACCOUNT)
  const strings = all.twoFactor
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
        {strings.title}
      </h3>
      {status.isError && (
        <>
          <Notice tone="error">{errorMessage(status.error)}</Notice>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {all.common.tryAgain}
          </Button>
        </>
      )}
      {status.data === undefined && !status.isError && (
        <div
          aria-busy="true"
          aria-label={strings.loading}
          className="h-16 animate-pulse rounded-2xl bg-accent-soft"
        />
      )}
      {status.data !== undefined && step.name === 'idle' && (
        <>
          <p className="text-sm text-ink-muted">{status.data.enabled ? strings.on : strings.off}</p>
          {notice !== null && <Notice tone="success">{notice}</Notice>}
          <Button
            variant="secondary"
            autoFocus={returned}
            onClick={() => {
              setNotice(null)
              setStep(status.data.enabled ? { name: 'turning-off' } : { name: 'starting' })
            }}
          >
            {status.data.enabled ? strings.turnOff : strings.turnOn}
          </Button>
        </>
      )}
      {status.data !== undefined && step.name === 'starting' && (
        <CodeOrPasswordForm
          label={strings.turnOn}
          hasPassword={status.data.hasPassword}
          askCode={false}
          submitLabel={strings.continue}
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
          label={strings.turnOff}
          hasPassword={status.data.hasPassword}
          askCode
          submitLabel={strings.turnOffButton}
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
  const strings = useStrings('account', ACCOUNT)

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
      {askCode && <OneTimeCodeField accepts="either" value={code} onChange={setCode} />}
      {hasPassword && (
        <CurrentPasswordField
          autoFocus={!askCode}
          required
          value={password}
          onChange={setPassword}
        />
      )}
      {!askCode && !hasPassword && (
        <p className="text-sm text-ink-muted">{strings.twoFactor.scanNext}</p>
      )}
      {problem !== null && <Notice tone="error">{problem}</Notice>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {strings.common.cancel}
        </Button>
      </div>
    </form>
  )
}
