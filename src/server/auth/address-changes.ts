import { randomUUID } from 'node:crypto'
import type { AuthContext } from 'better-auth'
import type { Kysely } from 'kysely'
import { EMAIL_CHANGE_UNDO_VALID_SECONDS } from '../../shared/email-change'
import type { Tables } from '../db/tables'

/** How long an old address keeps hearing of the account and may take it back. */
const PREVIOUS_ADDRESS_MS = EMAIL_CHANGE_UNDO_VALID_SECONDS * 1000

/**
 * Frees an address held by a password sign-up nobody verified, for the account `userId`: whoever
 * can take the address proves its mailbox, which that sign-up never did, and it cannot sign in.
 * An account with any other way in keeps it. Whether the address is free for `userId` now.
 */
export async function freeAddress(
  context: Pick<AuthContext, 'internalAdapter'>,
  email: string,
  userId: string,
): Promise<boolean> {
  const holder = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true })
  if (holder === null || holder.user.id === userId) return true
  const pendingSignUp =
    !holder.user.emailVerified &&
    holder.accounts.every((account) => account.providerId === 'credential')
  if (!pendingSignUp) return false
  await context.internalAdapter.deleteUser(holder.user.id)
  return true
}

/**
 * Remembers a change of address for the week its old address may take the account back. The
 * `disown_since` column, which earlier releases read, holds the moment of the change.
 */
export async function recordAddressChange(
  db: Kysely<Tables>,
  change: { userId: string; oldEmail: string; newEmail: string },
): Promise<void> {
  const changedAt = new Date().toISOString()
  await db
    .insertInto('address_changes')
    .values({
      id: randomUUID(),
      user_id: change.userId,
      old_email: change.oldEmail,
      new_email: change.newEmail,
      changed_at: changedAt,
      disown_since: changedAt,
    })
    .execute()
}

/**
 * The addresses the account had within the last week, other than its current one: they hear of
 * every change to how the account signs in, and each may take it back.
 */
export async function previousAddresses(
  db: Kysely<Tables>,
  userId: string,
  current: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('address_changes')
    .select('old_email')
    .where('user_id', '=', userId)
    .where('changed_at', '>', new Date(Date.now() - PREVIOUS_ADDRESS_MS).toISOString())
    .orderBy('changed_at', 'asc')
    .execute()
  const found = new Map<string, string>()
  for (const row of rows) {
    const email = row.old_email.toLowerCase()
    if (email !== current.toLowerCase() && !found.has(email)) found.set(email, row.old_email)
  }
  return [...found.values()]
}
