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
import type { AccountNotices } from '../mail/account-notices'
import type { Auth } from '../auth/auth'
import { freeAddress } from '../auth/free-address'
import { previousAddresses, recordAddressChange } from '../stores/address-history'
import { createRecoveryCode, hashOf, newCode } from '../stores/recovery-codes'
import { reservationBefore } from '../stores/released-handles'
import { endOtherSessions } from './sessions'

/**
 * Keeps the account's one pending change (a new request replaces the last one's link) and mails
 * the link to the new address. Whether that address belongs to another account is not looked
 * at: the answer and the mail are the same, and the link then says the address is in use. The
 * change belongs to the session that asked for it.
 */
export async function requestEmailChange(
  deps: { auth: Auth; db: Kysely<Tables>; mailer: Mailer; publicUrl: string },
  change: { userId: string; sessionId: string; newEmail: string; language: Language },
): Promise<void> {
  const code = newCode()
  const row = {
    user_id: change.userId,
    code_hash: hashOf(code),
    new_email: change.newEmail,
    expires_at: new Date(Date.now() + EMAIL_CHANGE_VALID_SECONDS * 1000).toISOString(),
    session_id: change.sessionId,
  }
  await deps.db
    .insertInto('email_changes')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        code_hash: row.code_hash,
        new_email: row.new_email,
        expires_at: row.expires_at,
        session_id: row.session_id,
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
 * cannot both use it), only until it expires, and only while the session that asked for the
 * change is open (ending it, a password reset and a recovery all void the link). The address is
 * switched in one UPDATE, so the unique address holds when two accounts claim one at once: one
 * wins, the other is told the address is in use. A password sign-up that holds the address and
 * was never verified is removed first (auth/free-address.ts). Then the address counts
 * as verified, every other session of the account ends (the one opening the link stays, if it is
 * the account's), trusted browsers are forgotten, and the old address, and every address the
 * account had within the week, are mailed a notice whose "This wasn't me" link takes the account
 * back for 7 days.
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
    .returning(['user_id', 'new_email', 'expires_at', 'session_id'])
    .executeTakeFirst()
  if (pending === undefined || Date.parse(pending.expires_at) <= Date.now()) {
    return { kind: 'invalid' }
  }
  const context = await deps.auth.$context
  const user = await context.internalAdapter.findUserById(pending.user_id)
  if (user === null) return { kind: 'invalid' }
  if (pending.session_id !== null) {
    const asker = (await context.internalAdapter.listSessions(user.id)).find(
      (session) => session.id === pending.session_id,
    )
    if (asker === undefined || new Date(asker.expiresAt).getTime() <= Date.now()) {
      return { kind: 'invalid' }
    }
  }
  if (!(await freeAddress(context, pending.new_email, user.id))) return { kind: 'in-use' }
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
  const changedAt = new Date()
  await recordAddressChange(deps.db, {
    userId: user.id,
    oldEmail: user.email,
    newEmail: pending.new_email,
  })
  const current = await deps.auth.api.getSession({ headers }).catch(() => null)
  const keep = current?.user.id === user.id ? current.session.id : ''
  await endOtherSessions({ auth: deps.auth, db: deps.db }, user.id, keep)

  const recipients = await previousAddresses(deps.db, user.id, pending.new_email)
  // The handle the account had a reservation ago comes back with the address: whoever changed
  // the address may have changed the handle first, at a moment nobody can tell.
  const handleSince = reservationBefore(changedAt)
  for (const email of recipients) {
    const undo = await createRecoveryCode(
      deps.db,
      user.id,
      { email, since: handleSince },
      EMAIL_CHANGE_UNDO_VALID_SECONDS,
    )
    deps.notices.emailChanged(
      { id: user.id, email },
      {
        at: changedAt,
        undoUrl: `${deps.publicUrl}/account/reset?oobCode=${encodeURIComponent(undo)}`,
        validHours: EMAIL_CHANGE_UNDO_VALID_SECONDS / 3600,
      },
      headers,
    )
  }
  await deps.event('email.changed', { ...source, userId: user.id })
  return { kind: 'changed', email: pending.new_email }
}
