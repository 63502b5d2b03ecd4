import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

const SECRET_KEY = 'auth_secret'

/**
 * AUTH_SECRET when configured; otherwise a random secret generated on first start and kept in
 * the database, so that every instance sharing the database signs sessions with the same key.
 */
export async function resolveAuthSecret(
  db: Kysely<Tables>,
  configured: string | undefined,
): Promise<string> {
  if (configured !== undefined) return configured
  await db
    .insertInto('instance_settings')
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('instance_settings')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirstOrThrow()
  return row.value
}
