/**
 * What the browser reports of an error its React root saw (src/client/lib/client-errors.ts).
 * No zod here: the reporter is in the entry chunk, which must not carry it; the server checks
 * reports with ClientErrorSchema (client-error-schema.ts).
 */

/** How much of an error's name and message a report carries: enough to tell errors apart. */
export const CLIENT_ERROR_NAME_MAX = 64
export const CLIENT_ERROR_MESSAGE_MAX = 200
export const CLIENT_ERROR_PATH_MAX = 256

/**
 * Which of React's root error callbacks saw the error: thrown and caught by no boundary,
 * caught by a boundary, or recovered from by React itself (a hydration mismatch among them).
 */
export const CLIENT_ERROR_KINDS = ['uncaught', 'caught', 'recoverable'] as const
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number]

/**
 * Body of POST /api/events/client-error: what went wrong, where, and nothing about who. The
 * component stack travels as a short hash (the same stack, the same hash), the page as its
 * path alone: a query string or fragment could carry personal data.
 */
export interface ClientErrorReport {
  kind: ClientErrorKind
  name: string
  message: string
  /** 8 hex digits, or null when React gave no component stack. */
  componentStack: string | null
  path: string
}
