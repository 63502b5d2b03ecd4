import { expect, it } from 'vitest'
import { seasonOf } from './anime'

it('names the season a title begins in by its month in Japan', () => {
  expect(seasonOf('2026-01-10T15:00:00.000Z')).toEqual({ year: 2026, season: 'winter' })
  expect(seasonOf('2026-03-31T14:59:59.000Z')).toEqual({ year: 2026, season: 'winter' })
  // 1 April in Japan, still 31 March in UTC.
  expect(seasonOf('2026-03-31T15:00:00.000Z')).toEqual({ year: 2026, season: 'spring' })
  expect(seasonOf('2023-09-29T14:00:00.000Z')).toEqual({ year: 2023, season: 'summer' })
  expect(seasonOf('2023-10-01T00:00:00+09:00')).toEqual({ year: 2023, season: 'autumn' })
  // New Year's Day in Japan begins the next year's winter.
  expect(seasonOf('2025-12-31T15:00:00.000Z')).toEqual({ year: 2026, season: 'winter' })
  expect(seasonOf(null)).toBeNull()
  expect(seasonOf('soon')).toBeNull()
})
