import { sql, type Migration } from 'kysely'
import type { MigrationInputs } from './inputs'

export function migration({ skeletonReplacements }: MigrationInputs): Migration {
  return {
    // Look-alike handles (`rnofu` beside `mofu`) are refused from now on; the unique index is
    // what holds under races. Of look-alikes that already exist, the earliest user's profile
    // keeps its skeleton; the others keep their handle with none (logged once at start-up).
    async up(db) {
      await db.schema.alterTable('profiles').addColumn('handle_skeleton', 'text').execute()
      const skeleton = skeletonReplacements.reduce(
        (expression, [from, to]) => sql`replace(${expression}, ${sql.lit(from)}, ${sql.lit(to)})`,
        sql`username`,
      )
      await sql`update profiles set handle_skeleton = ${skeleton} where username is not null`.execute(
        db,
      )
      // The earliest of each group is never cleared, so the order rows are visited in is free.
      await sql`
        update profiles set handle_skeleton = null
        where handle_skeleton is not null and exists (
          select 1 from profiles earlier
          join "user" earlier_user on earlier_user.id = earlier.user_id
          join "user" this_user on this_user.id = profiles.user_id
          where earlier.handle_skeleton = profiles.handle_skeleton
            and (earlier_user."createdAt" < this_user."createdAt"
              or (earlier_user."createdAt" = this_user."createdAt" and earlier.user_id < profiles.user_id))
        )
      `.execute(db)
      await db.schema
        .createIndex('profiles_handle_skeleton_key')
        .on('profiles')
        .column('handle_skeleton')
        .unique()
        .execute()
    },
  }
}
