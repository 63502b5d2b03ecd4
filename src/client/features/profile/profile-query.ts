import { queryOptions, useMutation, useMutationState, useQuery } from '@tanstack/react-query'
import type { Profile } from '@shared/profile'
import { queryClient } from '@client/lib/query-client'
import { checkProfileLinks, fetchProfile, saveProfile } from './profile-api'

/** The signed-in user whose profile is followed: set as they sign in, cleared as they leave. */
let followed: string | null = null

const profileQuery = (uid: string) =>
  queryOptions({
    queryKey: ['profile', uid],
    queryFn: () =>
      fetchProfile().catch((error: unknown) => {
        // Profile read failures are only logged here; the view offers to try again.
        console.warn('Profile could not be loaded', error)
        throw error
      }),
    // Only this user changes it, and every change writes the cache.
    staleTime: Infinity,
    // A view still on screen as its user leaves (signed out, or the account deleted) finds its
    // profile forgotten; it must not ask the server again, which would answer 401.
    enabled: () => followed === uid,
  })

/**
 * Loads the profile once the user id is known; the server creates it with the defaults
 * when there is none.
 */
export const loadProfile = (uid: string) => {
  followed = uid
  return queryClient.prefetchQuery(profileQuery(uid))
}

/** The profile as last loaded or saved, if it is in the cache. */
export const cachedProfile = (uid: string) => queryClient.getQueryData(profileQuery(uid).queryKey)

/** Resetting the profile: nothing of it is kept, as when signed out. */
export const forgetProfiles = () => {
  followed = null
  queryClient.removeQueries({ queryKey: ['profile'] })
}

export const profileSaved = (profile: Profile) =>
  queryClient.setQueryData(profileQuery(profile.uid).queryKey, profile)

export const useProfile = (uid: string) => useQuery(profileQuery(uid), queryClient)

/**
 * The profile, asked for again each time a page showing it opens and each time the window comes
 * back: its plan and pins change on the server too (the operator's grant, a grant's end).
 */
export const useFreshProfile = (uid: string) =>
  useQuery(
    { ...profileQuery(uid), refetchOnMount: 'always', refetchOnWindowFocus: 'always' },
    queryClient,
  )

export const useSaveProfile = () =>
  useMutation({ mutationFn: saveProfile, onSuccess: profileSaved }, queryClient)

const CHECK_LINKS = ['check-links']

/**
 * Checks the links for a link back. The check runs on when its starter goes (the edit form asks
 * for one as it saves and closes): the profile view follows it through useLinkCheck.
 */
export const useCheckLinks = () =>
  useMutation(
    { mutationKey: CHECK_LINKS, mutationFn: checkProfileLinks, onSuccess: profileSaved },
    queryClient,
  )

/** The latest link check, wherever it was started: running, done, failed, or none yet. */
export const useLinkCheck = () =>
  useMutationState(
    { filters: { mutationKey: CHECK_LINKS }, select: ({ state }) => state },
    queryClient,
  ).at(-1)
