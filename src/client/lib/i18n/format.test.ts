import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@shared/language'
import { formatNumber } from './format'

describe('formatNumber', () => {
  it.each(LANGUAGES)('writes every number as Intl does in %s', (language) => {
    const intl = new Intl.NumberFormat(language)
    const numbers = [
      ...Array.from({ length: 1999 }, (_, index) => index - 999),
      -0,
      1000,
      -1000,
      12_345_678,
      0.5,
      999.5,
      -1.25,
    ]
    for (const value of numbers) expect(formatNumber(language, value)).toBe(intl.format(value))
  })
})
