import { z } from 'zod'

/**
 * DELETE /api/me: the current password, for accounts that have one (docs/api.md "Deleting the
 * account").
 */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().max(128).optional(),
})
