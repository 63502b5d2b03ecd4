import { searchKey, type AnimeSummary } from '../../shared/anime'
import type { CatalogStore } from './catalog-store'

interface Index {
  generation: number
  summaries: AnimeSummary[]
  /**
   * searchKey() of every title in every language, each followed by a line break (which no key
   * holds), in one string: one indexOf pass over it finds every match, where a loop over 20,000
   * keys took milliseconds a search.
   */
  haystack: string
  /** Where each key starts in `haystack`, ascending. */
  starts: Int32Array
  /** The summary each key belongs to. */
  owners: Int32Array
}

const SEPARATOR = '\n'

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
    const keys: string[] = []
    const owners: number[] = []
    for (const [owner, summary] of summaries.entries()) {
      const titles = [summary.title, ...Object.values(summary.translations).flat()]
      for (const key of new Set(titles.map(searchKey))) {
        if (key === '') continue
        keys.push(key)
        owners.push(owner)
      }
    }
    const starts = new Int32Array(keys.length)
    let at = 0
    for (const [position, key] of keys.entries()) {
      starts[position] = at
      at += key.length + SEPARATOR.length
    }
    return {
      generation,
      summaries,
      haystack: keys.map((key) => key + SEPARATOR).join(''),
      starts,
      owners: Int32Array.from(owners),
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
      const { summaries, haystack, starts, owners } = await current()
      const best = new Map<number, { rank: number; length: number }>()
      let at = haystack.indexOf(wanted)
      while (at !== -1) {
        const key = keyAt(starts, at)
        const start = starts[key] ?? 0
        const end = haystack.indexOf(SEPARATOR, at)
        const length = end - start
        // The first match in a key is its best: a prefix if there is one.
        const rank = length === wanted.length ? EXACT : at === start ? PREFIX : SUBSTRING
        const owner = owners[key] ?? 0
        const kept = best.get(owner)
        if (
          kept === undefined ||
          rank < kept.rank ||
          (rank === kept.rank && length < kept.length)
        ) {
          best.set(owner, { rank, length })
        }
        at = haystack.indexOf(wanted, end + 1)
      }
      const found = [...best].map(([owner, { rank, length }]) => ({
        summary: summaries[owner] as AnimeSummary,
        rank,
        length,
      }))
      // Then the closest title (the shortest that matched), then the newest, then by id so the
      // order never depends on how the rows came back.
      found.sort(
        (a, b) =>
          a.rank - b.rank ||
          a.length - b.length ||
          compare(b.summary.beginAt ?? '', a.summary.beginAt ?? '') ||
          compare(a.summary.id, b.summary.id),
      )
      return found.slice(0, limit).map(({ summary }) => summary)
    },
  }
}

/** By UTF-16 code units: ISO dates and ids sort as written, whatever the locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The key whose text holds position `at`: the last key starting at or before it. */
function keyAt(starts: Int32Array, at: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] ?? 0) <= at) low = middle
    else high = middle - 1
  }
  return low
}

export type CatalogSearch = ReturnType<typeof catalogSearch>
