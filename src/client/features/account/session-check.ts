import { requestTimeoutMs } from '@client/lib/request-timeout'
import type { Session } from './auth-api'

export const SESSION_PATH = '/api/auth/get-session'

/**
 * The session check every page makes at start. A signed-out visitor's answer is `null` and
 * needs no parsing, so the HTTP layer, zod and the shared schemas (the longest task of the
 * first load on a slow phone) load only for a session, or for an answer that is not `null`.
 */
export async function checkSession(): Promise<Session> {
  const response = await fetch(SESSION_PATH, { signal: AbortSignal.timeout(requestTimeoutMs()) })
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok && body === null) return null
  return (await import('./auth-api')).sessionOf(response.status, body)
}
