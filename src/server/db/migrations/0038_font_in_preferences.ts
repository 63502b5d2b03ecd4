import { sql, type Migration } from 'kysely'

interface Apart {
  user_id: string
  font: string
  preferences: string | null
}

/** The kept preferences as stored, {} for none or for what is no JSON object. */
function keptObject(json: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = json === null ? null : JSON.parse(json)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

export const migration: Migration = {
  // The profile's font is read from the kept preferences alone from this release on, which
  // releases since 0.2.0 wrote it to beside the `font` column. 0.1.0 wrote the column alone, so
  // where a font chosen on it left the two apart, the column's (the font every release answered)
  // is copied in. A column at its default beside no kept font answers the same and stays as it
  // is. The column is neither read nor written any more; the next release drops it.
  async up(db) {
    // Only rows whose preferences cannot hold the column's font as a release writes it.
    const { rows } = await sql<Apart>`select user_id, font, preferences from profiles
      where coalesce(preferences, '') not like ${'%"font":"'} || font || ${'"%'}
        and (font <> ${'default'} or coalesce(preferences, '') like ${'%"font"%'})`.execute(db)
    for (const row of rows) {
      const kept = keptObject(row.preferences)
      if (kept.font === row.font) continue
      await db
        .updateTable('profiles')
        .set({ preferences: JSON.stringify({ ...kept, font: row.font }) })
        .where('user_id', '=', row.user_id)
        .execute()
    }
  },
}
