import { describe, expect, it } from 'vitest'
import { inJapan, inZone, readSlot } from './air-times'

describe('air times', () => {
  it('reads a weekly, a daily and a one-off slot, and nothing from what is not one', () => {
    expect(readSlot('R/2023-09-29T14:00:00.000Z/P7D')).toEqual({
      start: new Date('2023-09-29T14:00:00.000Z'),
      repeats: 'weekly',
    })
    expect(readSlot('R/2023-09-29T14:00:00.000Z/P1D')?.repeats).toBe('daily')
    expect(readSlot('R1/2023-09-29T14:00:00.000Z/P0D')?.repeats).toBe('once')
    for (const wrong of [null, '', 'R/not-a-date/P7D', '2023-09-29T14:00:00.000Z', 'R//P7D']) {
      expect(readSlot(wrong), String(wrong)).toBeNull()
    }
  })

  it('gives the day and time in Japan, across midnight and the end of a year', () => {
    expect(inJapan(new Date('2023-09-29T14:00:00.000Z'))).toEqual({
      year: 2023,
      month: 8,
      day: 29,
      weekday: 5,
      time: '23:00',
    })
    expect(inJapan(new Date('2023-12-31T15:30:00.000Z'))).toEqual({
      year: 2024,
      month: 0,
      day: 1,
      weekday: 1,
      time: '00:30',
    })
  })

  it('gives them in another zone with its summer time, and Japan’s for a zone it lacks', () => {
    const at = new Date('2023-09-29T14:00:00.000Z')
    expect(inZone(at, 'Europe/London')).toEqual({
      year: 2023,
      month: 8,
      day: 29,
      weekday: 5,
      time: '15:00',
    })
    expect(inZone(at, 'America/Los_Angeles')).toMatchObject({ weekday: 5, time: '07:00' })
    expect(inZone(at, 'Asia/Tokyo')).toEqual(inJapan(at))
    expect(inZone(at, 'Nowhere/Atlantis')).toEqual(inJapan(at))
  })
})
