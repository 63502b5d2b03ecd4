import { onUserChange, startAuth } from '@client/features/account/auth-state'

/**
 * Asks for the session. The code that follows a signed-in user (the profile with TanStack Query,
 * the shared schemas, preferences kept with the account) loads with the first one, so a
 * visitor who stays signed out never runs it.
 */
export function startAccountSession() {
  let follow: Promise<(uid: string | null) => void> | undefined
  onUserChange((uid) => {
    if (uid === null && follow === undefined) return
    follow ??= import('./signed-in-session').then((module) => module.followSignedInUser())
    void follow.then((followUser) => followUser(uid))
  })
  startAuth()
}
