import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MESSAGES,
  HANDLE_MIN_LENGTH,
  NAME_MAX_LENGTH,
  RESERVED_HANDLES,
  handleProblem,
  normalizeHandle,
  ProfilePatchSchema,
} from './profile'
import {
  alnumChar,
  handleText,
  isStorableHandle,
  nameText,
  noiseChar,
  reservedHandle,
  spelledAsTyped,
  toFullWidth,
} from '../../tests/support/typed-text'

/**
 * Properties of the handle and name rules (docs/using.md "Profiles and handles") over generated
 * input.
 */

const RUNS = { numRuns: 3000 }
const anyText = fc.oneof(
  handleText,
  nameText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
)
const alnumText = fc.string({ unit: alnumChar, maxLength: 40 })

describe('normalizeHandle', () => {
  it('leaves only ASCII letters and digits, and username is displayUsername lowercased', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const { username, displayUsername } = normalizeHandle(input)
        expect(displayUsername).toMatch(/^[A-Za-z0-9]*$/)
        expect(username).toBe(displayUsername.toLowerCase())
      }),
      RUNS,
    )
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const once = normalizeHandle(input)
        expect(normalizeHandle(once.displayUsername)).toEqual(once)
        expect(normalizeHandle(once.username).username).toBe(once.username)
      }),
      RUNS,
    )
  })

  it('keeps the letters and digits as typed, in order, whatever is around them', () => {
    const noisy = fc
      .array(fc.tuple(fc.string({ unit: noiseChar, maxLength: 3 }), alnumChar), { maxLength: 40 })
      .chain((pairs) =>
        fc.tuple(fc.constant(pairs), fc.string({ unit: noiseChar, maxLength: 3 }), fc.boolean()),
      )
    fc.assert(
      fc.property(noisy, ([pairs, tail, at]) => {
        const typed = (at ? '@' : '') + pairs.map(([noise, char]) => noise + char).join('') + tail
        const kept = pairs.map(([, char]) => char).join('')
        expect(normalizeHandle(typed)).toEqual({
          username: kept.toLowerCase(),
          displayUsername: kept,
        })
      }),
      RUNS,
    )
  })

  it('folds full-width letters and digits to ASCII', () => {
    fc.assert(
      fc.property(alnumText, fc.array(fc.boolean(), { maxLength: 40 }), (text, wide) => {
        const typed = [...text].map((char, i) => (wide[i] ? toFullWidth(char) : char)).join('')
        expect(normalizeHandle(typed).displayUsername).toBe(text)
      }),
      RUNS,
    )
  })

  it('treats a leading @ like any other @', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        expect(normalizeHandle(`@${input}`)).toEqual(normalizeHandle(input))
      }),
      RUNS,
    )
  })
})

describe('handleProblem', () => {
  const username = fc.oneof(
    fc.string({ unit: alnumChar, maxLength: 40 }).map((text) => text.toLowerCase()),
    fc.constantFrom(...RESERVED_HANDLES),
  )

  it('accepts exactly the handle lengths and words allowed, naming the first problem', () => {
    fc.assert(
      fc.property(username, (name) => {
        const expected =
          name.length < HANDLE_MIN_LENGTH
            ? HANDLE_MESSAGES.tooShort
            : name.length > HANDLE_MAX_LENGTH
              ? HANDLE_MESSAGES.tooLong
              : RESERVED_HANDLES.has(name)
                ? HANDLE_MESSAGES.reserved
                : null
        expect(handleProblem(name)).toBe(expected)
        expect(expected === null).toBe(isStorableHandle(name))
      }),
      RUNS,
    )
  })
})

