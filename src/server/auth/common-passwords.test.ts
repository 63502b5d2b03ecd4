import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './common-passwords'

describe('the breached-password list', () => {
  it('holds the 100 000 most common passwords of the ranked list, and not the next ones', () => {
    // Ranks 1, 24 (absent from zxcvbn-ts's shorter list, which Mofu checked before), and
    // 100 000, the last one refused.
    for (const password of ['123456', '654321', '070162']) {
      expect(isCommonPassword(password), password).toBe(true)
    }
    // Ranks 100 001 and 100 002 appear nowhere in the first 100 000.
    for (const password of ['07012006', '07011963']) {
      expect(isCommonPassword(password), password).toBe(false)
    }
  })

  it('compares without regard to case and never refuses a password of its own', () => {
    expect(isCommonPassword('PassWord')).toBe(true)
    expect(isCommonPassword('moon-petal-lantern')).toBe(false)
  })
})
