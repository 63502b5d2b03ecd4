import { z } from 'zod'

/** One signed-in session as the account panel lists it (README "Sessions"); never its token. */
export const SessionSummarySchema = z.object({
  id: z.string(),
  /** e.g. 'Chrome 156', or null when the browser did not say. */
  browser: z.string().nullable(),
  /** e.g. 'Linux', 'iOS', or null. */
  system: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  thisDevice: z.boolean(),
})
export type SessionSummary = z.infer<typeof SessionSummarySchema>

export const SessionListSchema = z.object({ sessions: z.array(SessionSummarySchema) })
export type SessionList = z.infer<typeof SessionListSchema>
