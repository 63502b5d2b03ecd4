import { describe, expect, it } from 'vitest'
import { MAL_IMPORT_MAX_BYTES } from '../../shared/mal-import'
import { MalImportRefused, readMalExport } from './mal-import'

const refusalOf = (text: string) =>
  readMalExport(Buffer.from(text)).then(
    () => 'read',
    (error: unknown) => (error instanceof MalImportRefused ? error.refusal : error),
  )

describe('reading a MyAnimeList export', () => {
  it('refuses more markup than any export holds before parsing it', async () => {
    const opening = '<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>'
    const elements = `${opening}${'<x/>'.repeat(2_400_000)}</myanimelist>`
    expect(elements.length).toBeLessThan(MAL_IMPORT_MAX_BYTES)
    expect(await refusalOf(elements)).toBe('tooLarge')
  })

  it('reads an honest export of nearly the largest size', async () => {
    // An entry with every field MyAnimeList writes (tests/support/mal-export.ts has the file).
    const fields = [
      'series_type>TV',
      'series_episodes>12',
      'my_id>0',
      'my_watched_episodes>12',
      'my_start_date>0000-00-00',
      'my_finish_date>0000-00-00',
      'my_rated>',
      'my_score>0',
      'my_storage>',
      'my_storage_value>0.00',
      'my_status>Completed',
      'my_times_watched>0',
      'my_rewatch_value>',
      'my_priority>LOW',
      'my_rewatching>0',
      'my_rewatching_ep>0',
      'my_discuss>1',
      'my_sns>default',
      'update_on_import>0',
    ]
    const entry = (id: number) =>
      `<anime><series_animedb_id>${id}</series_animedb_id><series_title><![CDATA[Title ${id}]]></series_title><my_comments><![CDATA[]]></my_comments><my_tags><![CDATA[]]></my_tags>${fields.map((field) => `\n\t\t\t<${field}</${field.split('>')[0]}>`).join('')}</anime>`
    const entries = Array.from({ length: 10_500 }, (_, index) => entry(index + 1)).join('\n')
    const text = `<?xml version="1.0" encoding="UTF-8" ?><myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${entries}</myanimelist>`
    expect(text.length).toBeGreaterThan(MAL_IMPORT_MAX_BYTES * 0.8)
    expect(text.length).toBeLessThan(MAL_IMPORT_MAX_BYTES)
    expect(await readMalExport(Buffer.from(text))).toHaveLength(10_500)
    // Parsing 10,500 entries is seconds of CPU: run on one core beside the whole suite it took
    // over Vitest's default 5 s, and the suite must pass on a machine half as fast
    // (docs/testing.md, "The suites").
  }, 30_000)
})
