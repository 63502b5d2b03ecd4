import fc from 'fast-check'
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH, RESERVED_HANDLES } from '../../src/shared/profile'

/**
 * Generated text as people type it into the name and handle fields (and as broken clients send
 * it): ASCII mixed with full-width forms, emoji, spaces of every kind, @, marks, compatibility
 * characters, control characters and lone surrogates. Shared by the unit and integration tests.
 */

const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789']

/**
 * Characters that are never a letter or digit, even after NFKC, and never merge with the letter
 * before them: what the handle rules strip from a handle (docs/using.md "Profiles and handles").
 */
export const NOISE = [
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\u200d',
  '\ufeff',
  '@',
  '_',
  '-',
  '.',
  '!',
  '＿',
  '－',
  '。',
  '🌸',
  '👩‍💻',
  '🇯🇵',
  '❤️',
  '桜',
  'ｶ',
  'é',
  'ß',
  'Ж',
  'α',
  '\u0000',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
]

/** Characters NFKC turns into ASCII letters or digits (①, ﬁ, ™, Ⓐ, ㎏, Kelvin sign, long s). */
const COMPATIBILITY = ['①', 'ﬁ', '™', 'Ⓐ', '㎏', '\u212a', 'ſ', 'ǅ']
const COMBINING_MARKS = ['\u0301', '\u0308', '\u20dd', '\ufe0f']

/** Printable ASCII in its full-width form (U+FF01–U+FF5E), which NFKC folds back. */
export function toFullWidth(text: string): string {
  return text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0))
}

export const alnumChar = fc.constantFrom(...ALNUM)
export const noiseChar = fc.constantFrom(...NOISE)

const typedChar = fc.oneof(
  { arbitrary: alnumChar, weight: 8 },
  { arbitrary: alnumChar.map(toFullWidth), weight: 2 },
  { arbitrary: noiseChar, weight: 4 },
  { arbitrary: fc.constantFrom(...COMPATIBILITY), weight: 1 },
  { arbitrary: fc.constantFrom(...COMBINING_MARKS), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
)

/** Up to `maxLength` typed characters (each one to a few UTF-16 units). */
export const typedText = (constraints: { minLength?: number; maxLength: number }) =>
  fc.string({ unit: typedChar, ...constraints })

/** One word as someone might type it: any case, full-width or not, noise between, maybe an @. */
export function spelledAsTyped(word: string): fc.Arbitrary<string> {
  const letters = [...word].map((letter) =>
    fc.tuple(
      fc.constantFrom(
        letter.toLowerCase(),
        letter.toUpperCase(),
        toFullWidth(letter.toLowerCase()),
        toFullWidth(letter.toUpperCase()),
      ),
      fc.string({ unit: noiseChar, maxLength: 2 }),
    ),
  )
  return fc
    .tuple(fc.boolean(), fc.string({ unit: noiseChar, maxLength: 2 }), ...letters)
    .map(([at, lead, ...rest]) => `${at ? '@' : ''}${lead}${rest.map(([c, n]) => c + n).join('')}`)
}

export const reservedHandle = fc
  .constantFrom(...RESERVED_HANDLES)
  .chain((reserved) => spelledAsTyped(reserved))

/** Handle field input: mostly typed text, some far too long, reserved words, any Unicode at all. */
export const handleText = fc.oneof(
  { arbitrary: typedText({ minLength: HANDLE_MIN_LENGTH, maxLength: 45 }), weight: 6 },
  { arbitrary: typedText({ maxLength: 45 }), weight: 2 },
  { arbitrary: typedText({ minLength: 180, maxLength: 230 }), weight: 1 },
  { arbitrary: reservedHandle, weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
)

/** Name field input: typed text, any Unicode, blank, and too long. */
export const nameText = fc.oneof(
  { arbitrary: typedText({ maxLength: 30 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: noiseChar, maxLength: 6 }), weight: 1 },
  { arbitrary: typedText({ minLength: 45, maxLength: 70 }), weight: 1 },
)

/** The handle rules (length and reserved names) for a stored, lowercase handle. */
export function isStorableHandle(handle: string): boolean {
  return (
    new RegExp(`^[a-z0-9]{${HANDLE_MIN_LENGTH},${HANDLE_MAX_LENGTH}}$`).test(handle) &&
    !RESERVED_HANDLES.has(handle)
  )
}
