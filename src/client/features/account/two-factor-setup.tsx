import { useState, type FormEvent } from 'react'
import { TotpCodeSchema, type TwoFactorSetup } from '@shared/two-factor'
import { Button, Field, Notice } from '@client/components/ui'
import {
  confirmTwoFactor,
  downloadBackupCodes,
  setupKeyOf,
  twoFactorMessage,
} from './two-factor-api'
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
    <form
      onSubmit={confirm}
      aria-label="Set up two-factor authentication"
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-ink-muted">
        Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or
        1Password), then enter the 6-digit code it shows.
      </p>
      <div className="flex justify-center">
        <TwoFactorQr uri={setup.totpURI} />
      </div>
      <div className="rounded-2xl border border-line bg-sunken px-4 py-3 text-sm">
        <p className="font-semibold">Can't scan it? Enter this setup key:</p>
        <code className="mt-1 block font-mono text-base tracking-wider break-all select-all">
          {setupKeyOf(setup.totpURI)}
        </code>
      </div>
      <Field
        label="6-digit code"
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {problem !== null && <Notice tone="error">{problem}</Notice>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          Turn on
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

/** The 10 backup codes, shown once, to copy or save as a file. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)

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
      <Notice tone="success">Two-factor authentication is on.</Notice>
      <p className="text-sm">
        Keep these backup codes somewhere safe. Each signs you in once if you lose your
        authenticator app. <strong>They are shown only now.</strong>
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-2xl border border-line bg-sunken p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" autoFocus onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={() => downloadBackupCodes(codes)}>
          Download as .txt
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
      {copied === 'yes' && <Notice tone="success">Copied to the clipboard.</Notice>}
      {copied === 'failed' && (
        <Notice tone="error">Could not copy. Please download them or write them down.</Notice>
      )}
    </>
  )
}
