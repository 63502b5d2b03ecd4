import { searchKey, type AnimeSummary } from '../../shared/anime'
import type { CatalogStore } from './catalog-store'

interface Index {
  generation: number
  /** Every title as JSON, by its place in the catalog's summaries: answers are only joined. */
  json: string[]
  /** searchKey() of every title in every language, each title's keys once. */
  keys: string[]
  /** The title each key belongs to. */
  owners: Int32Array
  /**
   * The keys holding each pair of neighbouring UTF-16 code units, and each single unit, in
   * ascending order: a query is looked for only in the keys that hold its rarest pair, so most
   * searches read a few dozen keys rather than every title in the catalog.
   */
  grams: Map<string, Int32Array>
  /** Each title's place among all titles newest first, then by id: the last tie-breaker. */
  newest: Int32Array
  /** The title at each of those places. */
  byNewest: Int32Array
  /** Longer than the longest key: a rank and a length make one number below it times three. */
  lengths: number
}

/** Exact before prefix before substring; no match at all is not ranked. */
const EXACT = 0
const PREFIX = 1
const SUBSTRING = 2

const NO_KEYS = new Int32Array(0)

/** The pairs of neighbouring code units in `key`, or its one unit when it has only one. */
function gramsOf(key: string): string[] {
  if (key.length === 1) return [key]
  const grams: string[] = []
  for (let at = 0; at + 1 < key.length; at++) grams.push(key.slice(at, at + 2))
  return grams
}

/** By UTF-16 code units: ISO dates and ids sort as written, whatever the locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function buildIndex(generation: number, summaries: readonly AnimeSummary[]): Index {
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
  const lists = new Map<string, number[]>()
  const add = (gram: string, key: number) => {
    const list = lists.get(gram)
    if (list === undefined) lists.set(gram, [key])
    else if (list.at(-1) !== key) list.push(key)
  }
  for (const [position, key] of keys.entries()) {
    for (let at = 0; at < key.length; at++) {
      add(key.charAt(at), position)
      if (at + 1 < key.length) add(key.slice(at, at + 2), position)
    }
  }
  const grams = new Map<string, Int32Array>()
  for (const [gram, list] of lists) grams.set(gram, Int32Array.from(list))
  // Newest first (a title without a date last), then by id, so the order never depends on how
  // the rows came back.
  const byNewest = Int32Array.from(summaries.keys()).sort(
    (a, b) =>
      compare(summaries[b]?.beginAt ?? '', summaries[a]?.beginAt ?? '') ||
      compare(summaries[a]?.id ?? '', summaries[b]?.id ?? ''),
  )
  const newest = new Int32Array(summaries.length)
  for (const [place, owner] of byNewest.entries()) newest[owner] = place
  return {
    generation,
    json: summaries.map((summary) => JSON.stringify(summary)),
    keys,
    owners: Int32Array.from(owners),
    grams,
    newest,
    byNewest,
    lengths: keys.reduce((longest, key) => Math.max(longest, key.length), 0) + 1,
  }
}

/**
 * Search over every title in every language (docs/api.md "Anime"). The titles are normalised
 * and indexed once into memory per instance; the index is built again when the database's
 * catalog generation moves (CatalogStore.generation).
 */
export function catalogSearch(catalog: CatalogStore) {
  let index: Index | undefined
  let building: Promise<Index> | undefined
  /**
   * Per title: the best rank and length the search numbered `stamp` found, kept between
   * searches so that none allocates or clears a table of every title.
   */
  let best = new Float64Array(0)
  let seen = new Float64Array(0)
  let stamp = 0

  async function current(): Promise<Index> {
    const generation = await catalog.generation()
    if (index?.generation === generation) return index
    building ??= catalog
      .summaries()
      .then((summaries) => buildIndex(generation, summaries))
      .finally(() => {
        building = undefined
      })
    index = await building
    return index
  }

  /** The keys that may hold `wanted`: those holding its rarest pair of code units. */
  function candidates({ grams }: Index, wanted: string): Int32Array {
    let fewest: Int32Array | undefined
    for (const gram of gramsOf(wanted)) {
      const list = grams.get(gram)
      if (list === undefined) return NO_KEYS
      if (fewest === undefined || list.length < fewest.length) fewest = list
    }
    return fewest ?? NO_KEYS
  }

  return {
    /**
     * The answer to GET /api/anime/search: at most `limit` titles matching `query`, the best
     * first, as the JSON of AnimeSearchResults. Exact before prefix before substring, then the
     * closest title (the shortest key that matched), then the newest, then by id.
     */
    async search(query: string, limit: number): Promise<string> {
      const wanted = searchKey(query)
      if (wanted === '') return answer([])
      const searched = await current()
      const { keys, owners, newest, byNewest, json, lengths } = searched
      if (seen.length !== newest.length) {
        best = new Float64Array(newest.length)
        seen = new Float64Array(newest.length)
      }
      stamp += 1
      const matched: number[] = []
      for (const key of candidates(searched, wanted)) {
        const text = keys[key] ?? ''
        const at = text.indexOf(wanted)
        if (at === -1) continue
        // The first match in a key is its best: a prefix if there is one.
        const rank = at > 0 ? SUBSTRING : text.length === wanted.length ? EXACT : PREFIX
        const score = rank * lengths + text.length
        const owner = owners[key] ?? 0
        if (seen[owner] !== stamp) {
          seen[owner] = stamp
          best[owner] = score
          matched.push(owner)
        } else if (score < (best[owner] ?? 0)) {
          best[owner] = score
        }
      }
      const titles = newest.length
      const ranked = Float64Array.from(
        matched,
        (owner) => (best[owner] ?? 0) * titles + (newest[owner] ?? 0),
      ).sort()
      const results: string[] = []
      for (const order of ranked.subarray(0, limit)) {
        results.push(json[byNewest[order % titles] ?? 0] ?? '')
      }
      return answer(results)
    },
  }
}

/** The JSON of AnimeSearchResults around titles already in JSON. */
const answer = (results: readonly string[]) => `{"results":[${results.join(',')}]}`

export type CatalogSearch = ReturnType<typeof catalogSearch>
