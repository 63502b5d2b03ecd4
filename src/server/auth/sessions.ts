import Bowser from 'bowser'
import type { SessionSummary } from '../../shared/sessions'
import type { Auth } from './auth'

/** 'Chrome 156' and 'Linux' from a User-Agent header; null for what it does not tell. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null
  system: string | null
} {
  if (userAgent === null || userAgent === undefined || userAgent.trim() === '') {
    return { browser: null, system: null }
  }
  const { browser, os } = Bowser.parse(userAgent)
  const major = browser.version?.split('.')[0]
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    // Browsers freeze the system version they report (macOS 10.15, Windows 10): the name only.
    system: os.name || null,
  }
}

const isoString = (date: Date | string) => new Date(date).toISOString()

/**
 * The user's live sessions, this one first, then the most recently seen. Read through Better
 * Auth, so they are found wherever they are kept (database, Redis).
 */
export async function listSessions(
  auth: Auth,
  uid: string,
  currentId: string,
): Promise<SessionSummary[]> {
  const context = await auth.$context
  const now = Date.now()
  const sessions = await context.internalAdapter.listSessions(uid)
  return sessions
    .filter((session) => new Date(session.expiresAt).getTime() > now)
    .map((session) => ({
      id: session.id,
      ...describeUserAgent(session.userAgent),
      signedInAt: isoString(session.createdAt),
      lastSeenAt: isoString(session.updatedAt),
      thisDevice: session.id === currentId,
    }))
    .sort(
      (a, b) =>
        Number(b.thisDevice) - Number(a.thisDevice) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    )
}

/** Ends one of the user's sessions by its id; false when the user has no session with it. */
export async function endSession(auth: Auth, uid: string, id: string): Promise<boolean> {
  const context = await auth.$context
  const session = (await context.internalAdapter.listSessions(uid)).find(
    (candidate) => candidate.id === id,
  )
  if (session === undefined) return false
  await context.internalAdapter.deleteSession(session.token)
  return true
}

/** Ends every session of the user but the one with this id; how many ended. */
export async function endOtherSessions(auth: Auth, uid: string, keepId: string): Promise<number> {
  const context = await auth.$context
  const others = (await context.internalAdapter.listSessions(uid)).filter(
    (session) => session.id !== keepId,
  )
  for (const session of others) await context.internalAdapter.deleteSession(session.token)
  return others.length
}
