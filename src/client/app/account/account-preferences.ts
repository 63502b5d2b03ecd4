import { PREFERENCE_NAMES } from '@shared/preferences'
import { saveProfile } from '@client/features/profile/profile-api'
import { cachedProfile, loadProfile, profileSaved } from '@client/features/profile/profile-query'
import {
  adoptPreferences,
  chosenHere,
  differsHere,
  onPreferencesChosen,
} from '@client/lib/preferences/preferences'

/**
 * Preferences follow the account (docs/using.md "Preferences"): while signed in, each choice is kept
 * with the profile; at sign-in the account's choices replace this browser's (which the pre-paint
 * script applied first), and the account takes what this browser chose and it never did. Only
 * choices travel: a preference never chosen here leaves the account's own (the stored font
 * 'default', not the 'orbitron' a browser shows by default). Signed out, choices stay here.
 */
let signedIn: string | null = null
/** Saves one after another, so the account ends with the latest choice. */
let saving: Promise<void> = Promise.resolve()

function keepWithAccount(uid: string) {
  saving = saving
    .then(async () => {
      if (signedIn !== uid) return
      profileSaved(await saveProfile({ preferences: chosenHere() }))
    })
    .catch((error: unknown) =>
      console.warn('Preferences could not be kept with the account', error),
    )
}

async function signedInAs(uid: string) {
  await loadProfile(uid)
  const kept = cachedProfile(uid)?.preferences
  if (signedIn !== uid || kept === undefined) return
  if (kept !== null && differsHere(kept)) adoptPreferences(kept)
  const chosen = chosenHere()
  const accountLacks = PREFERENCE_NAMES.some(
    (name) => chosen[name] !== undefined && kept?.[name] === undefined,
  )
  if (accountLacks) keepWithAccount(uid)
}

/**
 * Starts following the account's preferences: each choice made here from now on is kept with the
 * account while signed in. Returns what to call with each new signed-in user id (null when signed
 * out).
 */
export function followAccountPreferences(): (uid: string | null) => void {
  onPreferencesChosen(() => {
    if (signedIn !== null) keepWithAccount(signedIn)
  })
  return (uid) => {
    signedIn = uid
    if (uid !== null) void signedInAs(uid)
  }
}
