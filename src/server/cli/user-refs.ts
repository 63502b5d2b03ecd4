import { z } from 'zod'
import type { AccountAdminDeps } from '../account/admin'
import { findUser, type UserSummary } from '../auth/user-store'
import { profileStore } from '../stores/profile-store'
import { CommandError, parseInput, type CommandContext } from './command'

/** How the users commands name the account they act on, find it, and act on it. */

export const EmailSchema = z
  .email({ message: 'expected an e-mail address' })
  .transform((email) => email.toLowerCase())
/** Better Auth's ids: 32 letters and digits by default; a little room for other generators. */
export const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'expected a user id' })

export type UserRef = { id: string } | { email: string } | { handle: string }

/** The usage of a command's first argument, read by idOrEmail. */
export const USER_REF = '<id|email>'

/** `<id|email>`: an address when it has an @, else an id. */
export function idOrEmail(input: string | undefined): UserRef {
  return input?.includes('@')
    ? { email: parseInput(EmailSchema, input) }
    : { id: parseInput(IdSchema, input) }
}

const describe = (ref: UserRef) =>
  'id' in ref ? `id ${ref.id}` : 'email' in ref ? ref.email : `handle @${ref.handle}`

export async function mustFind(context: CommandContext, ref: UserRef): Promise<UserSummary> {
  const { database } = await context.services()
  const user = await findUser(database.db, ref)
  if (user === undefined) throw new CommandError(`No account with ${describe(ref)}.`)
  return user
}

export async function adminDeps(context: CommandContext): Promise<AccountAdminDeps> {
  const { auth, database, storage } = await context.services()
  return {
    auth,
    db: database.db,
    storage,
    profiles: profileStore(database),
    logger: context.logger,
  }
}
