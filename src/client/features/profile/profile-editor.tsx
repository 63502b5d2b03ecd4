import { useState, type FormEvent } from 'react'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MESSAGES,
  NAME_MAX_LENGTH,
  normalizeHandle,
  type Profile,
} from '@shared/profile'
import { Button, Field, Notice } from '@client/components/ui'
import { ApiError } from '@client/lib/http'
import { AvatarEditor } from './avatar/avatar-editor'
import { saveProfile } from './profile-api'
import { profileSaved } from './profile-state'
import { availabilityMessage, useHandleAvailability } from './use-handle-availability'

/** Edit mode (SPEC 4): avatar, name and ID, saved together. */
export function ProfileEditor({
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
  const { availability, check, markTaken } = useHandleAvailability(profile.username)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const changeHandle = (typed: string) => {
    const { username, displayUsername } = normalizeHandle(typed)
    setHandle(displayUsername)
    check(username)
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
      if (error instanceof ApiError && error.code === 'HANDLE_TAKEN') markTaken()
      else setFailure(error instanceof ApiError ? error.message : AUTH_MESSAGES.offline)
      setSaving(false)
    }
  }

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
          {availabilityMessage(availability)}
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
