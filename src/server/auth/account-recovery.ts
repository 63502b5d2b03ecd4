import { createHash, randomBytes } from 'node:crypto'
import type { AuthContext as BetterAuthContext } from 'better-auth'
import type { Kysely } from 'kysely'
import type { Recovered } from '../../shared/account-recovery'
import type { Language } from '../../shared/language'
import type { Tables } from '../db/tables'
import type { Mailer } from '../mail/mailer'
import { recoveryLinkMail } from '../mail/templates'
import { freeAddress } from './address-changes'
import { forgetTrustedBrowsers } from './trusted-browsers'

export const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')
export const newCode = () => randomBytes(32).toString('base64url')

/** What recovery uses of Better Auth's context, as its hooks and `auth.$context` give it. */
export type AuthContext = Pick<BetterAuthContext, 'internalAdapter'>

/** How long a "This wasn't me" link from the activity works: as long as a reset link. */
export const RECOVERY_LINK_VALID_SECONDS = 60 * 60

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value))

/** A link that takes the account back, disowning what happened from `since` on. */
export async function createRecoveryCode(
  db: Kysely<Tables>,
  userId: string,
  since: Date,
  validSeconds: number,
): Promise<string> {
  const code = newCode()
  await db
    .insertInto('recovery_codes')
    .values({
      code_hash: hashOf(code),
      user_id: userId,
      disown_since: since.toISOString(),
      expires_at: new Date(Date.now() + validSeconds * 1000).toISOString(),
    })
    .execute()
  return code
}

export interface RecoveryCode {
  userId: string
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
    .select(['user_id', 'disown_since', 'expires_at'])
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst()
  if (row === undefined || Date.parse(row.expires_at) <= Date.now()) return null
  return {
    userId: row.user_id,
    since: new Date(row.disown_since),
    expiresAt: new Date(row.expires_at),
  }
}

/**
 * "This wasn't me" on an entry of the activity: mails the account's address a link that takes
 * the account back, disowning everything from that entry's moment on. Throws when the mail
 * cannot be sent.
 */
