import { useRef, useState, type FormEvent } from 'react'
import { Link, useSearch } from 'wouter'
import { AUTH_MESSAGES } from '../../shared/auth-messages'
import { PASSWORD_RESET_SENT_NOTICE_MS, PROFILE_SAVED_NOTICE_MS } from '../../shared/constants'
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MESSAGES,
  handleProblem,
  NAME_MAX_LENGTH,
  normalizeHandle,
  type Profile,
} from '../../shared/profile'
import { AvatarEditor } from '../avatar/avatar-editor'
import { AvatarImage } from '../avatar/avatar-image'
import { authClient } from '../account/auth-client'
import { attempt } from '../account/auth-errors'
import { signOutLocally, type AuthUser } from '../account/auth-state'
import { Button, Field, Notice } from '../account/form-parts'
import { applyToRoot, readPreferences } from '../preferences/stored'
import { ApiError, checkHandle, deleteAccount, saveProfile } from './profile-api'
import { loadProfile, profileSaved, resetProfile, useProfile } from './profile-state'

/** The spec leaves the wording open; this asks "Do you want to log out?". */
const LOG_OUT_QUESTION = 'ログアウトしますか？'
/** Availability is asked this long after the last keystroke. */
const HANDLE_CHECK_DELAY_MS = 300

type Flash = { tone: 'success' | 'error'; text: string } | null

/**
 * Resetting the profile (SPEC 4): all local storage is cleared and the profile returns to its
 * defaults. Preferences stored there fall back to theirs, applied at once.
 */
function resetProfileState() {
  try {
    window.localStorage.clear()
  } catch {
    // Storage unavailable: nothing stored to clear.
  }
  applyToRoot(document.documentElement, readPreferences())
  resetProfile()
}

/** Signed in (SPEC 2, state 2): the profile view, its edit mode and the account actions. */
export function ProfileView({ user }: { user: AuthUser }) {
  const { profile, status } = useProfile()
  const verifiedJustNow = new URLSearchParams(useSearch()).get('verified') === 'true'
  const [flash, setFlash] = useState<Flash>(
    verifiedJustNow ? { tone: 'success', text: AUTH_MESSAGES.emailVerified } : null,
  )
  const [editing, setEditing] = useState(false)
  const flashTimer = useRef<number | undefined>(undefined)

  const show = (next: Flash, forMs?: number) => {
    window.clearTimeout(flashTimer.current)
    setFlash(next)
    if (forMs !== undefined) flashTimer.current = window.setTimeout(() => setFlash(null), forMs)
  }

  if (status === 'failed') {
    return (
      <div data-state="signed-in" className="flex flex-col gap-4">
        <Notice tone="error">Your profile could not be loaded.</Notice>
        <Button variant="secondary" onClick={() => void loadProfile(user.uid)}>
          Try again
        </Button>
      </div>
    )
  }
  if (profile === null) {
    return (
      <div
        data-state="signed-in"
        aria-busy="true"
        aria-label="Loading your profile"
        className="animate-pulse space-y-4"
      >
        <div className="mx-auto size-24 rounded-full bg-accent-soft" />
        <div className="h-6 rounded-full bg-accent-soft" />
        <div className="h-6 w-2/3 rounded-full bg-accent-soft" />
      </div>
    )
  }
  return (
    <div data-state="signed-in" className="flex flex-col gap-5">
      {editing ? (
        <ProfileEditor
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            profileSaved(saved)
            setEditing(false)
            show({ tone: 'success', text: HANDLE_MESSAGES.saved }, PROFILE_SAVED_NOTICE_MS)
          }}
        />
      ) : (
        <ProfileCard profile={profile} email={user.email} onEdit={() => setEditing(true)} />
      )}
      {flash !== null && <Notice tone={flash.tone}>{flash.text}</Notice>}
      {!editing && <AccountActions user={user} onFlash={show} />}
    </div>
  )
}

