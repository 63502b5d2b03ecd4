import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

/** Marks the account disabled (again: the reason and time are replaced). */
export async function markDisabled(db: Kysely<Tables>, userId: string, reason: string | null) {
  const disabledAt = new Date().toISOString()
  await db
    .insertInto('disabled_users')
    .values({ user_id: userId, reason, disabled_at: disabledAt })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ reason, disabled_at: disabledAt }),
    )
    .execute()
}

/** Lifts the mark; whether there was one. */
export async function clearDisabled(db: Kysely<Tables>, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('disabled_users')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function isDisabled(db: Kysely<Tables>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('disabled_users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}
