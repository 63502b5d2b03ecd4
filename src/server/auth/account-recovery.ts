import type { AuthContext as BetterAuthContext } from 'better-auth'
import type { Kysely } from 'kysely'
import type { Keep, Recovered } from '../../shared/account-recovery'
import type { Tables } from '../db/tables'
import { forgetHistorySinceLeaving } from '../stores/address-history'
import { voidRecoveryLinks } from '../stores/recovery-codes'
import { takeBackHandle } from '../stores/released-handles'
import { freeAddress } from './free-address'
import { forgetTrustedBrowsers } from './trusted-browsers'

/** What recovery uses of Better Auth's context, as its hooks and `auth.$context` give it. */
export type AuthContext = Pick<BetterAuthContext, 'internalAdapter'>

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

/** A plain reset removes nothing; a recovery removes every way in the owner does not keep. */
export type Recovery =
  | { kind: 'reset' }
  | {
      kind: 'recovery'
      /** The address to give back, when the account has another now. */
      email: string | null
      /**
       * The address the link was mailed to: the links mailed to it and to later addresses go.
       * Null from the operator's command, which voids every recovery link.
       */
      through: string | null
      /** The handle the account had at this moment is given back, if still reserved for it. */
      since: Date
      keep: Keep
    }

/**
 * Recovery: afterwards, only the owner gets in (docs/security.md "Recovery"), by a rule that reads
 * nothing whoever held the account could have arranged. Every completed password reset ends every
 * session, forgets every trusted browser and known browser, turns the calendar feed off, cancels
 * the pending change of address and voids every reset and recovery link sent before it. A recovery (a link from the old
 * address's notice or the activity, or `mofu users recover`) also gives back the owner's address
 * and the handle of its moment (if still reserved for the account), and removes every passkey, two-factor set-up, backup code and Google link the owner did not
 * keep, by name, on the recovery page. The owner then holds the account by the password they
 * choose (or, from `mofu users recover`, by the reset link mailed to the address given back).
 */
export async function recoverAccount(
  context: AuthContext,
  db: Kysely<Tables>,
  userId: string,
  recovery: Recovery,
): Promise<Recovered> {
  const recovered: Recovered = {
    email: null,
    handle: null,
    passkeys: [],
    twoFactor: false,
    google: false,
  }
  if (recovery.kind === 'recovery') {
    await voidRecoveryLinks(db, userId, recovery.through)
    Object.assign(recovered, await removeWaysIn(context, db, userId, recovery))
    recovered.handle = await takeBackHandle(db, userId, recovery.since)
  }
  // One step a promise, so that taking any step away breaks one (the recovery model test does).
  // The mark voids every reset link sent before it, wherever Better Auth keeps the link. A
  // pending change of address lives only as long as the session that asked for it
  // (email-change.ts), but one asked on the previous release belongs to no session: it is
  // cancelled here.
  await markRecovered(db, userId, new Date())
  await context.internalAdapter.deleteUserSessions(userId)
  await forgetTrustedBrowsers(db, userId)
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute()
  // The calendar feed's address is a secret whoever held the account could have made or read.
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute()
  await cancelPendingChanges(db, userId)
  return recovered
}

/** Gives the address back, and removes every way in the owner did not keep. */
async function removeWaysIn(
  context: AuthContext,
  db: Kysely<Tables>,
  userId: string,
  recovery: Extract<Recovery, { kind: 'recovery' }>,
): Promise<Omit<Recovered, 'handle'>> {
  const { keep } = recovery
  const user = await context.internalAdapter.findUserById(userId)
  const target = recovery.email
  let email: string | null = null
  if (
    user !== null &&
    target !== null &&
    target.toLowerCase() !== user.email.toLowerCase() &&
    (await freeAddress(context, target, userId))
  ) {
    await context.internalAdapter.updateUser(userId, { email: target, emailVerified: true })
    email = target
    // The history from the address given back on is the other holder's: its addresses hear of
    // the account no more.
    await forgetHistorySinceLeaving(db, userId, target)
  }

  const passkeys = (
    await db.selectFrom('passkey').select(['id', 'name']).where('userId', '=', userId).execute()
  ).filter((passkey) => !keep.passkeys.includes(passkey.id))
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
      .select('id')
      .where('userId', '=', userId)
      .where('providerId', '!=', 'credential')
      .execute()
  ).filter((link) => !keep.google.includes(link.id))
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
  const twoFactorOn = (user as { twoFactorEnabled?: unknown } | null)?.twoFactorEnabled === true
  const setUp = await db
    .selectFrom('twoFactor')
    .select('id')
    .where('userId', '=', userId)
    .executeTakeFirst()
  const keptTwoFactor = setUp !== undefined && keep.twoFactor === setUp.id
  if (!keptTwoFactor) {
    await db.deleteFrom('twoFactor').where('userId', '=', userId).execute()
    await db.deleteFrom('totp_last_steps').where('user_id', '=', userId).execute()
    if (twoFactorOn) await context.internalAdapter.updateUser(userId, { twoFactorEnabled: false })
  } else if (!keep.backupCodes) {
    await db
      .updateTable('twoFactor')
      .set({ backupCodes: '[]' })
      .where('userId', '=', userId)
      .execute()
  }
  return {
    email,
    passkeys: passkeys.map((passkey) => passkey.name ?? ''),
    twoFactor: twoFactorOn && !keptTwoFactor,
    google: links.length > 0,
  }
}
