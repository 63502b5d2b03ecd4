import { sql, type Selectable, type Updateable } from 'kysely'
import { handleSkeleton } from '../../shared/handle-skeleton'
import type { KeptPreferences } from '../../shared/preferences'
import { storedFields } from '../../shared/profile-fields'
import {
  KeptPreferencesSchema,
  passesForReserved,
  type Profile,
  type ProfileChanges,
} from '../../shared/profile'
import type { MediaFolder } from '../../shared/avatar-renditions'
import { preparedQuery } from '../db/prepared'
import type { Database } from '../db/database'
import type { ProfilesTable } from '../db/profile-tables'
import {
  HandleChangesLimitedError,
  handleTransaction,
  lockProfile,
  moveHandle,
  nextChangeAt,
  purgeEndedReleases,
  reserveHandleOfDeleted,
} from './released-handles'

export type ProfileRow = Selectable<ProfilesTable>

/** The kept preferences as stored, every key of them; {} for none or for what is no object. */
function storedObject(json: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = json === null ? null : JSON.parse(json)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/**
 * The kept preferences this release understands (KeptPreferencesSchema), null when none were
 * chosen yet; anything unreadable counts as none, so the browser's are kept.
 */
export function storedPreferences(json: string | null): Profile['preferences'] {
  const parsed = KeptPreferencesSchema.safeParse(storedObject(json))
  return parsed.success ? parsed.data : null
}

/** One user's uploads racing each other; each lost round means another switch landed. */
const SWITCH_ATTEMPTS = 8

/** A new handle that passes for a reserved name: no row holds those, so no index refuses it. */
export class ReservedLookAlikeError extends Error {}

type ProfileFields = Updateable<ProfilesTable>
type Handle = NonNullable<ProfileChanges['handle']>

/**
 * Profiles in the database. The reads every request makes are compiled once (see
 * preparedQuery); the writes are built per call.
 */
export function profileStore(database: Pick<Database, 'db' | 'read'>) {
  const { db } = database
  const byUser = preparedQuery(
    database,
    db.selectFrom('profiles').selectAll().where('user_id', '=', '').compile(),
  )
  const byHandle = preparedQuery(
    database,
    db.selectFrom('profiles').selectAll().where('username', '=', '').compile(),
  )
  const versionByUser = {
    avatars: preparedQuery(
      database,
      db
        .selectFrom('profiles')
        .select('avatar_version as version')
        .where('user_id', '=', '')
        .compile(),
    ),
    banners: preparedQuery(
      database,
      db
        .selectFrom('profiles')
        .select('banner_version as version')
        .where('user_id', '=', '')
        .compile(),
    ),
  }

  /**
   * The user's profile, created with the defaults when there is none (docs/using.md "Profiles and
   * handles").
   */
  async function loadOrCreate(uid: string): Promise<ProfileRow> {
    const existing = await byUser(uid)
    if (existing !== undefined) return existing
    // Two first requests may race here; the second insert does nothing.
    await db
      .insertInto('profiles')
      .values({ user_id: uid, updated_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute()
    const created = await byUser(uid)
    if (created === undefined) throw new Error(`profile of ${uid} not found after insert`)
    return created
  }

  /**
   * Merges the preferences a browser chose into the kept ones, key by key; the keys and values
   * this release does not know stay as they were, for the release that wrote them. The row is
   * written only if its preferences are still those read, so two browsers choosing at once each
   * keep their choice; a lost round reads again.
   */
  async function keepPreferences(row: ProfileRow, chosen: KeptPreferences) {
    let kept = row.preferences
    for (let attempt = 0; attempt < SWITCH_ATTEMPTS; attempt++) {
      const merged = { ...storedObject(kept), ...chosen }
      const updated = await db
        .updateTable('profiles')
        .set({
          preferences: JSON.stringify(merged),
          updated_at: new Date().toISOString(),
        })
        .where('user_id', '=', row.user_id)
        .where('preferences', kept === null ? 'is' : '=', kept)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) > 0) return
      kept = (await loadOrCreate(row.user_id)).preferences
    }
    throw new Error(`preferences of ${row.user_id} kept changing under ${SWITCH_ATTEMPTS} saves`)
  }

  /**
   * Saves a handle with the other fields, in one transaction (docs/decisions/released-handles.md):
   * a change is refused past HANDLE_CHANGES_MAX, the handle left is released, one of the user's
   * own released handles is taken back, and the save is undone if someone else's release holds
   * the new one or a look-alike (moveHandle).
   */
  async function saveWithHandle(uid: string, fields: ProfileFields, handle: Handle) {
    const now = new Date()
    await handleTransaction(db, async (trx) => {
      const left = (await lockProfile(trx, uid, now))?.held ?? null
      // Keeping the handle, or choosing a first one, is no change.
      if (left !== null && left.username !== handle.username) {
        const retryAt = await nextChangeAt(trx, uid, now)
        if (retryAt !== null) throw new HandleChangesLimitedError(retryAt)
      }
      // A handle passing for a reserved name is only saved by its holder (kept from before the
      // rule), decided in the UPDATE itself.
      const reservedLookAlike = passesForReserved(handle.username)
      const updated = await trx
        .updateTable('profiles')
        .set({
          ...fields,
          username: handle.username,
          display_username: handle.displayUsername,
          // A new handle gets its skeleton; the same one keeps what it has (NULL for a
          // look-alike kept from before the rule). SET reads the row as it was.
          handle_skeleton: sql<string | null>`case when username = ${handle.username}
            then handle_skeleton else ${handleSkeleton(handle.username)} end`,
        })
        .where('user_id', '=', uid)
        .$if(reservedLookAlike, (update) => update.where('username', '=', handle.username))
        .executeTakeFirst()
      if (reservedLookAlike && Number(updated.numUpdatedRows) === 0) {
        throw new ReservedLookAlikeError()
      }
      // The handle kept is no claim: a look-alike kept from before the rule stays savable even
      // when the handle it passes for is released.
      if (left?.username === handle.username) return
      await moveHandle(trx, uid, left, handle.username, now)
    })
    await purgeEndedReleases(db, now)
  }

  return {
    loadOrCreate,

    /**
     * Merge-saves the fields sent, leaving the others as they are; throws on a handle that is
     * taken or too similar (the unique indexes), released by someone else, or passes for a
     * reserved name, and on a change past HANDLE_CHANGES_MAX. One UPDATE, so two saves racing
     * each leave the row whole: name and handle always of the same save; the preferences (a font
     * among them) are then merged key by key.
     */
    async save(uid: string, patch: ProfileChanges): Promise<ProfileRow> {
      const before = await loadOrCreate(uid)
      const fields = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...storedFields(patch),
        updated_at: new Date().toISOString(),
      }
      const { handle } = patch
      if (handle === undefined) {
        await db.updateTable('profiles').set(fields).where('user_id', '=', uid).execute()
      } else {
        await saveWithHandle(uid, fields, handle)
      }
      // Kept once the rest of the save is: a refused handle stores nothing of its save.
      if (patch.preferences !== undefined) await keepPreferences(before, patch.preferences)
      return loadOrCreate(uid)
    },

    /** The preferences the user keeps with the account, null for none; creates no profile. */
    async preferencesOf(uid: string): Promise<Profile['preferences']> {
      return storedPreferences((await byUser(uid))?.preferences ?? null)
    },

    /**
     * Before the account is deleted: its handle stays reserved like a released one, with no one
     * to redirect to once the user is gone.
     */
    reserveHandleOfDeleted: (uid: string) => reserveHandleOfDeleted(db, uid, new Date()),

    /**
     * Keeps the addresses whose pages linked back to `/@handle`, if the profile still has that
     * handle (a change of handle meanwhile makes them count for nothing).
     */
    async keepVerifiedLinks(uid: string, handle: string, urls: readonly string[]) {
      await db
        .updateTable('profiles')
        .set({ verified_links: JSON.stringify(urls), verified_for: handle })
        .where('user_id', '=', uid)
        .where('username', '=', handle)
        .execute()
    },

    /** The user's profile, if any; creates none. */
    findByUser: (uid: string): Promise<ProfileRow | undefined> => byUser(uid),

    /** The profile holding this lowercase handle, if any. */
    findByHandle: (username: string): Promise<ProfileRow | undefined> => byHandle(username),

    /** The current avatar's or banner's version ('' for none), which is also its ETag. */
    async imageVersionOf(folder: MediaFolder, uid: string): Promise<string> {
      return (await versionByUser[folder](uid))?.version ?? ''
    },

    /**
     * Points the profile at another stored avatar or banner ('' for none: the default picture,
     * no banner) and answers the version it pointed at before, or null when the user has no
     * profile (deleted meanwhile). Compare-and-set, so of two switches racing each learns the
     * version it itself replaced and every replaced version's files are removed by exactly one
     * of them.
     */
    async switchImage(
      folder: MediaFolder,
      uid: string,
      version: string,
      thumbhash: string,
    ): Promise<string | null> {
      const [versionColumn, thumbhashColumn] = IMAGE_COLUMNS[folder]
      for (let attempt = 0; attempt < SWITCH_ATTEMPTS; attempt++) {
        const current = await versionByUser[folder](uid)
        if (current === undefined) return null
        const updated = await db
          .updateTable('profiles')
          .set({
            [versionColumn]: version,
            [thumbhashColumn]: thumbhash,
            updated_at: new Date().toISOString(),
          })
          .where('user_id', '=', uid)
          .where(versionColumn, '=', current.version)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 1) return current.version
      }
      throw new Error(`the ${folder} of ${uid} kept changing under ${SWITCH_ATTEMPTS} switches`)
    },
  }
}

/** The columns holding each image's version and thumbhash. */
const IMAGE_COLUMNS = {
  avatars: ['avatar_version', 'avatar_thumbhash'],
  banners: ['banner_version', 'banner_thumbhash'],
} as const satisfies Record<MediaFolder, readonly [keyof ProfileRow, keyof ProfileRow]>

export type ProfileStore = ReturnType<typeof profileStore>
