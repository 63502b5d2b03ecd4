import { z } from 'zod'

/** POST /api/password-reset/verify: the code travels in the body, never in a logged URL. */
export const ResetCodeCheckSchema = z.strictObject({ code: z.string().min(1).max(512) })

/** Its answer: a spent or unknown code is an answer (valid false), not a failure. */
export const ResetCodeAnswerSchema = z.object({
  valid: z.boolean(),
  message: z.string().optional(),
})
export type ResetCodeAnswer = z.infer<typeof ResetCodeAnswerSchema>
