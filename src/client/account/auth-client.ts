import { createAuthClient } from 'better-auth/client'
import { NETWORK_TIMEOUT_DESKTOP_MS, NETWORK_TIMEOUT_MOBILE_MS } from '../../shared/constants'

/** Touch-first devices are often on slower networks: they get the spec's longer timeout. */
export function requestTimeoutMs(): number {
  return window.matchMedia('(pointer: coarse)').matches
    ? NETWORK_TIMEOUT_MOBILE_MS
    : NETWORK_TIMEOUT_DESKTOP_MS
}

/** The one Better Auth client of the app; every request gives up after the spec's timeout. */
export const authClient = createAuthClient({
  fetchOptions: {
    customFetchImpl: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(requestTimeoutMs()) }),
  },
})
