import type { Kysely } from 'kysely'
import type { RecoveryChoices, WayIn } from '../../shared/account-recovery'
import type { Tables } from '../db/tables'
import { shownBrowser, shownSystem } from '../user-agent'

type Activity = Pick<Tables['security_activity'], 'event' | 'at' | 'method' | 'browser' | 'system'>

const timeOf = (value: string | Date | null) => (value === null ? null : new Date(value).getTime())

/** The activity entry of this kind nearest `at` (within a minute), for its browser. */
function entryNear(activity: Activity[], kind: (entry: Activity) => boolean, at: number | null) {
  if (at === null) return undefined
  return activity
    .filter((entry) => kind(entry) && Math.abs(Date.parse(entry.at) - at) <= 60_000)
    .sort((a, b) => Math.abs(Date.parse(a.at) - at) - Math.abs(Date.parse(b.at) - at))[0]
}

const wayIn = (
  id: string,
  name: string,
  addedAt: string | Date | null,
  entry: Activity | undefined,
): WayIn => ({
  id,
  name,
  addedAt: addedAt === null ? null : new Date(addedAt).toISOString(),
  browser: shownBrowser(entry?.browser),
  system: shownSystem(entry?.system),
})

/**
 * What a recovery link's page lists: every passkey, the two-factor set-up and every Google link,
 * each with when and from which browser it was added (read from the activity, when it still
 * holds the entry), and the address the recovery gives back.
 */
export async function recoveryChoices(
  db: Kysely<Tables>,
  userId: string,
  giveBack: string | null,
): Promise<RecoveryChoices> {
  const [user, activity, passkeys, twoFactor, links] = await Promise.all([
    db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('security_activity')
      .select(['event', 'at', 'method', 'browser', 'system'])
      .where('user_id', '=', userId)
      .where('event', 'in', ['passkey.added', 'two-factor.enabled', 'sign-in.ok'])
      .execute(),
    db
      .selectFrom('passkey')
      .select(['id', 'name', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('twoFactor')
      .select(['id', 'backupCodes'])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('account')
      .select(['id', 'createdAt'])
      .where('userId', '=', userId)
      .where('providerId', '!=', 'credential')
      .orderBy('createdAt')
      .execute(),
  ])
  const enabled = activity
    .filter((entry) => entry.event === 'two-factor.enabled')
    .sort((a, b) => b.at.localeCompare(a.at))[0]
  const codes: unknown = twoFactor === undefined ? [] : JSON.parse(twoFactor.backupCodes)
  return {
    email:
      giveBack !== null && giveBack.toLowerCase() !== user?.email.toLowerCase() ? giveBack : null,
    passkeys: passkeys.map((passkey) =>
      wayIn(
        passkey.id,
        passkey.name ?? '',
        passkey.createdAt,
        entryNear(activity, (entry) => entry.event === 'passkey.added', timeOf(passkey.createdAt)),
      ),
    ),
    twoFactor:
      twoFactor === undefined ? null : wayIn(twoFactor.id, '', enabled?.at ?? null, enabled),
    backupCodes: Array.isArray(codes) ? codes.length : 0,
    google: links.map((link) =>
      wayIn(
        link.id,
        '',
        link.createdAt,
        entryNear(
          activity,
          (entry) => entry.event === 'sign-in.ok' && entry.method === 'google',
          timeOf(link.createdAt),
        ),
      ),
    ),
  }
}
