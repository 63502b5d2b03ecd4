import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  EMAIL_CHANGE_UNDO_VALID_SECONDS,
  EMAIL_CHANGE_VALID_SECONDS,
} from '../../shared/email-change'
import type { Language } from '../../shared/language'
import type { Tables } from '../db/tables'
import type { Mailer } from '../mail/mailer'
import { emailChangeConfirmMail } from '../mail/templates'
import type { SecurityEventSource, SecurityEvents } from '../security-events'
import type { AccountNotices } from './account-notices'
import type { Auth } from './auth'
import { undoVerification } from './email-change-undo'
import { endOtherSessions } from './sessions'

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex')
const newCode = () => randomBytes(32).toString('base64url')

/**
 * Keeps the account's one pending change (a new request replaces the last one's link) and mails
 * the link to the new address. Whether that address belongs to another account is not looked
 * at: the answer and the mail are the same, and the link then says the address is in use.
 */
export async function requestEmailChange(
  deps: { db: Kysely<Tables>; mailer: Mailer; publicUrl: string },
  change: { userId: string; newEmail: string; language: Language },
): Promise<void> {
  const code = newCode()
  const row = {
    user_id: change.userId,
    code_hash: hashOf(code),
    new_email: change.newEmail,
    expires_at: new Date(Date.now() + EMAIL_CHANGE_VALID_SECONDS * 1000).toISOString(),
  }
  await deps.db
    .insertInto('email_changes')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        code_hash: row.code_hash,
        new_email: row.new_email,
        expires_at: row.expires_at,
      }),
    )
    .execute()
  await deps.mailer.send(
    emailChangeConfirmMail({
      to: change.newEmail,
      url: `${deps.publicUrl}/account/email?code=${encodeURIComponent(code)}`,
      language: change.language,
      validHours: EMAIL_CHANGE_VALID_SECONDS / 3600,
    }),
  )
}

export type ConfirmResult =
  { kind: 'changed'; email: string } | { kind: 'invalid' } | { kind: 'in-use' }

export interface ConfirmDeps {
  auth: Auth
  db: Kysely<Tables>
  notices: AccountNotices
  event: SecurityEvents
  publicUrl: string
}

/**
 * Opens the link: the code works once (its row is deleted as it is read, so two opens at once
 * cannot both use it) and only until it expires. The address is switched in one UPDATE, so the
 * unique address holds when two accounts claim one at once: one wins, the other is told the
 * address is in use. A password sign-up that holds the address and was never verified is
 * deleted first: opening the link proves the mailbox, which that sign-up never did. Then the
 * address counts as verified, every other session of the account ends (the one opening the link
 * stays, if it is the account's), trusted browsers are forgotten, and the old address is mailed
 * a notice whose "This wasn't me" link works for 7 days.
 */
export async function confirmEmailChange(
  deps: ConfirmDeps,
  code: string,
  headers: Headers,
  source: SecurityEventSource,
): Promise<ConfirmResult> {
  const pending = await deps.db
    .deleteFrom('email_changes')
    .where('code_hash', '=', hashOf(code))
    .returning(['user_id', 'new_email', 'expires_at'])
    .executeTakeFirst()
  if (pending === undefined || Date.parse(pending.expires_at) <= Date.now()) {
    return { kind: 'invalid' }
  }
  const context = await deps.auth.$context
  const user = await context.internalAdapter.findUserById(pending.user_id)
  if (user === null) return { kind: 'invalid' }
  const owner = await context.internalAdapter.findUserByEmail(pending.new_email, {
    includeAccounts: true,
  })
  if (owner !== null && owner.user.id !== user.id) {
    // Whoever opened this link reads the address's mail. A sign-up by password nobody verified,
    // which cannot sign in, held the address only until then (the sweep of unverified accounts
    // would free it in 7 days); an account with any other way in keeps it.
    const pendingSignUp =
      !owner.user.emailVerified &&
      owner.accounts.every((account) => account.providerId === 'credential')
    if (!pendingSignUp) return { kind: 'in-use' }
    await context.internalAdapter.deleteUser(owner.user.id)
  }
  try {
    await context.internalAdapter.updateUser(user.id, {
      email: pending.new_email,
      emailVerified: true,
    })
  } catch (error) {
    // Another account took the address between the look-up and the update.
    const taken = await context.internalAdapter.findUserByEmail(pending.new_email)
    if (taken !== null && taken.user.id !== user.id) return { kind: 'in-use' }
    throw error
  }
  const current = await deps.auth.api.getSession({ headers }).catch(() => null)
  const keep = current?.user.id === user.id ? current.session.id : ''
  await endOtherSessions({ auth: deps.auth, db: deps.db }, user.id, keep)

  const undo = newCode()
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_UNDO_VALID_SECONDS * 1000)
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${undo}`,
    value: user.id,
    expiresAt,
  })
  await context.internalAdapter.createVerificationValue({
    ...undoVerification(undo, { userId: user.id, email: user.email }),
    expiresAt,
  })
  deps.notices.emailChanged(
    { id: user.id, email: user.email },
    {
      at: new Date(),
      undoUrl: `${deps.publicUrl}/account/reset?oobCode=${encodeURIComponent(undo)}`,
      validHours: EMAIL_CHANGE_UNDO_VALID_SECONDS / 3600,
    },
    headers,
  )
  await deps.event('email.changed', { ...source, userId: user.id })
  return { kind: 'changed', email: pending.new_email }
}
