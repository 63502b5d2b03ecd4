import { createAuthClient } from 'better-auth/client'
import { requestTimeoutMs } from '@client/lib/http'

/** The one Better Auth client of the app; every request gives up after the spec's timeout. */
export const authClient = createAuthClient({
  fetchOptions: {
    customFetchImpl: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(requestTimeoutMs()) }),
  },
})
