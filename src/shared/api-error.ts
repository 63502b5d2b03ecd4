// zod/mini, not zod: the signed-out account panel loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { AVATAR_ERROR_CODES } from './avatar'
import { MAL_IMPORT_ERROR_CODES } from './mal-import'
import { TWO_FACTOR_ERRORS } from './two-factor'

/** Every `code` a Mofu route answers in an error body. Better Auth's routes add their own. */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'BOARD_FULL',
  'BODY_TOO_LARGE',
  'BUSY',
  'CROSS_SITE',
  'EMAIL_IN_USE',
  'FOLDER_LIMIT',
  'FOLDER_NAME_TAKEN',
  'HANDLE_CHANGES_LIMITED',
  'HANDLE_NEEDED',
  'HANDLE_TAKEN',
  'HANDLE_TOO_SIMILAR',
  'INCORRECT_PASSWORD',
  'INTERNAL_ERROR',
  'INVALID_INPUT',
  'INVALID_LINK',
  'MAIL_NOT_SENT',
  'NOT_FOUND',
  'OUT_OF_PINS',
  'PASSWORD_REQUIRED',
  'PUBLIC_FOLDERS_FULL',
  'RATE_LIMITED',
  'REAUTH_REQUIRED',
  'SAME_EMAIL',
  'UNAUTHENTICATED',
  'UNAVAILABLE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  ...Object.values(AVATAR_ERROR_CODES),
  ...Object.values(MAL_IMPORT_ERROR_CODES),
  TWO_FACTOR_ERRORS.codesLocked,
] as const

export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

/** One field's problem in an INVALID_INPUT answer. */
export const FieldIssueSchema = z.object({ field: z.string(), message: z.string() })

/**
 * The one error body of every Mofu route: a machine-readable `code` and a sentence a person can
 * read. INVALID_INPUT adds each wrong field's own message. Codes are read as any string so a
 * client keeps working when the server learns a new one.
 */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.optional(z.array(FieldIssueSchema)),
})

export type ApiErrorBody = z.infer<typeof ApiErrorSchema>
