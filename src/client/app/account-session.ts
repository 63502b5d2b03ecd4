import { onUserChange, sessionEndedByServer, startAuth } from '@client/features/account/auth-state'
import { forgetProfiles, loadProfile } from '@client/features/profile/profile-query'
import { whenSessionEnds } from '@client/lib/http'
import { followAccountPreferences } from './account-preferences'

/**
 * Asks for the session; the profile follows the user: loaded once the uid is known (SPEC 4),
 * reset when signed out; preferences follow the account. A 401 from any /api/me call signs out here too.
 */
export function startAccountSession() {
  whenSessionEnds(sessionEndedByServer)
  onUserChange((uid) => (uid === null ? forgetProfiles() : void loadProfile(uid)))
  onUserChange(followAccountPreferences)
  startAuth()
}
