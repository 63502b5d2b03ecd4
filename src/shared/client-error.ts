import { z } from 'zod'

/** How much of an error's name and message a report carries: enough to tell errors apart. */
export const CLIENT_ERROR_NAME_MAX = 64
export const CLIENT_ERROR_MESSAGE_MAX = 200
const PATH_MAX = 256

/**
 * Which of React's root error callbacks saw the error: thrown and caught by no boundary,
 * caught by a boundary, or recovered from by React itself (a hydration mismatch among them).
 */
export const CLIENT_ERROR_KINDS = ['uncaught', 'caught', 'recoverable'] as const
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number]

const NoControl = (max: number) =>
  z
    .string()
    .max(max)
    // A log line stays one line, and PostgreSQL-bound text never holds U+0000 either.
    .refine((text) => !/\p{Cc}/u.test(text), { message: 'expected no control characters' })

/**
 * Body of POST /api/events/client-error: what went wrong, where, and nothing about who. The
 * component stack travels as a short hash (the same stack, the same hash), the page as its
 * path alone: a query string or fragment could carry personal data.
 */
export const ClientErrorSchema = z.strictObject({
  kind: z.enum(CLIENT_ERROR_KINDS),
  name: NoControl(CLIENT_ERROR_NAME_MAX),
  message: NoControl(CLIENT_ERROR_MESSAGE_MAX),
  componentStack: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .nullable(),
  path: z
    .string()
    .max(PATH_MAX)
    .regex(/^\/(?!\/)[^?#\p{Cc}]*$/u, { message: 'expected a path without query or fragment' }),
})
export type ClientErrorReport = z.infer<typeof ClientErrorSchema>
