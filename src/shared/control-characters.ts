/**
 * Characters that steer how text is shown rather than being text: controls (C0, DEL and C1,
 * among them line breaks and a terminal's escape), the line and paragraph separators, and the
 * marks that reorder text (bidirectional controls such as U+202E). Inside one line of a log, a
 * file like security.txt or a report, any of them can make it read as something it is not.
 */
const CLASS = '[\\p{Cc}\\u2028\\u2029\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]'

/** Whether text holds one of them. */
const ONE = new RegExp(CLASS, 'u')
export const hasControlCharacter = (text: string) => ONE.test(text)

/** Every run of them, for replace(). */
export const CONTROL_CHARACTER_RUNS = new RegExp(`${CLASS}+`, 'gu')

/** What a check refusing them says, naming no character of the value. */
export const CONTROL_CHARACTERS_EXPECTED =
  'expected no control characters, line breaks or direction marks'
