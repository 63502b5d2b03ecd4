import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import type { Language } from '../../shared/language'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { invitationMail } from '../mail/templates'
import type { ProfileStore } from '../stores/profile-store'
import { addressAt } from '../stores/address-history'
import { clearDisabled, markDisabled } from '../stores/disabled-accounts'
import { newCode } from '../stores/recovery-codes'
import { reservationBefore } from '../stores/released-handles'
import { securityEvents, type SecurityEventName } from '../security-events'
import type { ObjectStorage } from '../storage/object-storage'
import { KEEP_NOTHING, type Recovered } from '../../shared/account-recovery'
import { deleteAccount } from './deletion'
import { cancelPendingChanges, recoverAccount } from '../auth/account-recovery'
import type { Auth } from '../auth/auth'
import { forgetSignUpPasswords } from '../auth/sign-up-passwords'
import { forgetTrustedBrowsers } from '../auth/trusted-browsers'

/** What an operator does to accounts (`mofu users …`), each logged as a security event. */
export interface AccountAdminDeps {
  auth: Auth
  db: Kysely<Tables>
  storage: ObjectStorage
  profiles: ProfileStore
  logger: Logger
}

/** What an invitation needs besides: the mailer, and where its link points. */
export interface InvitationDeps {
  mailer: Mailer
  publicUrl: string
}

/**
 * How long an invitation's link works: longer than a reset's hour, since the person invited did
 * not ask for it and may read it days later.
 */
export const INVITATION_VALID_HOURS = 72

/** The operator's action, logged and in the owner's activity. */
const byOperator = (deps: AccountAdminDeps, event: SecurityEventName, userId: string) =>
  securityEvents(deps.logger, deps.db)(event, { userId, by: 'operator' })

/**
 * Disables the account and ends its sessions in the database and in Redis, so every instance
 * refuses them from the next request on; its pending change of address and trusted browsers go
 * too. Marked first: a sign-in between the two steps finds the mark and starts no session.
 */
export async function disableAccount(
  deps: AccountAdminDeps,
  userId: string,
  reason: string | null,
) {
  await markDisabled(deps.db, userId, reason)
  const context = await deps.auth.$context
  await context.internalAdapter.deleteUserSessions(userId)
  await cancelPendingChanges(deps.db, userId)
  await forgetTrustedBrowsers(deps.db, userId)
  await byOperator(deps, 'account.disabled', userId)
}

/**
 * Takes the account back for its owner (account-recovery.ts): every passkey, two-factor set-up
 * and Google link goes, and with `since` the address and handle the account had then come back;
 * then removes its password, which whoever held the account may know, and mails the address it
 * has now a link to choose a new one. Throws Better Auth's APIError
 * when that mail cannot be sent; the recovery stands, and "Forgot password?" sends it again.
 */
export async function recoverAsOperator(
  deps: AccountAdminDeps,
  userId: string,
  since: Date | null,
): Promise<{ email: string; recovered: Recovered }> {
  const context = await deps.auth.$context
  const recovered = await recoverAccount(context, deps.db, userId, {
    kind: 'recovery',
    email: since === null ? null : await addressAt(deps.db, userId, since),
    through: null,
    since: since ?? reservationBefore(new Date()),
    keep: KEEP_NOTHING,
  })
  await deps.db
    .deleteFrom('account')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .execute()
  await byOperator(deps, 'account.recovered', userId)
  const user = await context.internalAdapter.findUserById(userId)
  const email = user?.email ?? ''
  await deps.auth.api.requestPasswordReset({ body: { email } })
  return { email, recovered }
}

/** Lets the account sign in again; whether it was disabled. */
export async function enableAccount(deps: AccountAdminDeps, userId: string): Promise<boolean> {
  const wasDisabled = await clearDisabled(deps.db, userId)
  if (wasDisabled) {
    await byOperator(deps, 'account.enabled', userId)
  }
  return wasDisabled
}

/** The same deletion as the user's own: avatar, sessions, sign-in methods, profile, handle. */
export async function deleteAccountAsOperator(deps: AccountAdminDeps, userId: string) {
  await deleteAccount(deps, userId)
  await byOperator(deps, 'account.deleted', userId)
}

/** Marks the address verified, as following the verification link would. */
export async function verifyEmail(deps: AccountAdminDeps, userId: string) {
  const context = await deps.auth.$context
  await context.internalAdapter.updateUser(userId, { emailVerified: true })
  await forgetSignUpPasswords(deps.db, userId)
  await byOperator(deps, 'email.verified', userId)
}

/**
 * Creates an account with no password and mails the user an invitation: a link with which they
 * choose one (nobody else ever knows it), the same kind of link a password reset mails, valid
 * for INVITATION_VALID_HOURS. Throws MailError when the mail cannot be sent; the account exists
 * then and "Forgot password?" on the log-in screen sends a link.
 */
export async function createAccount(
  deps: AccountAdminDeps & InvitationDeps,
  email: string,
  options: { verified: boolean; language: Language },
): Promise<{ id: string }> {
  const context = await deps.auth.$context
  const user = await context.internalAdapter.createUser(
    { email, name: '', emailVerified: options.verified },
    { method: 'admin' },
  )
  await byOperator(deps, 'account.created', user.id)
  const token = newCode()
  // Better Auth's reset-password endpoint reads this value, as it reads the one of a reset it mailed.
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + INVITATION_VALID_HOURS * 3600_000),
  })
  await deps.mailer.send(
    invitationMail({
      to: email,
      url: `${deps.publicUrl}/account/reset?oobCode=${encodeURIComponent(token)}`,
      language: options.language,
      validHours: INVITATION_VALID_HOURS,
    }),
  )
  return { id: user.id }
}
