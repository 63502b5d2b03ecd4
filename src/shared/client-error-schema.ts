import { z } from 'zod'
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_NAME_MAX,
  CLIENT_ERROR_PATH_MAX,
  type ClientErrorReport,
} from './client-error'
import { CONTROL_CHARACTERS_EXPECTED, hasControlCharacter } from './control-characters'

const NoControl = (max: number) =>
  z
    .string()
    .max(max)
    // A log line stays one line and reads as it was written, and PostgreSQL-bound text never
    // holds U+0000 either.
    .refine((text) => !hasControlCharacter(text), { message: CONTROL_CHARACTERS_EXPECTED })

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
    .regex(/^\/(?!\/)[^?#]*$/u, { message: 'expected a path without query or fragment' })
    .refine((path) => !hasControlCharacter(path), { message: CONTROL_CHARACTERS_EXPECTED }),
}) satisfies z.ZodType<ClientErrorReport>
