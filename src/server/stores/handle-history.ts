import type { Kysely } from 'kysely'
import type { Tables } from '../db/tables'

/** The user's live released handles, the earliest to end first: their data while it lasts. */
export const releasedHandlesOf = (db: Kysely<Tables>, uid: string, now: Date) =>
  db
    .selectFrom('released_handles')
    .select(['username', 'expires_at'])
    .where('user_id', '=', uid)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at')
    .orderBy('username')
    .execute()

/** The user's kept changes of handle, oldest first: their data while it is kept. */
export const handleChangesOf = (db: Kysely<Tables>, uid: string) =>
  db
    .selectFrom('handle_changes')
    .select(['display_username', 'changed_at'])
    .where('user_id', '=', uid)
    .orderBy('seq')
    .execute()