function ProfileCard({
  profile,
  email,
  onEdit,
}: {
  profile: Profile
  email: string
  onEdit: () => void
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <AvatarImage
        address={profile.avatar}
        className="border-4 border-sakura-300"
        alt="Your avatar"
      />
      <div>
        <p className="text-xl font-bold text-ink" data-testid="profile-name">
          {profile.name || 'No name yet'}
        </p>
        <p className="text-accent" data-testid="profile-handle">
          {profile.displayUsername ? `@${profile.displayUsername}` : 'No ID yet'}
        </p>
        <p className="mt-1 text-sm break-all text-ink-muted">{email}</p>
      </div>
      <dl className="grid w-full grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-sunken px-3 py-2">
          <dt className="text-ink-muted">Plan</dt>
          <dd className="font-semibold text-ink capitalize">{profile.plan}</dd>
        </div>
        <div className="rounded-xl bg-sunken px-3 py-2">
          <dt className="text-ink-muted">Pins used</dt>
          <dd className="font-semibold text-ink">
            {profile.usedPinCount} / {profile.pinCount}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onEdit}>Edit</Button>
        {profile.username !== '' && (
          <Link
            href={`/@${profile.username}`}
            className="inline-flex items-center rounded-full border border-line px-5 py-2.5 font-semibold text-ink hover:bg-accent-soft"
          >
            Public page
          </Link>
        )}
      </div>
    </div>
  )
}

