import { describe, expect, it } from 'vitest'
import { bioParts } from './bio-text'

const joined = (bio: string) =>
  bioParts(bio)
    .map((part) => part.text)
    .join('')

describe('bioParts', () => {
  it('keeps a bio without addresses as one run of text, line breaks and markup included', () => {
    const bio = 'Hello!\n<b>not bold</b> & friends'
    expect(bioParts(bio)).toEqual([{ text: bio }])
  })

  it('shows http and https addresses as links to themselves', () => {
    expect(bioParts('art: https://art.example/@me and http://old.example/x?y=1#z')).toEqual([
      { text: 'art: ' },
      { text: 'https://art.example/@me', href: 'https://art.example/@me' },
      { text: ' and ' },
      { text: 'http://old.example/x?y=1#z', href: 'http://old.example/x?y=1#z' },
    ])
  })

  it('leaves the punctuation that ends a sentence outside the link', () => {
    expect(bioParts('See https://a.example/b. Or (https://c.example)!')).toEqual([
      { text: 'See ' },
      { text: 'https://a.example/b', href: 'https://a.example/b' },
      { text: '. Or (' },
      { text: 'https://c.example', href: 'https://c.example/' },
      { text: ')!' },
    ])
  })

  it('keeps a closing bracket the address opened', () => {
    expect(bioParts('about https://wiki.example/Mofu_(mascot) here')).toEqual([
      { text: 'about ' },
      { text: 'https://wiki.example/Mofu_(mascot)', href: 'https://wiki.example/Mofu_(mascot)' },
      { text: ' here' },
    ])
  })

  it('ends an address at a Japanese character, a space, a line break or a quote', () => {
    expect(bioParts('絵はhttps://art.example/meです\nhttps://b.example "x"')).toEqual([
      { text: '絵は' },
      { text: 'https://art.example/me', href: 'https://art.example/me' },
      { text: 'です\n' },
      { text: 'https://b.example', href: 'https://b.example/' },
      { text: ' "x"' },
    ])
  })

  it('links nothing but web addresses: no javascript:, no data:, no address without a host', () => {
    for (const bio of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://',
      'ftp://files.example',
      'mailto:me@example.com',
    ]) {
      expect(
        bioParts(bio).every((part) => part.href === undefined),
        bio,
      ).toBe(true)
    }
  })

  it('gives the bio back whole when its parts are joined', () => {
    for (const bio of [
      '',
      'https://a.example',
      'x https://a.example/(y) z',
      'https://a.example.https://b.example',
      '🌸 https://a.example/🌸',
      'line\r\nbreak https://a.example,\n',
    ]) {
      expect(joined(bio)).toBe(bio)
    }
  })
})
