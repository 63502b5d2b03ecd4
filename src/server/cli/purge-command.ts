import { z } from 'zod'
import { deleteStaleUnverifiedAccounts } from '../account/unverified-accounts'
import { parseInput, type Command } from './command'

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** `7d`, `12h`, `30m`: how old an unverified account must be to go. */
const DurationSchema = z
  .string()
  .regex(/^\d{1,5}[mhd]$/, { message: '--older-than: expected a duration such as 7d, 12h or 30m' })
  .transform((text) => Number(text.slice(0, -1)) * UNIT_MS[text.slice(-1) as keyof typeof UNIT_MS])

export const purgeCommand: Command = {
  name: ['purge-unverified'],
  args: '[--older-than 7d]',
  summary: 'Deletes accounts whose address was not verified in time (default 7 days).',
  details: ['The server does the same every hour for 7 days; their addresses and handles go free.'],
  options: { 'older-than': { type: 'string', default: '7d' } },
  positionals: 0,
  async run(context, _positionals, values) {
    const olderThan = values['older-than']
    const maxAgeMs = parseInput(DurationSchema, olderThan)
    const { database } = await context.services()
    const deleted = await deleteStaleUnverifiedAccounts(
      database.db,
      database.dialect,
      new Date(),
      maxAgeMs,
    )
    context.print(`Deleted ${deleted} unverified account(s) older than ${String(olderThan)}.`, {
      deleted,
      olderThan,
    })
  },
}
