import { requestTimeoutMs } from '@client/lib/request-timeout'

export const SESSION_PATH = '/api/auth/get-session'

/**
 * The session check every page makes at start: its status and body, or null for a signed-out
 * visitor's answer (`null`), which needs no checking. So the HTTP layer, zod and the shared
 * schemas (the longest task of the first load on a slow phone) load only for anything else.
 */
export async function askForSession(): Promise<{ status: number; body: unknown } | null> {
  const response = await fetch(SESSION_PATH, { signal: AbortSignal.timeout(requestTimeoutMs()) })
  const body: unknown = await response.json().catch(() => undefined)
  return response.ok && body === null ? null : { status: response.status, body }
}
