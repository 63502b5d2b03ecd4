import { describe, expect, it } from 'vitest'
import {
  BIO_MAX_LENGTH,
  BIO_MESSAGES,
  BioSchema,
  eachProfileField,
  LINK_MESSAGES,
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  PROFILE_LINKS_MAX,
  ProfileLinksSchema,
  PronounsSchema,
  PRONOUNS_MESSAGES,
} from './profile-fields'
import { PublicProfileSchema } from './profile'
import type { AnyProfileField } from './profile-field-types'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? [])

describe('the bio', () => {
  it('keeps line breaks (CR LF read as LF) and trims the ends', () => {
    expect(BioSchema.parse('  Hello\r\nthere\r\rfriend  ')).toBe('Hello\nthere\n\nfriend')
  })
  it(`takes ${BIO_MAX_LENGTH} characters, an emoji counting as one, and refuses one more`, () => {
    expect(BioSchema.safeParse('🌸'.repeat(BIO_MAX_LENGTH)).success).toBe(true)
    expect(messages(BioSchema.safeParse('🌸'.repeat(BIO_MAX_LENGTH + 1)))).toEqual([
      BIO_MESSAGES.tooLong,
    ])
  })
  it('refuses control characters other than a line break, and half an emoji', () => {
    expect(messages(BioSchema.safeParse('a\u0000b'))).toEqual([BIO_MESSAGES.control])
    expect(messages(BioSchema.safeParse('a\tb'))).toEqual([BIO_MESSAGES.control])
    expect(messages(BioSchema.safeParse('a\ud83cb'))).toEqual([BIO_MESSAGES.broken])
  })
  it('keeps markup as the text it is', () => {
    expect(BioSchema.parse('<b>hi</b> & <script>')).toBe('<b>hi</b> & <script>')
  })
})

describe('pronouns', () => {
  it('are one line of at most 40 characters', () => {
    expect(PronounsSchema.parse(' she/her ')).toBe('she/her')
    expect(messages(PronounsSchema.safeParse('x'.repeat(41)))).toEqual([PRONOUNS_MESSAGES.tooLong])
    expect(messages(PronounsSchema.safeParse('they\nthem'))).toEqual([BIO_MESSAGES.control])
  })
})

describe('links', () => {
  const link = (url: string, label = 'Site') => [{ label, url }]

  it('take https addresses, as the URL parser writes them', () => {
    expect(ProfileLinksSchema.parse(link(' https://Example.org/a b '))).toEqual(
      link('https://example.org/a%20b'),
    )
  })
  it.each([
    'http://example.org',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:pass@example.org',
    'example.org',
    '',
  ])('refuse %j', (url) => {
    expect(messages(ProfileLinksSchema.safeParse(link(url)))).toEqual([LINK_MESSAGES.notHttps])
  })
  it(`are at most ${PROFILE_LINKS_MAX}, each with a label`, () => {
    const many = Array.from({ length: PROFILE_LINKS_MAX + 1 }, (_, i) => ({
      label: `L${i}`,
      url: `https://example.org/${i}`,
    }))
    expect(messages(ProfileLinksSchema.safeParse(many))).toEqual([LINK_MESSAGES.tooMany])
    expect(ProfileLinksSchema.safeParse(many.slice(1)).success).toBe(true)
    expect(messages(ProfileLinksSchema.safeParse(link('https://a.example', '  ')))).toEqual([
      LINK_MESSAGES.labelEmpty,
    ])
  })
})

describe('a profile answer', () => {
  it('without the fields or a banner, as the releases before them answer, reads as none set', () => {
    const before = {
      name: 'Sakura',
      username: 'sakura',
      displayUsername: 'Sakura',
      avatar: '',
      avatarThumbhash: '',
    }
    expect(PublicProfileSchema.parse(before)).toEqual({
      ...before,
      banner: '',
      bannerThumbhash: '',
      ...eachProfileField<Record<string, unknown>>((field) => field.empty),
      verifiedLinks: [],
    })
  })
})

describe.each(PROFILE_FIELD_NAMES)('the field %s', (name) => {
  const field: AnyProfileField = PROFILE_FIELDS[name]

  it('takes its empty value, keeps it, and reads, answers and edits it as itself', () => {
    expect(field.patch.parse(field.empty)).toEqual(field.empty)
    expect(field.read(field.write(field.empty))).toEqual(field.empty)
    expect(field.answer.parse(field.empty)).toEqual(field.empty)
    expect(field.draft(field.empty)).toEqual(field.empty)
  })
})
