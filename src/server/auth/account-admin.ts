import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import type { ProfileStore } from '../profiles/profile-store'
import { securityEvents, type SecurityEventName } from '../security-events'
import type { ObjectStorage } from '../storage/object-storage'
import { deleteAccount } from './account-deletion'
import type { Auth } from './auth'
import { forgetSignUpPasswords } from './sign-up-passwords'
import { clearDisabled, markDisabled } from './user-store'

/** What an operator does to accounts (`mofu users …`), each logged as a security event. */
export interface AccountAdminDeps {
  auth: Auth
  db: Kysely<Tables>
  storage: ObjectStorage
  profiles: ProfileStore
  logger: Logger
}

/** The operator's action, logged and in the owner's activity. */
const byOperator = (deps: AccountAdminDeps, event: SecurityEventName, userId: string) =>
  securityEvents(deps.logger, deps.db)(event, { userId, by: 'operator' })

/**
 * Disables the account and ends its sessions in the database and in Redis, so every instance
 * refuses them from the next request on. Marked first: a sign-in between the two steps finds
 * the mark and starts no session.
 */
export async function disableAccount(
  deps: AccountAdminDeps,
  userId: string,
  reason: string | null,
) {
  await markDisabled(deps.db, userId, reason)
  const context = await deps.auth.$context
  await context.internalAdapter.deleteUserSessions(userId)
  await byOperator(deps, 'account.disabled', userId)
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
 * Creates an account with no password and mails the user a password-reset link, with which
 * they choose one (nobody else ever knows it). Throws Better Auth's APIError when the mail
 * cannot be sent; the account exists then and "Forgot password?" sends the link again.
 */
export async function createAccount(
  deps: AccountAdminDeps,
  email: string,
  verified: boolean,
): Promise<{ id: string }> {
  const context = await deps.auth.$context
  const user = await context.internalAdapter.createUser(
    { email, name: '', emailVerified: verified },
    { method: 'admin' },
  )
  await byOperator(deps, 'account.created', user.id)
  await deps.auth.api.requestPasswordReset({ body: { email } })
  return { id: user.id }
}
