import { sessionEndedByServer } from '@client/features/account/auth-state'
import { forgetProfiles, loadProfile } from '@client/features/profile/profile-query'
import { whenSessionEnds } from '@client/lib/http'
import { followAccountPreferences } from './account-preferences'

/**
 * What follows the signed-in user: the profile, loaded once the uid is known (SPEC 4) and reset
 * when signed out, and the account's preferences. A 401 from any /api/me call signs out too.
 */
export function followSignedInUser(): (uid: string | null) => void {
  whenSessionEnds(sessionEndedByServer)
  return (uid) => {
    if (uid === null) forgetProfiles()
    else void loadProfile(uid)
    followAccountPreferences(uid)
  }
}
