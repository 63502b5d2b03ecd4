import { useState, type FormEvent } from 'react'
import { TotpCodeSchema } from '@shared/two-factor'
import { OneTimeCodeField } from '@client/components/form-parts'
import { Button, Notice } from '@client/components/ui'
import { useStrings } from '@client/lib/i18n/i18n'
import { ACCOUNT } from '../strings'
import { verifySignInCode, twoFactorMessage } from '../two-factor-api'

/**
 * The second step of a password log-in for an account with two-factor on: a code from the
 * authenticator app, or one of the backup codes, and whether to trust this browser for 30 days.
 */
export function TwoFactorChallenge({
  onSignedIn,
  onBack,
}: {
  onSignedIn: () => Promise<void>
  onBack: () => void
}) {
  const strings = useStrings('account', ACCOUNT).challenge
  const [kind, setKind] = useState<'app' | 'backup'>('app')
  const [code, setCode] = useState('')
  const [trustDevice, setTrustDevice] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = kind === 'app' ? TotpCodeSchema.safeParse(code) : null
    if (parsed !== null && !parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null)
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await verifySignInCode(kind, parsed?.data ?? code.trim(), trustDevice)
      await onSignedIn()
    } catch (error) {
      setProblem(twoFactorMessage(error))
      setBusy(false)
    }
  }

  return (
    <div data-state="two-factor" className="flex flex-col gap-5">
      <p className="text-sm">{kind === 'app' ? strings.appHint : strings.backupHint}</p>
      <form onSubmit={submit} aria-label={strings.form} className="flex flex-col gap-4">
        <OneTimeCodeField key={kind} accepts={kind} value={code} onChange={setCode} />
        {problem !== null && <Notice tone="error">{problem}</Notice>}
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={trustDevice}
            onChange={(event) => setTrustDevice(event.target.checked)}
            className="size-4 accent-sakura-600"
          />
          {strings.trust}
        </label>
        <Button type="submit" busy={busy}>
          {strings.verify}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          variant="quiet"
          disabled={busy}
          onClick={() => {
            setKind(kind === 'app' ? 'backup' : 'app')
            setCode('')
            setProblem(null)
          }}
        >
          {kind === 'app' ? strings.useBackup : strings.useApp}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={onBack}>
          {strings.back}
        </Button>
      </div>
    </div>
  )
}
