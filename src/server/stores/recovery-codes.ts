import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import { addressesSinceLeaving } from './address-history'

export const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')
export const newCode = () => randomBytes(32).toString('base64url')

/** What a recovery link says: the address it was mailed to, and the moment its window opens. */
export interface RecoveryLink {
  /** Given back by the recovery: the address the link was mailed to. */
  email: string
  /** The handle the account had then is given back, if it is still reserved for it. */
  since: Date
}

/** A link that takes the account back to its owner (recoverAccount). */
export async function createRecoveryCode(
  db: Kysely<Tables>,
  userId: string,
  link: RecoveryLink,
  validSeconds: number,
): Promise<string> {
  const code = newCode()
  await db
    .insertInto('recovery_codes')
    .values({
      code_hash: hashOf(code),
      user_id: userId,
      disown_since: link.since.toISOString(),
      email: link.email,
      expires_at: new Date(Date.now() + validSeconds * 1000).toISOString(),
    })
    .execute()
  return code
}

export interface RecoveryCode {
  userId: string
  /** The address the link was mailed to; absent for a link made before links kept it. */
  email?: string
  since: Date
  expiresAt: Date
}

/** The live recovery link with this code, or null. */
export async function findRecoveryCode(
  db: Kysely<Tables>,
  code: string,
): Promise<RecoveryCode | null> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(['user_id', 'disown_since', 'email', 'expires_at'])
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst()
  if (row === undefined || Date.parse(row.expires_at) <= Date.now()) return null
  return {
    userId: row.user_id,
    since: new Date(row.disown_since),
    ...(row.email === null ? {} : { email: row.email }),
    expiresAt: new Date(row.expires_at),
  }
}

/** Uses the link once: whether it was still there (two resets at once cannot both use it). */
export async function spendRecoveryCode(db: Kysely<Tables>, code: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/**
 * Voids the recovery links mailed to `through` and to every address the account had after it
 * (all of them when `through` is null): whoever holds a later address cannot take the owner's way
 * back by recovering first, and the owner's recovery leaves them none. A plain reset voids none.
 */
export async function voidRecoveryLinks(
  db: Kysely<Tables>,
  userId: string,
  through: string | null,
) {
  if (through === null) {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    return
  }
  const later = await addressesSinceLeaving(db, userId, through)
  const addresses = [through, ...later].map((address) => address.toLowerCase())
  await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('email', 'is', null), eb(eb.fn('lower', ['email']), 'in', addresses)]))
    .execute()
}
