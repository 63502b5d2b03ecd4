import type { AnimeLanguage, AnimeSummary, AnimeType } from '../../shared/anime'
import type { CatalogTitlesTable } from '../db/catalog-tables'

/** The columns of catalog_titles a summary is made of (toSummary), for a select that joins them. */
export const SUMMARY_COLUMNS = [
  'catalog_titles.id',
  'catalog_titles.title',
  'catalog_titles.lang',
  'catalog_titles.translations',
  'catalog_titles.type',
  'catalog_titles.begin_at',
] as const

export function toSummary(
  row: Pick<CatalogTitlesTable, 'id' | 'title' | 'lang' | 'translations' | 'type' | 'begin_at'>,
): AnimeSummary {
  return {
    id: row.id,
    title: row.title,
    lang: row.lang as AnimeLanguage,
    translations: JSON.parse(row.translations) as AnimeSummary['translations'],
    type: row.type as AnimeType,
    beginAt: row.begin_at === '' ? null : row.begin_at,
  }
}
