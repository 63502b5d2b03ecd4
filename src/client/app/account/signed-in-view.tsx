import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { PROFILE_SAVED_NOTICE_MS } from '@shared/constants'
import { HANDLE_MESSAGES } from '@shared/profile'
import { Notice, type Flash } from '@client/components/ui'
import { AccountActions } from '@client/features/account/account-actions'
import type { AuthUser } from '@client/features/account/auth-state'
import { ActivityList } from '@client/features/account/security/activity-list'
import { EmailChangeSection } from '@client/features/account/security/email-change-section'
import { PasskeysSection } from '@client/features/account/security/passkeys-section'
import { SessionsList } from '@client/features/account/security/sessions-list'
import { TwoFactorSection } from '@client/features/account/security/two-factor-section'
import { ProfileView } from '@client/features/profile/profile-view'
import { publicConfig } from '@client/lib/public-config'
import { forgetProfiles } from '@client/features/profile/profile-query'
import { reloadPreferences } from '@client/lib/preferences/preferences'

/**
 * Resetting the profile as the user leaves (docs/using.md "Sessions", Log-out): all local storage
 * is cleared and the profile returns to its defaults. Preferences stored there fall back to theirs,
 * applied at once.
 */
function resetLocalState() {
  try {
    window.localStorage.clear()
  } catch {
    // Storage unavailable: nothing stored to clear.
  }
  reloadPreferences()
  forgetProfiles()
}

/** The signed-in panel: the profile feature with the account actions under it, one notice. */
export function SignedInView({ user }: { user: AuthUser }) {
  const verifiedJustNow = new URLSearchParams(useSearch()).get('verified') === 'true'
  const [flash, setFlash] = useState<Flash>(
    verifiedJustNow ? { tone: 'success', text: AUTH_MESSAGES.emailVerified } : null,
  )
  const flashTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(flashTimer.current), [])

  const show = (next: Flash, forMs?: number) => {
    window.clearTimeout(flashTimer.current)
    setFlash(next)
    if (forMs !== undefined) flashTimer.current = window.setTimeout(() => setFlash(null), forMs)
  }

  return (
    <ProfileView
      uid={user.uid}
      email={user.email}
      onSaved={() =>
        show({ tone: 'success', text: HANDLE_MESSAGES.saved }, PROFILE_SAVED_NOTICE_MS)
      }
      notice={flash !== null && <Notice tone={flash.tone}>{flash.text}</Notice>}
      actions={
        <>
          <EmailChangeSection uid={user.uid} />
          <TwoFactorSection uid={user.uid} />
          <SessionsList uid={user.uid} />
          <ActivityList user={user} />
          {publicConfig.passkeys && <PasskeysSection uid={user.uid} />}
          <AccountActions user={user} onFlash={show} onLeaving={resetLocalState} />
        </>
      }
    />
  )
}
