import { useState, type FormEvent } from 'react'
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from '@shared/auth-messages'
import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@shared/passkeys'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { publicConfig } from '@client/lib/public-config'
import {
  requestPasswordReset,
  sendVerificationEmail,
  signInWithEmail,
  signUpWithEmail,
} from '../auth-api'
import { attempt } from '../auth-errors'
import { sessionChanged } from '../auth-state'
import { OrDivider } from '@client/components/form-parts'
import { Button, Field, Notice } from '@client/components/ui'
import { signInWithGooglePopup } from './google-sign-in'
import { signInWithPasskey, type PasskeyOutcome } from '../passkey-api'
import { usePasskeyAutofill } from './passkey-sign-in'
import { ACCOUNT } from '../strings'
import { TwoFactorChallenge } from './two-factor-challenge'

type Mode = 'login' | 'signup'
type Message = { tone: 'error' | 'success' | 'info'; text: string } | null

/** The signed-out panel: log in, sign up, Google, reset request, resend verification. */
export function SignInView() {
  const strings = useStrings('account', ACCOUNT).signIn
  const t = useMessages()
  const [mode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState<'submit' | 'google' | 'passkey' | 'reset' | 'resend' | null>(
    null,
  )
  const [canResend, setCanResend] = useState(false)
  /** The password was right and the account asks for a two-factor code next. */
  const [needsCode, setNeedsCode] = useState(false)
  const [message, setMessage] = useState<Message>(null)
  // A sign-up whose mail went out is done: it is not sent again until the form is changed.
  const signedUp = mode === 'signup' && message?.text === AUTH_MESSAGES.verificationSent
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value)
    if (signedUp) setMessage(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy('submit')
    setMessage(null)
    if (mode === 'signup') {
      const { message: failure, code } = await attempt(() =>
        signUpWithEmail({ email, password, name: '' }),
      )
      // Registration leaves the user signed out until the address is verified (docs/using.md
      // "Signing up").
      setCanResend(failure === null || code === 'MAIL_NOT_SENT')
      setMessage(
        failure === null
          ? { tone: 'success', text: AUTH_MESSAGES.verificationSent }
          : { tone: 'error', text: failure },
      )
      if (failure === null) setPassword('')
    } else {
      let codeNext = false
      const { message: failure, code } = await attempt(async () => {
        codeNext = await signInWithEmail({ email, password })
      })
      setCanResend(code === 'EMAIL_NOT_VERIFIED')
      if (code === PASSKEY_ERROR_CODES.passkeyOnly) {
        setMessage({ tone: 'error', text: PASSKEY_MESSAGES.passkeyOnly })
      } else if (failure !== null) setMessage({ tone: 'error', text: failure })
      else if (codeNext) {
        setPassword('')
        setNeedsCode(true)
      } else await sessionChanged()
    }
    setBusy(null)
  }

  const requestReset = async () => {
    if (email.trim() === '') {
      setMessage({ tone: 'error', text: AUTH_MESSAGES.resetEmailEmpty })
      return
    }
    setBusy('reset')
    const { message: failure } = await attempt(() => requestPasswordReset(email.trim()))
    setMessage(
      failure === null
        ? { tone: 'success', text: AUTH_MESSAGES.resetEmailSent }
        : { tone: 'error', text: failure },
    )
    setBusy(null)
  }

  const resend = async () => {
    setBusy('resend')
    const { message: failure } = await attempt(() => sendVerificationEmail({ email: email.trim() }))
    setMessage(
      failure === null
        ? { tone: 'success', text: AUTH_MESSAGES.verificationSent }
        : { tone: 'error', text: failure },
    )
    setBusy(null)
  }

  const google = async () => {
    setBusy('google')
    setMessage(null)
    const failure = await signInWithGooglePopup()
    if (failure === null) await sessionChanged()
    else if (typeof failure === 'object') setNeedsCode(true)
    else setMessage({ tone: 'error', text: failure })
    setBusy(null)
  }

  const passkeyDone = async (outcome: PasskeyOutcome) => {
    if (outcome.ok) await sessionChanged()
    else if (outcome.message !== null) setMessage({ tone: 'error', text: outcome.message })
  }
  usePasskeyAutofill((outcome) => void passkeyDone(outcome))

  const passkey = async () => {
    setBusy('passkey')
    setMessage(null)
    await passkeyDone(await signInWithPasskey())
    setBusy(null)
  }

  if (needsCode) {
    return <TwoFactorChallenge onSignedIn={sessionChanged} onBack={() => setNeedsCode(false)} />
  }

  return (
    <div data-state="signed-out" className="flex flex-col gap-6">
      <div
        role="tablist"
        aria-label={strings.tabs}
        className="grid grid-cols-2 rounded-full bg-sunken p-1"
      >
        {(['login', 'signup'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={mode === option}
            onClick={() => {
              setMode(option)
              setMessage(null)
            }}
            className={`rounded-full px-4 py-2 text-sm font-semibold transition ${
              mode === option ? 'bg-raised text-accent shadow' : 'text-ink-muted hover:text-ink'
            }`}
          >
            {option === 'login' ? strings.logIn : strings.signUp}
          </button>
        ))}
      </div>

      <form
        onSubmit={submit}
        className="flex flex-col gap-4"
        aria-label={mode === 'login' ? strings.logIn : strings.signUp}
      >
        <Field
          label={strings.email}
          type="email"
          name="email"
          autoComplete={mode === 'login' ? 'username webauthn' : 'email'}
          required
          value={email}
          onChange={(event) => edited(setEmail)(event.target.value)}
        />
        <Field
          label={strings.password}
          type="password"
          name="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          required
          minLength={mode === 'signup' ? MIN_PASSWORD_LENGTH : undefined}
          value={password}
          onChange={(event) => edited(setPassword)(event.target.value)}
        />
        {mode === 'signup' && <p className="-mt-2 text-xs text-ink-muted">{strings.atLeast}</p>}
        {message !== null && <Notice tone={message.tone}>{t(message.text)}</Notice>}
        <Button type="submit" busy={busy === 'submit'} disabled={busy !== null || signedUp}>
          {mode === 'login' ? strings.logIn : strings.createAccount}
        </Button>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {mode === 'login' && (
          <Button
            variant="quiet"
            busy={busy === 'reset'}
            disabled={busy !== null}
            onClick={requestReset}
          >
            {strings.forgot}
          </Button>
        )}
        {canResend && (
          <Button
            variant="quiet"
            busy={busy === 'resend'}
            disabled={busy !== null}
            onClick={resend}
          >
            {strings.resend}
          </Button>
        )}
      </div>

      {mode === 'login' && publicConfig.passkeys && (
        <>
          <OrDivider />
          <Button
            variant="secondary"
            busy={busy === 'passkey'}
            disabled={busy !== null}
            onClick={passkey}
          >
            {strings.passkey}
          </Button>
        </>
      )}
      {publicConfig.googleSignIn && (
        <>
          {mode === 'signup' && <OrDivider />}
          <Button
            variant="secondary"
            busy={busy === 'google'}
            disabled={busy !== null}
            onClick={google}
          >
            {strings.google}
          </Button>
        </>
      )}
    </div>
  )
}
