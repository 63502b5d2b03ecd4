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

/** Remembers a change of address for the week its old address may take the account back. */
export async function recordAddressChange(
  db: Kysely<Tables>,
  change: { userId: string; oldEmail: string; newEmail: string; disownSince: Date },
): Promise<void> {
  await db
    .insertInto('address_changes')
    .values({
      id: randomUUID(),
      user_id: change.userId,
      old_email: change.oldEmail,
      new_email: change.newEmail,
      changed_at: new Date().toISOString(),
      disown_since: change.disownSince.toISOString(),
    })
    .execute()
}

/**
 * The addresses the account had within the last week, other than its current one, each with the
 * earliest moment a recovery through it disowns: they hear of every change to how the account
 * signs in, and each may take it back.
 */
export async function previousAddresses(
  db: Kysely<Tables>,
  userId: string,
  current: string,
): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('address_changes')
    .select(['old_email', 'disown_since'])
    .where('user_id', '=', userId)
    .where('changed_at', '>', new Date(Date.now() - PREVIOUS_ADDRESS_MS).toISOString())
    .orderBy('changed_at', 'asc')
    .execute()
  const found = new Map<string, Date>()
  for (const row of rows) {
    const email = row.old_email.toLowerCase()
    if (email === current.toLowerCase() || found.has(email)) continue
    found.set(email, new Date(row.disown_since))
  }
  return found
}
