import { samePreferences } from '@shared/preferences'
import { saveProfile } from '@client/features/profile/profile-api'
import { cachedProfile, loadProfile, profileSaved } from '@client/features/profile/profile-query'
import {
  adoptPreferences,
  anyChosenHere,
  chosenPreferences,
  onPreferencesChosen,
} from '@client/lib/preferences/preferences'

/**
 * Preferences follow the account (docs/using.md "Preferences"): while signed in, each choice is kept
 * with the profile; at sign-in the account's choices replace this browser's (which the pre-paint
 * script applied first), and an account that has none yet takes this browser's if it made any
 * (a browser that never chose leaves the account its own defaults: the stored font 'default').
 * Signed out, choices stay in the browser only.
 */
let signedIn: string | null = null
/** Saves one after another, so the account ends with the latest choice. */
let saving: Promise<void> = Promise.resolve()

function keepWithAccount(uid: string) {
  saving = saving
    .then(async () => {
      if (signedIn !== uid) return
      profileSaved(await saveProfile({ preferences: chosenPreferences() }))
    })
    .catch((error: unknown) =>
      console.warn('Preferences could not be kept with the account', error),
    )
}

async function signedInAs(uid: string) {
  await loadProfile(uid)
  const kept = cachedProfile(uid)?.preferences
  if (signedIn !== uid || kept === undefined) return
  if (kept === null && anyChosenHere()) keepWithAccount(uid)
  else if (kept !== null && !samePreferences(kept, chosenPreferences())) adoptPreferences(kept)
}

/** Call with each new signed-in user id (null when signed out). */
export function followAccountPreferences(uid: string | null) {
  signedIn = uid
  if (uid !== null) void signedInAs(uid)
}

onPreferencesChosen(() => {
  if (signedIn !== null) keepWithAccount(signedIn)
})
