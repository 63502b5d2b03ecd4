import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '@shared/auth-messages'
import { PASSWORD_CHANGED_REDIRECT_MS } from '@shared/constants'
import {
  KEEP_NOTHING,
  type Keep,
  type Recovered,
  type RecoveryChoices,
  type WayIn,
} from '@shared/account-recovery'
import { ResetCodeAnswerSchema } from '@shared/password-reset'
import { requestJson } from '@client/lib/http'
import { useDateFormat } from '@client/lib/i18n/format'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { resetPassword } from '../auth-api'
import { attempt } from '../auth-errors'
import { Button, Field, Notice } from '@client/components/ui'
import { ACCOUNT } from '../strings'
import { LinkCheckState } from './link-check-state'

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
  if (check.isPending || check.isError) {
    return <LinkCheckState check={check} checking={strings.reset.checking} />
  }
  if (!check.data.valid) return <Notice tone="error">{t(AUTH_MESSAGES.invalidResetLink)}</Notice>
  return <ResetForm code={code} choices={check.data.recovery} />
}

function ResetForm({ code, choices }: { code: string; choices: RecoveryChoices | undefined }) {
  const [, navigate] = useLocation()
  const [keep, setKeep] = useState<Keep>(KEEP_NOTHING)
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
      answer.recovered = await resetPassword({
        newPassword: password,
        token: code,
        ...(choices === undefined ? {} : { keep }),
      })
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
      {choices !== undefined && <KeepChoices choices={choices} keep={keep} onChange={setKeep} />}
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

/**
 * A recovery link's page lists every way in, with when and from which browser it was added;
 * nothing is kept unless the owner ticks it (docs/security.md "Recovery").
 */
function KeepChoices({
  choices,
  keep,
  onChange,
}: {
  choices: RecoveryChoices
  keep: Keep
  onChange: (keep: Keep) => void
}) {
  const strings = useStrings('account', ACCOUNT)
  const format = useDateFormat()
  const added = (way: WayIn) => {
    if (way.addedAt === null) return strings.reset.addedUnknown
    const when = format(new Date(way.addedAt), true)
    if (way.browser === null) return strings.reset.addedAt(when)
    return strings.reset.added(when, strings.sessions.device(way.browser, way.system ?? ''))
  }
  const toggled = (list: string[], id: string, on: boolean) =>
    on ? [...list, id] : list.filter((kept) => kept !== id)
  const { twoFactor } = choices
  const ways = choices.passkeys.length + choices.google.length + (twoFactor === null ? 0 : 1)
  return (
    <>
      {choices.email !== null && (
        <p className="text-sm" data-testid="gives-back">
          {strings.reset.givesBack(choices.email)}
        </p>
      )}
      {ways > 0 && (
        <fieldset className="flex flex-col gap-2 text-sm" data-testid="keep-choices">
          <legend className="mb-1 font-semibold">{strings.reset.keepTitle}</legend>
          <p className="text-ink-muted">{strings.reset.keepHint}</p>
          {choices.passkeys.map((passkey) => (
            <KeepBox
              key={passkey.id}
              label={strings.reset.keepPasskey(passkey.name)}
              detail={added(passkey)}
              checked={keep.passkeys.includes(passkey.id)}
              onChange={(on) =>
                onChange({ ...keep, passkeys: toggled(keep.passkeys, passkey.id, on) })
              }
            />
          ))}
          {twoFactor !== null && (
            <KeepBox
              label={strings.reset.keepTwoFactor}
              detail={added(twoFactor)}
              checked={keep.twoFactor === twoFactor.id}
              onChange={(on) =>
                onChange({
                  ...keep,
                  twoFactor: on ? twoFactor.id : null,
                  backupCodes: on && keep.backupCodes,
                })
              }
            />
          )}
          {twoFactor !== null && keep.twoFactor !== null && choices.backupCodes > 0 && (
            <KeepBox
              label={strings.reset.keepBackupCodes(choices.backupCodes)}
              checked={keep.backupCodes}
              onChange={(on) => onChange({ ...keep, backupCodes: on })}
            />
          )}
          {choices.google.map((link) => (
            <KeepBox
              key={link.id}
              label={strings.reset.keepGoogle}
              detail={added(link)}
              checked={keep.google.includes(link.id)}
              onChange={(on) => onChange({ ...keep, google: toggled(keep.google, link.id, on) })}
            />
          ))}
        </fieldset>
      )}
    </>
  )
}

function KeepBox(props: {
  label: string
  detail?: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-sakura-600"
      />
      <span>
        {props.label}
        {props.detail !== undefined && <span className="block text-ink-muted">{props.detail}</span>}
      </span>
    </label>
  )
}

/** What a recovery link took back, when it took anything (docs/email-and-activity.md). */
function RecoveredList({ recovered }: { recovered: Recovered }) {
  const strings = useStrings('account', ACCOUNT).reset
  const items = [
    ...(recovered.email === null ? [] : [strings.recoveredEmail(recovered.email)]),
    ...(recovered.handle === null ? [] : [strings.recoveredHandle(recovered.handle)]),
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
