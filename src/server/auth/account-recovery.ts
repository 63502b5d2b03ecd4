import { createHash, randomBytes } from 'node:crypto'
import type { AuthContext as BetterAuthContext } from 'better-auth'
import type { Kysely } from 'kysely'
import type { Keep, Recovered, RecoveryChoices, WayIn } from '../../shared/account-recovery'
import type { Language } from '../../shared/language'
import type { Tables } from '../db/tables'
import type { Mailer } from '../mail/mailer'
import { recoveryLinkMail } from '../mail/templates'
import { shownBrowser, shownSystem } from '../user-agent'
import { takeBackHandle } from '../profiles/released-handles'
import { freeAddress } from './address-changes'
import { forgetTrustedBrowsers } from './trusted-browsers'

export const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')
export const newCode = () => randomBytes(32).toString('base64url')

/** What recovery uses of Better Auth's context, as its hooks and `auth.$context` give it. */
export type AuthContext = Pick<BetterAuthContext, 'internalAdapter'>

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

type Activity = Pick<Tables['security_activity'], 'event' | 'at' | 'method' | 'browser' | 'system'>

const timeOf = (value: string | Date | null) => (value === null ? null : new Date(value).getTime())

/** The activity entry of this kind nearest `at` (within a minute), for its browser. */
function entryNear(activity: Activity[], kind: (entry: Activity) => boolean, at: number | null) {
  if (at === null) return undefined
  return activity
    .filter((entry) => kind(entry) && Math.abs(Date.parse(entry.at) - at) <= 60_000)
    .sort((a, b) => Math.abs(Date.parse(a.at) - at) - Math.abs(Date.parse(b.at) - at))[0]
}

const wayIn = (
  id: string,
  name: string,
  addedAt: string | Date | null,
  entry: Activity | undefined,
): WayIn => ({
  id,
  name,
  addedAt: addedAt === null ? null : new Date(addedAt).toISOString(),
  browser: shownBrowser(entry?.browser),
  system: shownSystem(entry?.system),
})

/**
 * What a recovery link's page lists: every passkey, the two-factor set-up and every Google link,
 * each with when and from which browser it was added (read from the activity, when it still
 * holds the entry), and the address the recovery gives back.
 */
export async function recoveryChoices(
  db: Kysely<Tables>,
  userId: string,
  giveBack: string | null,
): Promise<RecoveryChoices> {
  const [user, activity, passkeys, twoFactor, links] = await Promise.all([
    db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('security_activity')
      .select(['event', 'at', 'method', 'browser', 'system'])
      .where('user_id', '=', userId)
      .where('event', 'in', ['passkey.added', 'two-factor.enabled', 'sign-in.ok'])
      .execute(),
    db
      .selectFrom('passkey')
      .select(['id', 'name', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('twoFactor')
      .select(['id', 'backupCodes'])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('account')
      .select(['id', 'createdAt'])
      .where('userId', '=', userId)
      .where('providerId', '!=', 'credential')
      .orderBy('createdAt')
      .execute(),
  ])
  const enabled = activity
    .filter((entry) => entry.event === 'two-factor.enabled')
    .sort((a, b) => b.at.localeCompare(a.at))[0]
  const codes: unknown = twoFactor === undefined ? [] : JSON.parse(twoFactor.backupCodes)
  return {
    email:
      giveBack !== null && giveBack.toLowerCase() !== user?.email.toLowerCase() ? giveBack : null,
    passkeys: passkeys.map((passkey) =>
      wayIn(
        passkey.id,
        passkey.name ?? '',
        passkey.createdAt,
        entryNear(activity, (entry) => entry.event === 'passkey.added', timeOf(passkey.createdAt)),
      ),
    ),
    twoFactor:
      twoFactor === undefined ? null : wayIn(twoFactor.id, '', enabled?.at ?? null, enabled),
    backupCodes: Array.isArray(codes) ? codes.length : 0,
    google: links.map((link) =>
      wayIn(
        link.id,
        '',
        link.createdAt,
        entryNear(
          activity,
          (entry) => entry.event === 'sign-in.ok' && entry.method === 'google',
          timeOf(link.createdAt),
        ),
      ),
    ),
  }
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

/** When the account last changed away from `address` (ISO 8601), or null if it never did. */
async function lastLeft(db: Kysely<Tables>, userId: string, address: string) {
  const change = await db
    .selectFrom('address_changes')
    .select('changed_at')
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', ['old_email']), '=', address.toLowerCase()))
    .orderBy('changed_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return change?.changed_at ?? null
}

/**
 * Voids the recovery links mailed to `through` and to every address the account had after it
 * (all of them when `through` is null): whoever holds a later address cannot take the owner's way
 * back by recovering first, and the owner's recovery leaves them none. A plain reset voids none.
 */
async function voidRecoveryLinks(db: Kysely<Tables>, userId: string, through: string | null) {
  if (through === null) {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
    return
  }
  const left = await lastLeft(db, userId, through)
  const later =
    left === null
      ? []
      : await db
          .selectFrom('address_changes')
          .select('new_email')
          .where('user_id', '=', userId)
          .where('changed_at', '>=', left)
          .execute()
  const addresses = [through, ...later.map((change) => change.new_email)].map((address) =>
    address.toLowerCase(),
  )
  await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('email', 'is', null), eb(eb.fn('lower', ['email']), 'in', addresses)]))
    .execute()
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
    const left = await lastLeft(db, userId, target)
    if (left !== null) {
      await db
        .deleteFrom('address_changes')
        .where('user_id', '=', userId)
        .where('changed_at', '>=', left)
        .execute()
    }
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