describe('ProfilePatchSchema', () => {
  it('accepts a handle only when what it normalizes to may be stored', () => {
    fc.assert(
      fc.property(handleText, (handle) => {
        const parsed = ProfilePatchSchema.safeParse({ handle })
        const normalized = normalizeHandle(handle)
        const acceptable = handle.length <= 200 && isStorableHandle(normalized.username)
        expect(parsed.success).toBe(acceptable)
        if (parsed.success) {
          expect(parsed.data).toEqual({ handle: normalized })
        } else {
          expect(parsed.error.issues.map((issue) => issue.path)).toEqual([['handle']])
        }
      }),
      RUNS,
    )
  })

  it('refuses every reserved handle however it is typed', () => {
    fc.assert(
      fc.property(reservedHandle, (handle) => {
        const parsed = ProfilePatchSchema.safeParse({ handle })
        expect(parsed.success).toBe(false)
        expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
          HANDLE_MESSAGES.reserved,
        ])
      }),
      RUNS,
    )
  })

  it('accepts any plain word between the length limits, in any case or width', () => {
    const word = fc
      .string({ unit: alnumChar, minLength: HANDLE_MIN_LENGTH, maxLength: HANDLE_MAX_LENGTH })
      .filter((text) => !RESERVED_HANDLES.has(text.toLowerCase()))
    fc.assert(
      fc.property(word.chain(spelledAsTyped), (handle) => {
        expect(ProfilePatchSchema.safeParse({ handle }).success).toBe(true)
      }),
      RUNS,
    )
  })

  it('saves a name exactly when, trimmed, it is visible, within the limit and free of control characters', () => {
    let accepted = 0
    fc.assert(
      fc.property(nameText, (name) => {
        const trimmed = name.trim()
        const allowed =
          // The limit counts code points, so an emoji is one character.
          [...trimmed].length <= NAME_MAX_LENGTH &&
          !/[\p{Cc}\p{Cs}]/u.test(trimmed) &&
          /[^\p{Z}\p{Cf}\s]/u.test(trimmed)
        const parsed = ProfilePatchSchema.safeParse({ name })
        expect(parsed.success).toBe(allowed)
        if (parsed.success) {
          accepted++
          expect(parsed.data).toEqual({ name: trimmed })
        }
      }),
      RUNS,
    )
    // The generator reaches both answers often, so neither side is checked on a handful of cases.
    expect(accepted).toBeGreaterThan(RUNS.numRuns / 10)
    expect(accepted).toBeLessThan(RUNS.numRuns - RUNS.numRuns / 10)
  })

  it('accepts every printable name within the limit', () => {
    const printable = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
      .filter((name) => [...name.trim()].length <= NAME_MAX_LENGTH && /[\p{L}\p{N}]/u.test(name))
    fc.assert(
      fc.property(printable, (name) => {
        expect(ProfilePatchSchema.safeParse({ name })).toEqual({
          success: true,
          data: { name: name.trim() },
        })
      }),
      RUNS,
    )
  })

  it('refuses a name with a control character or a lone surrogate inside it', () => {
    // Graphemes around it, so a lone surrogate cannot pair up with a neighbour.
    const around = fc.string({ unit: 'grapheme', maxLength: 10 })
    const broken = fc.tuple(
      around,
      fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud83c', '\udf38'),
      around,
    )
    fc.assert(
      fc.property(broken, ([before, bad, after]) => {
        expect(
          ProfilePatchSchema.safeParse({ name: `Mofu${before}${bad}${after}Fan` }).success,
        ).toBe(false)
      }),
      RUNS,
    )
  })

  it('refuses names with nothing to see', () => {
    const blank = fc.string({
      unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\u200b', '\u200d', '\ufeff'),
      maxLength: 20,
    })
    fc.assert(
      fc.property(blank, (name) => {
        expect(ProfilePatchSchema.safeParse({ name }).success).toBe(false)
      }),
      RUNS,
    )
  })

  it('never throws, and accepts only objects of the three known fields', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue()), (value) => {
        const parsed = ProfilePatchSchema.safeParse(value)
        if (parsed.success) {
          expect(value).toBeTypeOf('object')
          expect(
            Object.keys(value as object).every((key) => ['name', 'handle', 'font'].includes(key)),
          ).toBe(true)
        }
      }),
      RUNS,
    )
  })
})
