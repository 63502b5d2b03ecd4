import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { EMAIL_CHANGE_UNDO_VALID_SECONDS } from '../../shared/email-change'
import type { Tables } from '../db/tables'

/** How long an old address keeps hearing of the account and may take it back. */
const PREVIOUS_ADDRESS_MS = EMAIL_CHANGE_UNDO_VALID_SECONDS * 1000

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

/** The addresses the account changed to since it last left `address`; none if it never did. */
export async function addressesSinceLeaving(
  db: Kysely<Tables>,
  userId: string,
  address: string,
): Promise<string[]> {
  const left = await lastLeft(db, userId, address)
  const later =
    left === null
      ? []
      : await db
          .selectFrom('address_changes')
          .select('new_email')
          .where('user_id', '=', userId)
          .where('changed_at', '>=', left)
          .execute()
  return later.map((change) => change.new_email)
}

/** Forgets the changes of address since the account last left `address`. */
export async function forgetHistorySinceLeaving(
  db: Kysely<Tables>,
  userId: string,
  address: string,
): Promise<void> {
  const left = await lastLeft(db, userId, address)
  if (left !== null) {
    await db
      .deleteFrom('address_changes')
      .where('user_id', '=', userId)
      .where('changed_at', '>=', left)
      .execute()
  }
}
