import type { SessionSummary } from '../../shared/sessions'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import type { Auth } from '../auth/auth'
import { forgetBrowserOfSession, forgetTrustedBrowsers } from '../auth/trusted-browsers'
import { describeUserAgent } from '../user-agent'

interface SessionDeps {
  auth: Auth
  db: Kysely<Tables>
}

const isoString = (date: Date | string) => new Date(date).toISOString()

/** A session as Better Auth keeps it that has not expired yet. */
export const isLive = (session: { expiresAt: Date | string }) =>
  new Date(session.expiresAt).getTime() > Date.now()

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
  const sessions = await context.internalAdapter.listSessions(uid)
  return sessions
    .filter(isLive)
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

/**
 * Ends one of the user's sessions by its id, and forgets its browser if that browser was
 * trusted to skip two-factor codes; false when the user has no session with it.
 */
export async function endSession(
  { auth, db }: SessionDeps,
  uid: string,
  id: string,
): Promise<boolean> {
  const context = await auth.$context
  const session = (await context.internalAdapter.listSessions(uid)).find(
    (candidate) => candidate.id === id,
  )
  if (session === undefined) return false
  await context.internalAdapter.deleteSession(session.token)
  await forgetBrowserOfSession(db, session.id)
  return true
}

/**
 * Ends every session of the user but the one with this id, and forgets every browser the
 * account trusted to skip two-factor codes; how many sessions ended.
 */
export async function endOtherSessions(
  { auth, db }: SessionDeps,
  uid: string,
  keepId: string,
): Promise<number> {
  const context = await auth.$context
  const others = (await context.internalAdapter.listSessions(uid)).filter(
    (session) => session.id !== keepId,
  )
  for (const session of others) await context.internalAdapter.deleteSession(session.token)
  await forgetTrustedBrowsers(db, uid)
  return others.length
}
