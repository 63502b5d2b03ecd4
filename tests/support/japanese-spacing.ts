/**
 * Japanese text takes no space between words, nor between a number and its counter
 * ("24時間", not "24 時間"): a space there reads as a typo. Spaces beside Latin words, as in
 * "Mofuアカウント" or "Chrome 131", are another matter and are left alone.
 */

/** Kana, kanji, the long-vowel mark, Japanese punctuation and full-width forms. */
const JAPANESE = String.raw`[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30FC\u3001-\u303F\uFF01-\uFF60]`
/** Spaces within a line: a line break between two paragraphs is no space. */
const SPACE = String.raw`[ \t\u00A0\u3000]+`
const WRONG_SPACE = new RegExp(
  `${JAPANESE}${SPACE}${JAPANESE}|\\d${SPACE}${JAPANESE}|${JAPANESE}${SPACE}\\d`,
  'gu',
)

/** Every place in `text` where a space stands between Japanese characters or beside a digit. */
export function wrongSpaces(text: string): string[] {
  return [...text.matchAll(WRONG_SPACE)].map((match) => match[0])
}
