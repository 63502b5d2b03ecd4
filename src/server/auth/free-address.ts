import type { AuthContext } from 'better-auth'

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
