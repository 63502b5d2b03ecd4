import { describe, expect, it } from 'vitest'
import { wrongSpaces } from '../../tests/support/japanese-spacing'
import { AUTH_MESSAGES } from './auth-messages'
import { SHARED_MESSAGES_JA, sharedMessageJa } from './messages-ja'
import { HANDLE_MESSAGES } from './profile'
import { TEXT_FIELD_LENGTHS } from './profile-fields'
import { tooLongMessage } from './typed-text'

describe('shared messages in Japanese', () => {
  it('has Japanese text, no English sentence, for every message', () => {
    for (const catalogue of Object.values(SHARED_MESSAGES_JA)) {
      for (const text of Object.values(catalogue)) {
        expect(text).toMatch(/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u)
        expect(text).not.toMatch(/\b(the|your|please|this)\b/i)
        expect(wrongSpaces(text), text).toEqual([])
      }
    }
  })
  it('translates a message passed around as English text, and leaves other text alone', () => {
    expect(sharedMessageJa(AUTH_MESSAGES.emailInUse)).toBe(SHARED_MESSAGES_JA.auth.emailInUse)
    expect(sharedMessageJa(HANDLE_MESSAGES.tooShort)).toBe('英数字3文字以上にしてください')
    expect(sharedMessageJa('Sakura')).toBe('Sakura')
  })
  it.each(TEXT_FIELD_LENGTHS)('says a profile text field is longer than %i characters', (max) => {
    expect(sharedMessageJa(tooLongMessage(max))).toBe(`${max}文字以内にしてください`)
  })
})
