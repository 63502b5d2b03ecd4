import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchKey } from './anime'
import { toFullWidth } from '../../tests/support/typed-text'

/** The search key (docs/api.md "Anime"): what decides whether a title matches a query. */

const RUNS = { numRuns: 2000 }
/** ぁ (U+3041) to ゖ (U+3096): the hiragana with a katakana 0x60 above. */
const hiragana = fc.integer({ min: 0x3041, max: 0x3096 }).map((code) => String.fromCodePoint(code))
const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/g, (char) =>
    String.fromCodePoint((char.codePointAt(0) ?? 0) + 0x60),
  )
/** Spaces and punctuation people type in or leave out of a title, in both widths. */
const separator = fc.constantFrom(
  ' ',
  '\u3000',
  '・',
  '、',
  '。',
  ':',
  ';',
  '!',
  '?',
  '-',
  '×',
  '～',
  '(',
  '「',
  '」',
  '☆',
  "'",
)
const latin = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  maxLength: 20,
})
const anyText = fc.string({ unit: 'grapheme', maxLength: 30 })

describe('searchKey', () => {
  it('is its own key: a key searched for finds itself', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(searchKey(searchKey(text))).toBe(searchKey(text))
      }),
      RUNS,
    )
  })

  it('reads katakana as hiragana', () => {
    fc.assert(
      fc.property(fc.array(hiragana, { maxLength: 20 }), (chars) => {
        const text = chars.join('')
        expect(searchKey(toKatakana(text))).toBe(searchKey(text))
      }),
      RUNS,
    )
  })

  it('ignores case, full width, spaces and punctuation in Latin titles', () => {
    fc.assert(
      fc.property(latin, fc.array(fc.tuple(fc.nat(), separator)), (word, inserted) => {
        let typed = word.toUpperCase()
        for (const [at, mark] of inserted) {
          const position = at % (typed.length + 1)
          typed = `${typed.slice(0, position)}${mark}${typed.slice(position)}`
        }
        expect(searchKey(toFullWidth(typed))).toBe(word)
        expect(searchKey(typed)).toBe(word)
      }),
      RUNS,
    )
  })

  it('folds half-width kana and keeps the long-vowel mark, kanji and Chinese', () => {
    expect(searchKey('ﾌﾘｰﾚﾝ')).toBe('ふりーれん')
    expect(searchKey('葬送のフリーレン')).toBe('葬送のふりーれん')
    expect(searchKey('ガンダム')).toBe(searchKey('ｶﾞﾝﾀﾞﾑ'))
    expect(searchKey('ＳＰＹ×ＦＡＭＩＬＹ')).toBe('spyfamily')
    expect(searchKey('命运石之门 0')).toBe('命运石之门0')
    expect(searchKey('Steins;Gate')).toBe('steinsgate')
  })
})
