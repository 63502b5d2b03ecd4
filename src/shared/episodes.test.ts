import { describe, expect, it } from 'vitest'
import { episodesBetween } from './episodes'

const at = (iso: string) => Date.parse(iso)
const iso = (times: number[]) => times.map((time) => new Date(time).toISOString())

describe('episodes', () => {
  const weekly = {
    broadcast: 'R/2026-02-28T15:30:00.000Z/P7D',
    beginAt: '2026-02-28T15:30:00.000Z',
    endAt: '2026-03-21T15:30:00.000Z',
  }

  it('repeats the slot every week from the first air date to the last', () => {
    expect(iso(episodesBetween(weekly, at('2026-01-01T00:00Z'), at('2026-06-01T00:00Z')))).toEqual([
      '2026-02-28T15:30:00.000Z',
      '2026-03-07T15:30:00.000Z',
      '2026-03-14T15:30:00.000Z',
      '2026-03-21T15:30:00.000Z',
    ])
    expect(iso(episodesBetween(weekly, at('2026-03-08T00:00Z'), at('2026-03-15T00:00Z')))).toEqual([
      '2026-03-14T15:30:00.000Z',
    ])
  })

  it('counts the last air date as a day in Japan, and airs on without one', () => {
    const lastDay = { ...weekly, endAt: '2026-03-21T15:00:00.000Z' }
    expect(episodesBetween(lastDay, at('2026-03-20T00:00Z'), at('2026-03-28T00:00Z'))).toHaveLength(
      1,
    )
    const onAir = { ...weekly, endAt: '' }
    expect(episodesBetween(onAir, at('2027-01-01T00:00Z'), at('2027-01-08T00:00Z'))).toHaveLength(1)
  })

  it('stops after the repeats a count gives, and shows a one-off once', () => {
    const twice = { ...weekly, broadcast: 'R2/2026-02-28T15:30:00.000Z/P7D', endAt: '' }
    expect(episodesBetween(twice, at('2026-01-01T00:00Z'), at('2027-01-01T00:00Z'))).toHaveLength(2)
    const once = { broadcast: 'R1/2026-02-28T15:30:00.000Z/P0D', beginAt: null, endAt: null }
    expect(episodesBetween(once, at('2026-01-01T00:00Z'), at('2027-01-01T00:00Z'))).toHaveLength(1)
  })

  it('finds nothing in a slot it cannot read', () => {
    for (const broadcast of [null, '', 'R/soon/P7D', 'R/2026-02-28T15:30:00.000Z/P1M']) {
      expect(episodesBetween({ ...weekly, broadcast }, 0, at('2030-01-01T00:00Z'))).toEqual([])
    }
  })
})
