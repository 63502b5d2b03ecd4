import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Language } from '../../shared/language'
import type { Tables } from '../db/tables'
import type { Mailer } from '../mail/mailer'
import { recoveryLinkMail } from '../mail/templates'

export const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')
export const newCode = () => randomBytes(32).toString('base64url')

/** How long a "This wasn't me" link from the activity works: as long as a reset link. */
export const RECOVERY_LINK_VALID_SECONDS = 60 * 60

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

/**
 * The address the account had at `at`: the old address of the first change since, else the
 * one it has now.
 */
export async function addressAt(db: Kysely<Tables>, userId: string, at: Date): Promise<string> {
  const change = await db
    .selectFrom('address_changes')
    .select('old_email')
    .where('user_id', '=', userId)
    .where('changed_at', '>=', at.toISOString())
    .orderBy('changed_at', 'asc')
    .limit(1)
    .executeTakeFirst()
  if (change !== undefined) return change.old_email
  const user = await db
    .selectFrom('user')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return user.email
}

/**
 * "This wasn't me" on an entry of the activity: mails `to`, the address the account had at that
 * entry's moment (addressAt), a link that takes the account back. Throws when the mail cannot
 * be sent.
 */
export async function sendRecoveryLink(
  deps: { db: Kysely<Tables>; mailer: Mailer; publicUrl: string },
  { userId, to: email }: { userId: string; to: string },
  since: Date,
  language: Language,
): Promise<void> {
  const code = await createRecoveryCode(
    deps.db,
    userId,
    { email, since },
    RECOVERY_LINK_VALID_SECONDS,
  )
  await deps.mailer.send(
    recoveryLinkMail({
      to: email,
      url: `${deps.publicUrl}/account/reset?oobCode=${encodeURIComponent(code)}`,
      language,
      validHours: RECOVERY_LINK_VALID_SECONDS / 3600,
      since,
    }),
  )
}

/** Uses the link once: whether it was still there (two resets at once cannot both use it). */
export async function spendRecoveryCode(db: Kysely<Tables>, code: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