export async function sendRecoveryLink(
  deps: { db: Kysely<Tables>; mailer: Mailer; publicUrl: string },
  user: { id: string; email: string },
  since: Date,
  language: Language,
): Promise<void> {
  const code = await createRecoveryCode(deps.db, user.id, since, RECOVERY_LINK_VALID_SECONDS)
  await deps.mailer.send(
    recoveryLinkMail({
      to: user.email,
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

/** Cancels the account's pending change of address: its link no longer works. */
export async function cancelPendingChanges(db: Kysely<Tables>, userId: string): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute()
}

/** When the account was last recovered, or null: reset links sent before then are void. */
export async function recoveredAt(db: Kysely<Tables>, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('account_recoveries')
    .select('recovered_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row === undefined ? null : new Date(row.recovered_at)
}

async function markRecovered(db: Kysely<Tables>, userId: string, at: Date) {
  const recovered_at = at.toISOString()
  await db
    .insertInto('account_recoveries')
    .values({ user_id: userId, recovered_at })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ recovered_at }))
    .execute()
}

export interface Recovery {
  /** From when everything is disowned; null for a plain password reset, which disowns nothing. */
  since: Date | null
  /** An address to give back when no remembered change names one (links made before them). */
  fallbackEmail?: string
}

/**
 * Recovery: afterwards, only the owner gets in (docs/email-and-activity.md "Taking an account
 * back"). Every session ends, every trusted browser is forgotten, the pending change of address
 * is cancelled and every reset link sent before now stops working. When the owner disowns what
 * happened from a moment on, the account also gets back the address it had then (a password
 * sign-up nobody verified that took it meanwhile is removed), and loses every sign-in method
 * added since: passkeys, two-factor and its codes, a Google link; recovery links that cover
 * only later moments are void, and browsers first seen since count as new again. The owner then
 * holds the account by the password they choose (or, from `mofu users recover`, by the reset
 * link mailed to the address given back).
 */
export async function recoverAccount(
  context: AuthContext,
  db: Kysely<Tables>,
  userId: string,
  recovery: Recovery,
): Promise<Recovered> {
  const now = new Date()
  const recovered: Recovered = { email: null, passkeys: [], twoFactor: false, google: false }
  const { since } = recovery
  if (since !== null) {
    Object.assign(recovered, await disown(context, db, userId, since, recovery.fallbackEmail))
  }
  await markRecovered(db, userId, now)
  await context.internalAdapter.deleteUserSessions(userId)
  await forgetTrustedBrowsers(db, userId)
  await cancelPendingChanges(db, userId)
  await db.deleteFrom('verification').where('value', '=', userId).execute()
  return recovered
}

async function disown(
  context: AuthContext,
  db: Kysely<Tables>,
  userId: string,
  since: Date,
  fallbackEmail: string | undefined,
): Promise<Recovered> {
  const sinceText = since.toISOString()
  const user = await context.internalAdapter.findUserById(userId)
  const firstChange = await db
    .selectFrom('address_changes')
    .select('old_email')
    .where('user_id', '=', userId)
    .where('changed_at', '>=', sinceText)
    .orderBy('changed_at', 'asc')
    .limit(1)
    .executeTakeFirst()
  const target = firstChange?.old_email ?? fallbackEmail
  let email: string | null = null
  if (
    user !== null &&
    target !== undefined &&
    target.toLowerCase() !== user.email.toLowerCase() &&
    (await freeAddress(context, target, userId))
  ) {
    await context.internalAdapter.updateUser(userId, { email: target, emailVerified: true })
    email = target
  }
  await db
    .deleteFrom('address_changes')
    .where('user_id', '=', userId)
    .where('changed_at', '>=', sinceText)
    .execute()
  await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('disown_since', '>=', sinceText)
    .execute()

  const addedSince = (row: { createdAt: string | Date | null }) =>
    (toDate(row.createdAt)?.getTime() ?? Number.POSITIVE_INFINITY) >= since.getTime()
  const passkeys = (
    await db
      .selectFrom('passkey')
      .select(['id', 'name', 'createdAt'])
      .where('userId', '=', userId)
      .execute()
  ).filter(addedSince)
  if (passkeys.length > 0) {
    await db
      .deleteFrom('passkey')
      .where(
        'id',
        'in',
        passkeys.map((passkey) => passkey.id),
      )
      .execute()
  }
  const links = (
    await db
      .selectFrom('account')
      .select(['id', 'createdAt'])
      .where('userId', '=', userId)
      .where('providerId', '!=', 'credential')
      .execute()
  ).filter(addedSince)
  if (links.length > 0) {
    await db
      .deleteFrom('account')
      .where(
        'id',
        'in',
        links.map((link) => link.id),
      )
      .execute()
  }
  const twoFactorChanged = await db
    .selectFrom('security_activity')
    .select('id')
    .where('user_id', '=', userId)
    .where('event', 'in', ['two-factor.enabled', 'two-factor.disabled'])
    .where('at', '>=', sinceText)
    .executeTakeFirst()
  const twoFactorOn = (user as { twoFactorEnabled?: unknown } | null)?.twoFactorEnabled === true
  const removeTwoFactor = twoFactorChanged !== undefined && twoFactorOn
  if (twoFactorChanged !== undefined) {
    await db.deleteFrom('twoFactor').where('userId', '=', userId).execute()
    await db.deleteFrom('totp_last_steps').where('user_id', '=', userId).execute()
    if (twoFactorOn) await context.internalAdapter.updateUser(userId, { twoFactorEnabled: false })
  }
  await db
    .deleteFrom('known_devices')
    .where('user_id', '=', userId)
    .where('first_seen', '>=', sinceText)
    .execute()
  return {
    email,
    passkeys: passkeys.map((passkey) => passkey.name ?? ''),
    twoFactor: removeTwoFactor,
    google: links.length > 0,
  }
}
