import { z } from 'zod'
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_NAME_MAX,
  CLIENT_ERROR_PATH_MAX,
  type ClientErrorReport,
} from './client-error'

const NoControl = (max: number) =>
  z
    .string()
    .max(max)
    // A log line stays one line, and PostgreSQL-bound text never holds U+0000 either.
    .refine((text) => !/\p{Cc}/u.test(text), { message: 'expected no control characters' })

/** Checks a ClientErrorReport (client-error.ts) at the server's boundary. */
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
    .max(CLIENT_ERROR_PATH_MAX)
    .regex(/^\/(?!\/)[^?#\p{Cc}]*$/u, { message: 'expected a path without query or fragment' }),
}) satisfies z.ZodType<ClientErrorReport>
