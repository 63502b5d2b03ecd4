import { describe, expect, it } from 'vitest'
import { cookieIn, cookieValues } from './cookies'

describe('the cookie reader', () => {
  it('reads every value of a name in order, trimmed, and the first as the value', () => {
    const header = ' lang=ja ;darkMode=true; lang = en'
    expect(cookieValues(header, 'lang')).toEqual(['ja', 'en'])
    expect(cookieIn(header, 'lang')).toBe('ja')
    expect(cookieIn(header, 'darkMode')).toBe('true')
  })

  it('matches the whole name only, keeps what follows the first "=", and reads no header as none', () => {
    expect(cookieIn('xlang=ja; langx=en; lang', 'lang')).toBeUndefined()
    expect(cookieIn('token=a.b=c', 'token')).toBe('a.b=c')
    expect(cookieValues(undefined, 'lang')).toEqual([])
    expect(cookieValues(null, 'lang')).toEqual([])
  })
})
