import { onUserChange, startAuth } from '@client/features/account/auth-state'
import { loadProfile, resetProfile } from '@client/features/profile/profile-state'

/**
 * Asks for the session; the profile follows the user: loaded once the uid is known (SPEC 4),
 * reset when signed out.
 */
export function startAccountSession() {
  onUserChange((uid) => (uid === null ? resetProfile() : void loadProfile(uid)))
  startAuth()
}
