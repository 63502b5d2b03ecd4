import { useSyncExternalStore } from 'react'
import {
  RETRY_BACKOFF_MAX_MS,
  RETRY_BACKOFF_START_MS,
  SESSION_REFRESH_BEFORE_EXPIRY_MS,
} from '@shared/constants'
import type { Session } from './auth-api'
import { askForSession } from './session-check'

/** The auth user fields the app reads. */
export interface AuthUser {
  uid: string
  email: string
  emailVerified: boolean
}

export interface AuthState {
  user: AuthUser | null
  isLoggedIn: boolean
  /** False until the first answer about the session; nothing is shown as fact before it. */
  authReady: boolean
  /** Set while the server cannot be reached; the state above is the last one known. */
  connectionProblem: string | null
  /**
   * Why the panel is signed out, shown until the next sign-in: the server ended the session, or
   * the account was deleted here.
   */
  signedOutBecause: SignedOutReason
}

export type SignedOutReason = 'sessionEnded' | 'accountDeleted' | null

/** Before the first answer; also what a prerendered page is drawn with and hydrates against. */
const UNKNOWN: AuthState = {
  user: null,
  isLoggedIn: false,
  authReady: false,
  connectionProblem: null,
  signedOutBecause: null,
}
let state: AuthState = UNKNOWN
const listeners = new Set<() => void>()
/**
 * Other tabs of this browser: a sign-in or sign-out in one shows in all. None where a page is
 * prerendered, whose process an open channel would keep alive.
 */
const tabs =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('mofu-auth')
let refreshTimer: number | undefined
let retryDelay = RETRY_BACKOFF_START_MS

function setState(
  next: Pick<AuthState, 'user' | 'connectionProblem'> & { signedOutBecause?: SignedOutReason },
) {
  state = {
    ...next,
    isLoggedIn: next.user !== null,
    authReady: true,
    signedOutBecause: next.user === null ? (next.signedOutBecause ?? state.signedOutBecause) : null,
  }
  for (const listener of listeners) listener()
}

/** Calls `listener` with the uid (null when signed out) each time the signed-in user changes. */
export function onUserChange(listener: (uid: string | null) => void): void {
  let uid: string | null = null
  listeners.add(() => {
    const next = state.user?.uid ?? null
    if (next === uid) return
    uid = next
    listener(next)
  })
}

/** The session, or null when signed out; an answer other than `null` is checked by auth-api. */
async function currentSession(): Promise<Session> {
  const answer = await askForSession()
  if (answer === null) return null
  return (await import('./auth-api')).sessionOf(answer.status, answer.body)
}

function schedule(delayMs: number) {
  window.clearTimeout(refreshTimer)
  refreshTimer = window.setTimeout(() => void refreshSession(), Math.max(delayMs, 1_000))
}

/**
 * Asks the server for the session. A session is refreshed 5 minutes before it expires; after a
 * network failure the next try waits 30 s, doubling up to 960 s (docs/using.md "Sessions"). A
 * session this tab held and the server no longer knows (expired, or ended elsewhere: a disabled
 * account) shows the session-ended message, unless another tab said it signed out on purpose.
 */
export async function refreshSession(signedOutElsewhere = false): Promise<void> {
  try {
    const data = await currentSession()
    retryDelay = RETRY_BACKOFF_START_MS
    if (data === null) {
      window.clearTimeout(refreshTimer)
      const ended = state.user !== null && !signedOutElsewhere
      setState({
        user: null,
        connectionProblem: null,
        ...(ended ? { signedOutBecause: 'sessionEnded' as const } : {}),
      })
      return
    }
    const { id, email, emailVerified } = data.user
    setState({ user: { uid: id, email, emailVerified }, connectionProblem: null })
    schedule(
      new Date(data.session.expiresAt).getTime() - Date.now() - SESSION_REFRESH_BEFORE_EXPIRY_MS,
    )
  } catch (error) {
    const { authErrorMessage } = await import('./auth-errors')
    setState({ user: state.user, connectionProblem: authErrorMessage(error) })
    schedule(retryDelay)
    retryDelay = Math.min(retryDelay * 2, RETRY_BACKOFF_MAX_MS)
  }
}

/** After this tab signed in or out: update here, then tell the other tabs. */
export async function sessionChanged(): Promise<void> {
  await refreshSession()
  tabs?.postMessage('session-changed')
}

export function signOutLocally(because: 'accountDeleted' | null = null) {
  window.clearTimeout(refreshTimer)
  setState({ user: null, connectionProblem: null, signedOutBecause: because })
  tabs?.postMessage('session-changed')
}

/** The server no longer knows this session: signed out here, and told why. */
export function sessionEndedByServer() {
  if (state.user === null) return
  window.clearTimeout(refreshTimer)
  setState({ user: null, connectionProblem: null, signedOutBecause: 'sessionEnded' })
  tabs?.postMessage('session-changed')
}

export function startAuth() {
  tabs?.addEventListener('message', () => void refreshSession(true))
  // A tab coming back may hold a session that expired or ended elsewhere.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshSession()
  })
  window.addEventListener('online', () => void refreshSession())
  void refreshSession()
}

/** The auth state (`user`, `isLoggedIn`, `authReady`, …), kept current in every component. */
export function useAuth(): AuthState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
    () => UNKNOWN,
  )
}
