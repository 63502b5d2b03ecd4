import { searchKey, type AnimeSummary } from '../../shared/anime'
import type { CatalogStore } from './catalog-store'

interface Entry {
  summary: AnimeSummary
  /** searchKey() of each of its titles, in every language. */
  keys: string[]
}

interface Index {
  generation: number
  entries: Entry[]
}

/** Exact before prefix before substring; no match at all is not ranked. */
const EXACT = 0
const PREFIX = 1
const SUBSTRING = 2

/** How often an instance asks the database whether the catalog moved on (a load or an import). */
const RECHECK_MS = 5_000

/**
 * Search over every title in every language (docs/api.md "Anime"). The titles are normalised
 * once into memory per instance; the index is built again when the database's catalog
 * generation moves, which an instance asks at most every few seconds.
 */
export function catalogSearch(catalog: CatalogStore) {
  let index: Index | undefined
  let checkedAt = 0
  let building: Promise<Index> | undefined

  async function build(generation: number): Promise<Index> {
    const summaries = await catalog.summaries()
    return {
      generation,
      entries: summaries.map((summary) => ({
        summary,
        keys: [
          ...new Set(
            [summary.title, ...Object.values(summary.translations).flat()]
              .map(searchKey)
              .filter((key) => key !== ''),
          ),
        ],
      })),
    }
  }

  async function current(): Promise<Index> {
    const now = Date.now()
    if (index !== undefined && now - checkedAt < RECHECK_MS) return index
    checkedAt = now
    const generation = (await catalog.state())?.generation ?? 0
    if (index?.generation === generation) return index
    building ??= build(generation).finally(() => {
      building = undefined
    })
    index = await building
    return index
  }

  return {
    /** At most `limit` titles matching `query`, the best first. */
    async search(query: string, limit: number): Promise<AnimeSummary[]> {
      const wanted = searchKey(query)
      if (wanted === '') return []
      const { entries } = await current()
      const found: { entry: Entry; rank: number; length: number }[] = []
      for (const entry of entries) {
        let rank = Infinity
        let length = Infinity
        for (const key of entry.keys) {
          const at = key.indexOf(wanted)
          if (at === -1) continue
          const keyRank = key.length === wanted.length ? EXACT : at === 0 ? PREFIX : SUBSTRING
          if (keyRank < rank || (keyRank === rank && key.length < length)) {
            rank = keyRank
            length = key.length
          }
        }
        if (rank !== Infinity) found.push({ entry, rank, length })
      }
      // Then the closest title (the shortest that matched), then the newest, then by id so the
      // order never depends on how the rows came back.
      found.sort(
        (a, b) =>
          a.rank - b.rank ||
          a.length - b.length ||
          (b.entry.summary.beginAt ?? '').localeCompare(a.entry.summary.beginAt ?? '') ||
          a.entry.summary.id.localeCompare(b.entry.summary.id),
      )
      return found.slice(0, limit).map(({ entry }) => entry.summary)
    },
  }
}

export type CatalogSearch = ReturnType<typeof catalogSearch>
