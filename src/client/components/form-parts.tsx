import { useStrings } from '@client/lib/i18n/i18n'
import { Field } from './ui'

/** The words of the form parts below (docs/architecture.md "Languages"). */
export const FORM_PARTS = {
  or: 'or',
  currentPassword: 'Current password',
  code: {
    app: '6-digit code',
    backup: 'Backup code',
    either: 'Code from your authenticator app, or a backup code',
  },
}

/** The line between signing in with a password and the other ways in; for the eye only. */
export function OrDivider() {
  const strings = useStrings('formParts', FORM_PARTS)
  return (
    <div className="flex items-center gap-3 text-xs text-ink-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      {strings.or}
      <span className="h-px flex-1 bg-line" />
    </div>
  )
}

/**
 * The current password, asked again before a change that needs it (two-factor, change of
 * address, password removal, deletion), named so a password manager fills it.
 */
export function CurrentPasswordField({
  value,
  onChange,
  required,
  autoFocus,
}: {
  value: string
  onChange: (password: string) => void
  required?: boolean
  autoFocus?: boolean
}) {
  const strings = useStrings('formParts', FORM_PARTS)
  return (
    <Field
      label={strings.currentPassword}
      type="password"
      name="current-password"
      autoComplete="current-password"
      required={required}
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

/**
 * What a one-time code field accepts: the 6 digits of an authenticator app (a number pad on
 * touch screens), a backup code, or either.
 */
export type OneTimeCode = keyof typeof FORM_PARTS.code

const INPUT_MODES = { app: 'numeric', backup: 'text', either: undefined } as const

/** A one-time code, asked at once (focused); a browser may offer one it was sent. */
export function OneTimeCodeField({
  accepts,
  value,
  onChange,
}: {
  accepts: OneTimeCode
  value: string
  onChange: (code: string) => void
}) {
  const strings = useStrings('formParts', FORM_PARTS)
  return (
    <Field
      label={strings.code[accepts]}
      name="one-time-code"
      inputMode={INPUT_MODES[accepts]}
      autoComplete="one-time-code"
      autoFocus
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
