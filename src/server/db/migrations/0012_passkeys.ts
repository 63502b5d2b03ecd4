import type { Migration } from 'kysely'
import { authColumnTypes, type MigrationInputs } from './inputs'

export function migration({ dialect }: MigrationInputs): Migration {
  const { bool, date } = authColumnTypes(dialect)
  return {
    // Better Auth's passkey plugin table, as its schema describes it: the public key and
    // credential id of each passkey, its signature counter and the name its owner gave it.
    async up(db) {
      await db.schema
        .createTable('passkey')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('credentialID', 'text', (c) => c.notNull())
        .addColumn('counter', 'integer', (c) => c.notNull())
        .addColumn('deviceType', 'text', (c) => c.notNull())
        .addColumn('backedUp', bool, (c) => c.notNull())
        .addColumn('transports', 'text')
        .addColumn('createdAt', date)
        .addColumn('aaguid', 'text')
        .execute()
      await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute()
      await db.schema
        .createIndex('passkey_credentialID_idx')
        .on('passkey')
        .column('credentialID')
        .execute()
    },
  }
}
