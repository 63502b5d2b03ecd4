import type { Migration } from 'kysely'

export const migration: Migration = {
  // A credential id names one passkey of one account (WebAuthn §7.1 step 22). Should a
  // database hold one twice, the earliest registration keeps it: a later one with the same
  // id was a key presented as another's.
  async up(db) {
    const rows = await db
      .selectFrom('passkey')
      .select(['id', 'credentialID'])
      .orderBy('createdAt')
      .orderBy('id')
      .execute()
    const seen = new Set<string>()
    const later = rows.filter((row) => seen.size === seen.add(row.credentialID).size)
    if (later.length > 0) {
      await db
        .deleteFrom('passkey')
        .where(
          'id',
          'in',
          later.map((row) => row.id),
        )
        .execute()
    }
    // Under the name Better Auth's schema gives it, now unique.
    await db.schema.dropIndex('passkey_credentialID_idx').execute()
    await db.schema
      .createIndex('passkey_credentialID_idx')
      .on('passkey')
      .column('credentialID')
      .unique()
      .execute()
  },
}
