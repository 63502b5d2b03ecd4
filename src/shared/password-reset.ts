// zod/mini, not zod: the account panel and the profile pages load this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { RecoveryChoicesSchema } from './account-recovery'

/** POST /api/password-reset/verify: the code travels in the body, never in a logged URL. */
export const ResetCodeCheckSchema = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(512)),
})

/** Its answer: a spent or unknown code is an answer (valid false), not a failure. */
export const ResetCodeAnswerSchema = z.object({
  valid: z.boolean(),
  message: z.optional(z.string()),
  /** For a recovery link: the ways in the owner may keep. */
  recovery: z.optional(RecoveryChoicesSchema),
})
export type ResetCodeAnswer = z.infer<typeof ResetCodeAnswerSchema>
