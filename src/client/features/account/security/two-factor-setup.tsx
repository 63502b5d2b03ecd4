import { useState, type FormEvent } from 'react'
import { TotpCodeSchema, type TwoFactorSetup } from '@shared/two-factor'
import { OneTimeCodeField } from '@client/components/form-parts'
import { Button, Notice } from '@client/components/ui'
import { useStrings } from '@client/lib/i18n/i18n'
import {
  confirmTwoFactor,
  downloadBackupCodes,
  setupKeyOf,
  twoFactorMessage,
} from '../two-factor-api'
import { ACCOUNT } from '../strings'
import { TwoFactorQr } from './two-factor-qr'

/**
 * Turning two-factor on, once the server has made a secret: scan the QR code (or type the key),
 * confirm with a code, then keep the backup codes, shown this once.
 */
export function TwoFactorSetupSteps({
  setup,
  onConfirmed,
  onCancel,
  onDone,
}: {
  setup: TwoFactorSetup
  onConfirmed: () => void
  onCancel: () => void
  onDone: () => void
}) {
  const [confirmed, setConfirmed] = useState(false)
  const all = useStrings('account', ACCOUNT)
  const strings = all.setup
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const confirm = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = TotpCodeSchema.safeParse(code)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null)
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await confirmTwoFactor(parsed.data)
      setConfirmed(true)
      onConfirmed()
    } catch (error) {
      setProblem(twoFactorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  if (confirmed) return <BackupCodes codes={setup.backupCodes} onDone={onDone} />

  return (
    <form onSubmit={confirm} aria-label={strings.form} className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">{strings.scan}</p>
      <div className="flex justify-center">
        <TwoFactorQr uri={setup.totpURI} />
      </div>
      <div className="rounded-2xl border border-line bg-sunken px-4 py-3 text-sm">
        <p className="font-semibold">{strings.cantScan}</p>
        <code className="mt-1 block font-mono text-base tracking-wider break-all select-all">
          {setupKeyOf(setup.totpURI)}
        </code>
      </div>
      <OneTimeCodeField accepts="app" value={code} onChange={setCode} />
      {problem !== null && <Notice tone="error">{problem}</Notice>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {strings.turnOn}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {all.common.cancel}
        </Button>
      </div>
    </form>
  )
}

/** The 10 backup codes, shown once, to copy or save as a file. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const strings = useStrings('account', ACCOUNT).setup

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <>
      <Notice tone="success">{strings.isOn}</Notice>
      <p className="text-sm">
        {strings.keep} <strong>{strings.onlyNow}</strong>
      </p>
      <ul
        aria-label={strings.codes}
        className="grid grid-cols-2 gap-2 rounded-2xl border border-line bg-sunken p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" autoFocus onClick={() => void copy()}>
          {strings.copy}
        </Button>
        <Button variant="secondary" onClick={() => downloadBackupCodes(codes)}>
          {strings.download}
        </Button>
        <Button onClick={onDone}>{strings.done}</Button>
      </div>
      {copied === 'yes' && <Notice tone="success">{strings.copied}</Notice>}
      {copied === 'failed' && <Notice tone="error">{strings.notCopied}</Notice>}
    </>
  )
}
