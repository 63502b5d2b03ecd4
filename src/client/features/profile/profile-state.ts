import { useSyncExternalStore } from 'react'
import type { Profile } from '@shared/profile'
import { fetchProfile } from './profile-api'

export interface ProfileState {
  profile: Profile | null
  status: 'idle' | 'loading' | 'ready' | 'failed'
}

let state: ProfileState = { profile: null, status: 'idle' }
let loadingFor: string | null = null
const listeners = new Set<() => void>()

function setState(next: ProfileState) {
  state = next
  for (const listener of listeners) listener()
}

/**
 * Loads the profile once the user id is known (SPEC 4); the server creates it with the defaults
 * when there is none. Without a user id there is nothing to load.
 */
export async function loadProfile(uid: string | null): Promise<void> {
  if (uid === null) {
    console.warn('Profile not loaded: no user id')
    return
  }
  if (loadingFor === uid) return
  loadingFor = uid
  setState({ profile: state.profile?.uid === uid ? state.profile : null, status: 'loading' })
  try {
    const profile = await fetchProfile()
    if (loadingFor === uid) setState({ profile, status: 'ready' })
  } catch (error) {
    // Profile read failures are only logged (SPEC 8); the view offers to try again.
    console.warn('Profile could not be loaded', error)
    if (loadingFor === uid) setState({ profile: null, status: 'failed' })
    loadingFor = null
  }
}

export function profileSaved(profile: Profile) {
  setState({ profile, status: 'ready' })
}

/** Resetting the profile (SPEC 4): every field back to its default, as when signed out. */
export function resetProfile() {
  loadingFor = null
  setState({ profile: null, status: 'idle' })
}

export function useProfile(): ProfileState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
