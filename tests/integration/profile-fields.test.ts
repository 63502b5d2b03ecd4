import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  BIO_MAX_LENGTH,
  eachProfileField,
  LINK_LABEL_MAX_LENGTH,
  LINK_MESSAGES,
  LINK_URL_MAX_LENGTH,
  PROFILE_LINKS_MAX,
  PRONOUNS_MAX_LENGTH,
} from '../../src/shared/profile-fields'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import type { TestUser } from '../support/test-users'

/**
 * The profile fields over HTTP (docs/api.md "Profile and handles"): a bio, pronouns, links, an
 * accent colour and an avatar frame, saved with PATCH /api/me/profile and read back by the
 * owner, by everyone at /api/profiles/:handle, and in the export.
 */

const file = appWithMail('fields')
const app = () => file.subject.app

const patch = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  callApp(app(), '/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    ip: user.ip,
    body,
    headers,
  })

const own = async (user: TestUser) =>
  (await callApp(app(), '/api/me/profile', { cookie: user.cookie, ip: user.ip })).json

const FIELDS = {
  bio: 'Sakura season is my season.\nTea at https://tea.example, always.',
  pronouns: 'she/her',
  links: [
    { label: 'Blog', url: 'https://blog.example/me' },
    { label: 'Art', url: 'https://art.example/@me' },
  ],
  accent: 'mint',
  frame: 'cat-ears',
  noindex: true,
}

/** Every field cleared, as a new profile has them. */
const NONE = { bio: '', pronouns: '', links: [], accent: '', frame: '', noindex: false }

describe('profile fields', () => {
  it('start empty, are saved, and read back by the owner, by everyone and in the export', async () => {
    const user = await file.createUser()
    expect(await own(user)).toMatchObject(NONE)
    const handle = `fields${Date.now().toString(36)}`
    const saved = await patch(user, { handle, ...FIELDS })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject(FIELDS)
    expect(await own(user)).toMatchObject(FIELDS)

    const shown = await callApp(app(), `/api/profiles/${handle}`, { ip: '10.211.250.1' })
    expect(shown.status).toBe(200)
    expect(shown.json).toMatchObject(FIELDS)

    const exported = await callApp(app(), '/api/me/export', { cookie: user.cookie, ip: user.ip })
    expect(exported.status).toBe(200)
    const files = unzipSync(new Uint8Array(exported.bytes))
    const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
      profile: unknown
    }
    expect(data.profile).toMatchObject(FIELDS)
  })

  it('of a new profile each read as its own empty value, which its column keeps by default', async () => {
    const user = await file.createUser()
    const empty = eachProfileField<Record<string, unknown>>((field) => field.empty)
    expect(await own(user)).toMatchObject(empty)
  })

  it('keep the fields a save does not send, and clear with an empty value', async () => {
    const user = await file.createUser()
    expect((await patch(user, FIELDS)).status).toBe(200)
    expect((await patch(user, { name: 'Only the name' })).status).toBe(200)
    expect(await own(user)).toMatchObject({ ...FIELDS, name: 'Only the name' })
    expect((await patch(user, NONE)).status).toBe(200)
    expect(await own(user)).toMatchObject({ ...NONE, name: 'Only the name' })
  })

  it('keep a bio with markup as its text, and addresses as the URL parser writes them', async () => {
    const user = await file.createUser()
    const saved = await patch(user, {
      bio: '<img src=x onerror=alert(1)>\r\n<b>hi</b>',
      links: [{ label: '<i>me</i>', url: 'https://EXAMPLE.org/a b' }],
    })
    expect(saved.status, saved.text).toBe(200)
    expect(await own(user)).toMatchObject({
      bio: '<img src=x onerror=alert(1)>\n<b>hi</b>',
      links: [{ label: '<i>me</i>', url: 'https://example.org/a%20b' }],
    })
  })

  /** An https address of exactly `length` characters, as the URL parser writes it. */
  const addressOf = (length: number) => {
    const start = 'https://example.org/'
    return `${start}${'a'.repeat(length - start.length)}`
  }

  it.each([
    [
      `a bio of ${BIO_MAX_LENGTH} characters, an emoji counting one`,
      { bio: '🌸'.repeat(BIO_MAX_LENGTH) },
    ],
    [
      `pronouns of ${PRONOUNS_MAX_LENGTH} characters`,
      { pronouns: 'a'.repeat(PRONOUNS_MAX_LENGTH) },
    ],
    [
      `${PROFILE_LINKS_MAX} links`,
      {
        links: Array.from({ length: PROFILE_LINKS_MAX }, (_, index) => ({
          label: `Link ${index}`,
          url: `https://links.example/${index}`,
        })),
      },
    ],
    [
      `a link label of ${LINK_LABEL_MAX_LENGTH} characters`,
      { links: [{ label: 'a'.repeat(LINK_LABEL_MAX_LENGTH), url: 'https://a.example/' }] },
    ],
    [
      `a link address of ${LINK_URL_MAX_LENGTH} characters`,
      { links: [{ label: 'x', url: addressOf(LINK_URL_MAX_LENGTH) }] },
    ],
  ])('take %s, the most there may be, and store it whole', async (_, body) => {
    const user = await file.createUser()
    const saved = await patch(user, body)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject(body)
    expect(await own(user)).toMatchObject(body)
  })

  it.each([
    ['an address that is not https', { links: [{ label: 'x', url: 'http://a.example' }] }],
    ['a script address', { links: [{ label: 'x', url: 'javascript:alert(1)' }] }],
    ['five links', { links: Array.from({ length: 5 }, () => FIELDS.links[0]) }],
    ['a link with more fields', { links: [{ ...FIELDS.links[0], verified: true }] }],
    ['a bio of 301 characters', { bio: 'a'.repeat(301) }],
    ['pronouns of 41 characters', { pronouns: 'a'.repeat(41) }],
    [
      'a link label of 41 characters',
      { links: [{ label: 'a'.repeat(41), url: 'https://a.example/' }] },
    ],
    ['a link address of 301 characters', { links: [{ label: 'x', url: addressOf(301) }] }],
    ['a colour Mofu does not ship', { accent: '#ff0000' }],
    ['a frame Mofu does not ship', { frame: '../../etc/passwd' }],
  ])('refuse %s with 400, and store nothing of the save', async (_, body) => {
    const user = await file.createUser()
    expect((await patch(user, FIELDS)).status).toBe(200)
    const refused = await patch(user, { name: 'Not kept', ...body })
    expect(refused.status, refused.text).toBe(400)
    expect(refused.json.code).toBe('INVALID_INPUT')
    expect(await own(user)).toMatchObject({ ...FIELDS, name: expect.not.stringMatching('Not') })
  })

  it('say what is wrong in the language asked for', async () => {
    const user = await file.createUser()
    const english = await patch(user, { links: [{ label: 'x', url: 'http://a.example' }] })
    expect(english.text).toContain(LINK_MESSAGES.notHttps)
    const japanese = await patch(
      user,
      { links: [{ label: 'x', url: 'http://a.example' }] },
      { 'Accept-Language': 'ja' },
    )
    expect(japanese.status).toBe(400)
    expect(japanese.text).toContain('https:// で始まるウェブアドレスを入力してください')
  })
})
