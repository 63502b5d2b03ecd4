import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../shared/auth-messages'
import { HANDLE_MESSAGES } from '../../shared/profile'
import { inLanguage, japaneseOf, SERVER_MESSAGES, SERVER_MESSAGES_JA } from './messages'

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u
/** Two Latin words in a row: an English phrase left in a Japanese text. */
const ENGLISH_PHRASE = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/

describe("the server's own messages", () => {
  it('has a Japanese text for every English one, and no English phrase in it', () => {
    expect(Object.keys(SERVER_MESSAGES_JA).sort()).toEqual(Object.keys(SERVER_MESSAGES).sort())
    for (const text of Object.values(SERVER_MESSAGES_JA)) {
      expect(text).toMatch(JAPANESE)
      expect(text).not.toMatch(ENGLISH_PHRASE)
    }
  })

  it('types the Japanese against the English: a missing message fails the typecheck', () => {
    // @ts-expect-error every English message needs its Japanese
    const incomplete: typeof SERVER_MESSAGES_JA = { notFound: '見つかりません。' }
    expect(Object.keys(incomplete)).toHaveLength(1)
  })

  it('keeps every English text as it was', () => {
    expect(SERVER_MESSAGES.invalidInput).toBe('Invalid input')
    expect(SERVER_MESSAGES.notJson).toBe('Send the body as application/json')
    expect(SERVER_MESSAGES.bodyTooLarge).toBe('Body too large')
    expect(SERVER_MESSAGES.signInRequired).toBe('Please log in first.')
  })
})

describe('inLanguage', () => {
  it('answers English unchanged, known messages in Japanese', () => {
    expect(inLanguage('en', SERVER_MESSAGES.bodyTooLarge)).toBe('Body too large')
    expect(inLanguage('ja', SERVER_MESSAGES.bodyTooLarge)).toBe(SERVER_MESSAGES_JA.bodyTooLarge)
    expect(inLanguage('ja', HANDLE_MESSAGES.taken)).toBe('このIDはすでに使われています')
    expect(inLanguage('ja', AUTH_MESSAGES.tooManyRequests)).toMatch(JAPANESE)
  })

  it('gives a text Mofu has no Japanese of the fallback in Japanese only', () => {
    const fallback = SERVER_MESSAGES_JA.badRequest
    expect(japaneseOf('Malformed JSON in request body')).toBeUndefined()
    expect(inLanguage('ja', 'Malformed JSON in request body', fallback)).toBe(fallback)
    expect(inLanguage('en', 'Malformed JSON in request body', fallback)).toBe(
      'Malformed JSON in request body',
    )
  })
})
