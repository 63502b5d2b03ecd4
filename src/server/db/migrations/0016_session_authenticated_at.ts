import { sql, type Migration } from 'kysely'
import { authColumnTypes, type MigrationInputs } from './inputs'

export function migration({ dialect }: MigrationInputs): Migration {
  const { date } = authColumnTypes(dialect)
  return {
    // When the session's owner last proved who they are (auth/recent-proof.ts). A session
    // signed in before this migration counts from its sign-in, as it did until now.
    async up(db) {
      await db.schema.alterTable('session').addColumn('authenticatedAt', date).execute()
      await sql`update session set "authenticatedAt" = "createdAt"`.execute(db)
    },
  }
}
