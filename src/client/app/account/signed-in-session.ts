import { sessionEndedByServer } from '@client/features/account/auth-state'
import { forgetProfiles, loadProfile } from '@client/features/profile/profile-query'
import { whenSessionEnds } from '@client/lib/http'
import { followAccountPreferences } from './account-preferences'
import { SignedInPanel } from './panel-views'

/**
 * What follows the signed-in user: the profile, loaded once the uid is known and reset
 * when signed out, the account's preferences, and the panel's signed-in view, loaded ahead of
 * the panel's opening. A 401 from any /api/me call signs out too.
 */
export function followSignedInUser(): (uid: string | null) => void {
  whenSessionEnds(sessionEndedByServer)
  const preferencesOf = followAccountPreferences()
  return (uid) => {
    if (uid === null) {
      forgetProfiles()
    } else {
      void loadProfile(uid)
      // Nothing to report here: a view that cannot load says so when the panel shows it.
      SignedInPanel.preload().catch(() => undefined)
    }
    preferencesOf(uid)
  }
}
