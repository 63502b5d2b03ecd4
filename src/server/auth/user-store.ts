import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

/**
 * What an operator sees of an account (`mofu users …`): never a password hash or a token.
 * Dates are ISO 8601 whichever database stores them.
 */
export interface UserSummary {
  id: string
  email: string
  verified: boolean
  /** The lowercase handle, or null while the user has none. */
  handle: string | null
  createdAt: string
  /** The latest sign-in or daily renewal of a session the user still has; null without one. */
  lastSeen: string | null
  disabled: { at: string; reason: string | null } | null
}

const iso = (value: string | Date) => new Date(value).toISOString()

function summaries(db: Kysely<Tables>) {
  return db
    .selectFrom('user')
    .leftJoin('profiles', 'profiles.user_id', 'user.id')
    .leftJoin('disabled_users', 'disabled_users.user_id', 'user.id')
    .select((eb) => [
      'user.id',
      'user.email',
      'user.emailVerified',
      'user.createdAt',
      'profiles.username',
      'disabled_users.disabled_at',
      'disabled_users.reason',
      eb
        .selectFrom('session')
        .select((sessions) => sessions.fn.max('session.updatedAt').as('latest'))
        .whereRef('session.userId', '=', 'user.id')
        .as('lastSeen'),
    ])
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number]

function toSummary(row: SummaryRow): UserSummary {
  return {
    id: row.id,
    email: row.email,
    verified: Boolean(row.emailVerified),
    handle: row.username ?? null,
    createdAt: iso(row.createdAt),
    lastSeen: row.lastSeen === null || row.lastSeen === undefined ? null : iso(row.lastSeen),
    disabled: row.disabled_at === null ? null : { at: row.disabled_at, reason: row.reason ?? null },
  }
}

/** Every account, oldest first. */
export async function listUsers(db: Kysely<Tables>): Promise<UserSummary[]> {
  const rows = await summaries(db).orderBy('user.createdAt').orderBy('user.id').execute()
  return rows.map(toSummary)
}

/** The account with this id, address (any case) or lowercase handle, if any. */
export async function findUser(
  db: Kysely<Tables>,
  key: { id: string } | { email: string } | { handle: string },
): Promise<UserSummary | undefined> {
  const query = summaries(db)
  const row = await (
    'id' in key
      ? query.where('user.id', '=', key.id)
      : 'email' in key
        ? query.where('user.email', '=', key.email.toLowerCase())
        : query.where('profiles.username', '=', key.handle)
  ).executeTakeFirst()
  return row === undefined ? undefined : toSummary(row)
}
