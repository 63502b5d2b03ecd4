import { beforeAll, describe, expect, it } from 'vitest'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { ANIME_BROWSE_PAGE_SIZE } from '../../src/shared/anime'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile, type TestItem } from '../support/bangumi-data-file'
import { createTestApp } from '../support/test-app'

/**
 * Browsing the catalog by season, year and type (docs/api.md "Anime", GET /api/anime), signed
 * out, through the app on each database.
 */

const file = appWithMail('browse')
const call = (path: string) => callApp(file.subject.app, path)

/** A title of its own name, id and first air date. */
const titled = (title: string, id: number, begin: string, type: TestItem['type'] = 'tv') => ({
  title,
  type,
  begin,
  sites: [{ site: 'bangumi', id: String(id) }],
})

// Seasons are Japan's: 2026-03-31T15:00Z is 1 April there, the first moment of spring.
const WINTER_LAST = titled('冬の終わり', 1, '2026-03-31T14:59:59.000Z')
const SPRING_FIRST = titled('春の始まり', 2, '2026-03-31T15:00:00.000Z')
const SPRING_MOVIE = titled('春の映画', 3, '2026-05-01T09:00:00.000Z', 'movie')
const SUMMER = titled('夏の話', 4, '2026-07-04T15:00:00.000Z')
/** The newest season in the data, a year on. */
const AUTUMN_NEXT = titled('来年の秋', 5, '2027-10-02T15:00:00.000Z')
const OLDEST = titled('古い映画', 6, '1998-07-18T00:00:00.000Z', 'movie')
const UNDATED = titled('日付のない話', 7, '')
/** Enough of one season, the same day, for three pages: the cursor must break the tie by id. */
const MANY = Array.from({ length: ANIME_BROWSE_PAGE_SIZE * 2 + 3 }, (_, n) =>
  titled(`夏の大群${n}`, 1000 + n, '2026-08-01T15:00:00.000Z', n % 2 === 0 ? 'tv' : 'web'),
)

beforeAll(async () => {
  const loaded = await catalogStore(file.subject.database).load({
    source: 'import',
    version: 'test data',
    bytes: dataFile([
      WINTER_LAST,
      SPRING_FIRST,
      SPRING_MOVIE,
      SUMMER,
      AUTUMN_NEXT,
      OLDEST,
      UNDATED,
      ...MANY,
    ]),
  })
  expect(loaded).toMatchObject({ status: 'loaded' })
})

const titles = (json: unknown) =>
  (json as { results: { title: string }[] }).results.map((r) => r.title)

describe('browse', () => {
  it('a season holds the titles that begin in it, by the date in Japan, oldest first', async () => {
    const spring = await call('/api/anime?year=2026&season=spring')
    expect(spring.status).toBe(200)
    expect(spring.json).toMatchObject({
      year: 2026,
      season: 'spring',
      latest: { year: 2027, season: 'autumn' },
      earliestYear: 1998,
      nextCursor: null,
    })
    expect(titles(spring.json)).toEqual([SPRING_FIRST.title, SPRING_MOVIE.title])
    expect(titles((await call('/api/anime?year=2026&season=winter')).json)).toEqual([
      WINTER_LAST.title,
    ])
  })

  it('narrows by type, and a year alone holds its four seasons', async () => {
    expect(titles((await call('/api/anime?year=2026&season=spring&type=movie')).json)).toEqual([
      SPRING_MOVIE.title,
    ])
    const year = await call('/api/anime?year=1998')
    expect(year.json).toMatchObject({ year: 1998, season: null })
    expect(titles(year.json)).toEqual([OLDEST.title])
  })

  it('with nothing asked, shows the newest season in the catalog, not the calendar’s', async () => {
    const newest = await call('/api/anime')
    expect(newest.json).toMatchObject({ year: 2027, season: 'autumn' })
    expect(titles(newest.json)).toEqual([AUTUMN_NEXT.title])
  })

  it('pages with its cursor: every title once, in order, however many share a date', async () => {
    const seen: string[] = []
    let path = '/api/anime?year=2026&season=summer'
    for (let page = 0; page < 5; page += 1) {
      const answer = await call(path)
      expect(answer.status).toBe(200)
      seen.push(...titles(answer.json))
      const next = (answer.json as { nextCursor: string | null }).nextCursor
      if (next === null) break
      path = `/api/anime?year=2026&season=summer&cursor=${encodeURIComponent(next)}`
    }
    expect(seen).toEqual([SUMMER.title, ...MANY.map((item) => item.title).sort(byBangumiId)])
    const webOnly = await call('/api/anime?year=2026&season=summer&type=web')
    expect(titles(webOnly.json)).toHaveLength(ANIME_BROWSE_PAGE_SIZE)
    expect(titles(webOnly.json).every((title) => title.startsWith('夏の大群'))).toBe(true)
  })

  it('refuses what it cannot read, naming the field', async () => {
    for (const [query, field] of [
      ['season=spring', 'year'],
      ['year=26', 'year'],
      ['year=1899', 'year'],
      ['year=2026&season=rainy', 'season'],
      ['type=tv%27%3B--', 'type'],
      ['cursor=bm90IGEgY3Vyc29y', 'cursor'],
      [`cursor=${'a'.repeat(301)}`, 'cursor'],
    ] as const) {
      const answer = await call(`/api/anime?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.json).toMatchObject({ code: 'INVALID_INPUT', issues: [{ field }] })
    }
  })

  it('answers an empty catalog with no season and no titles', async () => {
    const empty = await createTestApp({ smtpUrl: file.smtp.url })
    try {
      expect((await callApp(empty.app, '/api/anime')).json).toEqual({
        year: null,
        season: null,
        latest: null,
        earliestYear: null,
        results: [],
        nextCursor: null,
      })
    } finally {
      await empty.dispose()
    }
  })
})

/** The order of MANY's titles: their ids, `bgm-1000`… compared as text, as the database does. */
function byBangumiId(a: string, b: string): number {
  const id = (title: string) => `bgm-${1000 + Number(title.replace('夏の大群', ''))}`
  return id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0
}
