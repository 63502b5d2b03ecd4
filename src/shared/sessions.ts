// zod/mini, not zod: the account panel and the profile pages load this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** One signed-in session as the account panel lists it (docs/using.md "Sessions"); never its token. */
export const SessionSummarySchema = z.object({
  id: z.string(),
  /** e.g. 'Chrome 156', or null when the browser did not say. */
  browser: z.nullable(z.string()),
  /** e.g. 'Linux', 'iOS', or null. */
  system: z.nullable(z.string()),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  thisDevice: z.boolean(),
})
export type SessionSummary = z.infer<typeof SessionSummarySchema>

export const SessionListSchema = z.object({ sessions: z.array(SessionSummarySchema) })
export type SessionList = z.infer<typeof SessionListSchema>
