import { describe, expect, it } from 'vitest'
import { requestLanguage } from '../../shared/language'
import { headerLanguage } from './language'

const COOKIES = [
  undefined,
  '',
  'lang=ja',
  'lang=en',
  'darkMode=true; lang=ja',
  'lang=JA',
  'lang=ja-JP',
  'lang=<script>',
  'lang=ja; lang=en',
  'session=ja.ja; mofu_device=abc',
  'lang=' + 'j'.repeat(5000),
]
const ACCEPTED = [undefined, '', 'ja-JP,ja;q=0.9', 'en-US,en;q=0.9', 'de, ja;q=0.1', 'ja;q=0', 'JA']

describe('headerLanguage', () => {
  it('answers what requestLanguage answers, for every cookie and Accept-Language', () => {
    for (const cookie of COOKIES) {
      for (const accepted of ACCEPTED) {
        expect(headerLanguage(cookie, accepted), `${cookie} / ${accepted}`).toBe(
          requestLanguage(cookie, accepted),
        )
      }
    }
  })

  it('reads Japanese from the cookie or the browser, English from junk or nothing', () => {
    expect(headerLanguage('lang=ja', undefined)).toBe('ja')
    expect(headerLanguage(null, 'ja-JP,ja;q=0.9')).toBe('ja')
    expect(headerLanguage('lang=jp', null)).toBe('en')
    expect(headerLanguage(null, null)).toBe('en')
  })
})
