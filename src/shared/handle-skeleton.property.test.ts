import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { handleSkeleton, SKELETON_REPLACEMENTS } from './handle-skeleton'
import { passesForReserved, RESERVED_HANDLES } from './profile'

/** Properties of the look-alike skeleton (docs/using.md "Look-alike IDs") over generated handles. */

const RUNS = { numRuns: 3000 }
const handles = fc.string({ unit: fc.constantFrom(...'abcdilmnorsuvwz0125'), maxLength: 30 })

describe('handleSkeleton', () => {
  it('is what migration 0008 computes in SQL: the replacements one after another, in any order', () => {
    fc.assert(
      fc.property(handles, fc.func(fc.integer()), (name, order) => {
        const shuffled = [...SKELETON_REPLACEMENTS].sort(
          (a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]),
        )
        const replaced = shuffled.reduce((text, [from, to]) => text.replaceAll(from, to), name)
        expect(replaced).toBe(handleSkeleton(name))
      }),
      RUNS,
    )
  })

  it('is its own skeleton, so look-alikes of look-alikes are look-alikes', () => {
    fc.assert(
      fc.property(handles, (name) => {
        expect(handleSkeleton(handleSkeleton(name))).toBe(handleSkeleton(name))
      }),
      RUNS,
    )
  })

  it('makes the documented look-alikes pass for the names they imitate', () => {
    expect(handleSkeleton('paypa1')).toBe(handleSkeleton('paypal'))
    expect(handleSkeleton('rnofu')).toBe(handleSkeleton('mofu'))
    expect(handleSkeleton('m0fu')).toBe(handleSkeleton('mofu'))
    expect(handleSkeleton('adrnin')).toBe(handleSkeleton('admin'))
    expect(handleSkeleton('vvasabi')).toBe(handleSkeleton('wasabi'))
    expect(handleSkeleton('5akura')).toBe(handleSkeleton('sakura'))
    expect(handleSkeleton('sakura')).not.toBe(handleSkeleton('sakuru'))
  })
})

describe('passesForReserved', () => {
  it('holds for every look-alike of a reserved name and never for the name itself', () => {
    for (const reserved of RESERVED_HANDLES) {
      expect(passesForReserved(reserved), reserved).toBe(false)
      const lookAlike = reserved.replaceAll('m', 'rn').replaceAll('o', '0').replaceAll('l', '1')
      expect(passesForReserved(lookAlike), lookAlike).toBe(lookAlike !== reserved)
    }
  })
})
