import { useState, type ReactNode } from 'react'
import type { Profile } from '@shared/profile'
import { Button, Notice } from '@client/components/ui'
import { ProfileCard } from './profile-card'
import { ProfileEditor } from './profile-editor'
import { useProfile } from './profile-query'
import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/**
 * The signed-in panel: the profile, or its edit mode. `notice` shows under it in both
 * modes, `actions` only outside edit mode.
 */
export function ProfileView({
  uid,
  email,
  notice,
  actions,
  onSaved,
}: {
  uid: string
  email: string
  notice: ReactNode
  actions: ReactNode
  onSaved: (profile: Profile) => void
}) {
  const query = useProfile(uid)
  const profile = query.data
  const [editing, setEditing] = useState(false)
  const strings = useStrings('profile', PROFILE)

  if (query.isError) {
    return (
      <div data-state="signed-in" className="flex flex-col gap-4">
        <Notice tone="error">{strings.notLoaded}</Notice>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {strings.tryAgain}
        </Button>
      </div>
    )
  }
  if (profile === undefined) {
    return (
      <div
        data-state="signed-in"
        aria-busy="true"
        aria-label={strings.loading}
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
            setEditing(false)
            onSaved(saved)
          }}
        />
      ) : (
        <ProfileCard profile={profile} email={email} onEdit={() => setEditing(true)} />
      )}
      {notice}
      {!editing && actions}
    </div>
  )
}
