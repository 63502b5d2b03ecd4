import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './http'

const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500

/**
 * The server state of the account chunks (and only theirs: nothing on the first load imports
 * this). A refusal is final; a dropped connection or a server error is tried twice more.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !isRefusal(error) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
})