type Availability =
  | { state: 'unchanged' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken' }
  | { state: 'invalid'; message: string }
  | { state: 'unknown'; message: string }

function ProfileEditor({
  profile,
  onCancel,
  onSaved,
}: {
  profile: Profile
  onCancel: () => void
  onSaved: (profile: Profile) => void
}) {
  const [name, setName] = useState(profile.name)
  const [handle, setHandle] = useState(profile.displayUsername)
  const [availability, setAvailability] = useState<Availability>({ state: 'unchanged' })
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const latestCheck = useRef(0)
  const checkTimer = useRef<number | undefined>(undefined)

  const changeHandle = (typed: string) => {
    const { username, displayUsername } = normalizeHandle(typed)
    setHandle(displayUsername)
    window.clearTimeout(checkTimer.current)
    const check = ++latestCheck.current
    if (username === profile.username && username !== '') {
      setAvailability({ state: 'unchanged' })
      return
    }
    const problem = username === '' ? null : handleProblem(username)
    if (username === '' || problem !== null) {
      setAvailability(
        problem === null ? { state: 'unchanged' } : { state: 'invalid', message: problem },
      )
      return
    }
    setAvailability({ state: 'checking' })
    checkTimer.current = window.setTimeout(async () => {
      try {
        const answer = await checkHandle(username)
        // An older answer arriving after a newer question is ignored.
        if (check !== latestCheck.current) return
        setAvailability(answer.available ? { state: 'available' } : { state: 'taken' })
      } catch (error) {
        if (check !== latestCheck.current) return
        setAvailability({
          state: 'unknown',
          message: error instanceof ApiError ? error.message : AUTH_MESSAGES.offline,
        })
      }
    }, HANDLE_CHECK_DELAY_MS)
  }

  const username = normalizeHandle(handle).username
  const saveDisabled =
    saving ||
    availability.state === 'checking' ||
    availability.state === 'taken' ||
    availability.state === 'invalid' ||
    name.trim() === '' ||
    username === ''

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (saveDisabled) return
    setSaving(true)
    setFailure(null)
    try {
      onSaved(await saveProfile({ name, handle }))
    } catch (error) {
      if (error instanceof ApiError && error.code === 'HANDLE_TAKEN')
        setAvailability({ state: 'taken' })
      else setFailure(error instanceof ApiError ? error.message : AUTH_MESSAGES.offline)
      setSaving(false)
    }
  }

  const status =
    availability.state === 'checking'
      ? HANDLE_MESSAGES.checking
      : availability.state === 'taken'
        ? HANDLE_MESSAGES.taken
        : availability.state === 'available'
          ? HANDLE_MESSAGES.available
          : availability.state === 'invalid' || availability.state === 'unknown'
            ? availability.message
            : null

  return (
    <form onSubmit={save} aria-label="Edit profile" className="flex flex-col gap-4">
      <AvatarEditor
        avatar={profile.avatar}
        onChanged={(avatar) => profileSaved({ ...profile, avatar })}
      />
      <Field
        label="Name"
        name="name"
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <Field
          label="ID"
          name="handle"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={HANDLE_MAX_LENGTH}
          aria-describedby="handle-status"
          value={handle}
          onChange={(event) => changeHandle(event.target.value)}
        />
        <p
          id="handle-status"
          aria-live="polite"
          data-testid="handle-status"
          className={`min-h-5 text-sm ${
            availability.state === 'available'
              ? 'text-ink'
              : availability.state === 'checking' || availability.state === 'unchanged'
                ? 'text-ink-muted'
                : 'font-semibold text-accent'
          }`}
        >
          {status}
        </p>
      </div>
      {failure !== null && <Notice tone="error">{failure}</Notice>}
      <div className="flex gap-3">
        <Button type="submit" busy={saving} disabled={saveDisabled}>
          {saving ? HANDLE_MESSAGES.saving : 'Save'}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function AccountActions({
  user,
  onFlash,
}: {
  user: AuthUser
  onFlash: (flash: Flash, forMs?: number) => void
}) {
  const [busy, setBusy] = useState<'password' | 'logout' | 'delete' | null>(null)
  const [confirming, setConfirming] = useState<'logout' | 'delete' | null>(null)

  const changePassword = async () => {
    setBusy('password')
    const { message } = await attempt(() => authClient.requestPasswordReset({ email: user.email }))
    setBusy(null)
    if (message !== null) onFlash({ tone: 'error', text: message })
    else
      onFlash(
        { tone: 'success', text: AUTH_MESSAGES.resetEmailSent },
        PASSWORD_RESET_SENT_NOTICE_MS,
      )
  }

  const logOut = async () => {
    setBusy('logout')
    resetProfileState()
    await attempt(() => authClient.signOut())
    signOutLocally()
  }

  const removeAccount = async () => {
    setBusy('delete')
    try {
      await deleteAccount()
      resetProfileState()
      signOutLocally()
    } catch (error) {
      setBusy(null)
      onFlash({
        tone: 'error',
        text: error instanceof ApiError ? error.message : AUTH_MESSAGES.offline,
      })
    }
  }

  return (
    <>
      <div className="flex flex-wrap justify-center gap-3 border-t border-line pt-5">
        <Button
          variant="secondary"
          busy={busy === 'password'}
          disabled={busy !== null}
          onClick={changePassword}
        >
          Change password
        </Button>
        <Button
          variant="secondary"
          disabled={busy !== null}
          onClick={() => setConfirming('logout')}
        >
          Log out
        </Button>
        <Button variant="quiet" disabled={busy !== null} onClick={() => setConfirming('delete')}>
          Delete account
        </Button>
      </div>
      {confirming === 'logout' && (
        <div
          role="alertdialog"
          aria-labelledby="logout-question"
          className="flex flex-col gap-3 rounded-2xl border border-line bg-raised p-4 shadow-lg"
        >
          <p id="logout-question" lang="ja" className="font-semibold text-ink">
            {LOG_OUT_QUESTION}
          </p>
          <div className="flex gap-3">
            <Button busy={busy === 'logout'} onClick={logOut} autoFocus>
              <span lang="ja">ログアウト</span>
            </Button>
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => setConfirming(null)}
            >
              <span lang="ja">キャンセル</span>
            </Button>
          </div>
        </div>
      )}
      {confirming === 'delete' && (
        <div
          role="alertdialog"
          aria-labelledby="delete-question"
          aria-describedby="delete-detail"
          className="flex flex-col gap-3 rounded-2xl border border-sakura-600/60 bg-raised p-4 shadow-lg"
        >
          <p id="delete-question" className="font-semibold text-ink">
            Delete your account?
          </p>
          <p id="delete-detail" className="text-sm text-ink-muted">
            Your profile, avatar, sessions and sign-in go for good, and your ID becomes free for
            others. This cannot be undone.
          </p>
          <div className="flex gap-3">
            <Button busy={busy === 'delete'} onClick={removeAccount}>
              Delete for good
            </Button>
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => setConfirming(null)}
              autoFocus
            >
              Keep my account
            </Button>
          </div>
        </div>
      )}
    </>
  )
}
