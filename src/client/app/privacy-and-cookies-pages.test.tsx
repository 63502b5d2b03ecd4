import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { MOFU_COOKIES } from '@shared/site-cookies'
import { LANGUAGES, type Language } from '@shared/language'
import { MAIL_KINDS } from '@shared/mail-kinds'
import { PreferencesSchema } from '@shared/profile'
import { STORED_DATA } from '@shared/stored-data'
import { COOKIES, CookiesPage } from '@client/features/content-pages/cookies-page'
import { COOKIES_JA } from '@client/features/content-pages/cookies-page.ja'
import { PRIVACY } from '@client/features/content-pages/privacy-page'
import { PRIVACY_JA } from '@client/features/content-pages/privacy-page.ja'
import { profileFieldNames } from '@client/features/content-pages/privacy-stored-data'
import { PROFILE } from '@client/features/profile/strings'
import { PROFILE_JA } from '@client/features/profile/strings.ja'
import { setJapaneseCatalogue, startIn } from '@client/lib/i18n/i18n'
import { PrivacyRoute } from './privacy-page'

/**
 * The privacy and cookies pages say what the code does: every kind of mail the server can send
 * (its wording, src/server/mail/wording-types.ts, is held to MAIL_KINDS), every preference the account
 * keeps, every profile field, every kind of data a table holds (held to the tables by
 * tests/integration/stored-data.test.ts) and every cookie (held to what the server sets by
 * tests/integration/cookies-set.test.ts) are named on the page, in both languages, as drawn, and
 * sentences that were once on them and are not true are gone.
 */

const CATALOGUES = {
  en: { privacy: PRIVACY, cookies: COOKIES, profile: PROFILE },
  ja: { privacy: PRIVACY_JA, cookies: COOKIES_JA, profile: PROFILE_JA },
}

beforeAll(() => setJapaneseCatalogue(() => Promise.resolve(CATALOGUES.ja)))
afterAll(() => startIn('en'))

/** The words a page shows, as its first render draws them. */
async function textOf(page: ReactNode, language: Language): Promise<string> {
  await startIn(language)
  return renderToStaticMarkup(<Router ssrPath="/">{page}</Router>)
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/** The keys whose name in `names` the text does not show. */
const unnamed = (text: string, keys: readonly string[], names: Partial<Record<string, string>>) =>
  keys.filter((key) => {
    const name = names[key]
    return name === undefined || !text.includes(name)
  })

const KEPT_PREFERENCES = Object.keys(PreferencesSchema._zod.def.in._zod.def.shape)

/** Sentences the pages once said that the code does not bear out. */
const UNTRUE = {
  en: [
    'and nothing else',
    'Only two kinds',
    'it does not include your IP address',
    'are never sent to the server',
    'at most three cookies',
    'a third exists only while you are signed in',
  ],
  ja: [
    'それ以外は保存しません',
    '2種類だけ',
    'IPアドレスは含みません',
    'サーバーには送られません',
    '多くても3つ',
    '3つめはログイン中だけ',
  ],
}

describe.each(LANGUAGES)('in %s', (language) => {
  const { privacy, cookies, profile } = CATALOGUES[language]

  describe('the privacy page', () => {
    it('names every kind of mail the server sends', async () => {
      const text = await textOf(<PrivacyRoute />, language)
      expect(unnamed(text, MAIL_KINDS, privacy.mailKinds)).toEqual([])
    })

    it('names every preference the account keeps, and every profile field', async () => {
      const text = await textOf(<PrivacyRoute />, language)
      expect(unnamed(text, KEPT_PREFERENCES, privacy.preferences)).toEqual([])
      const fields = profileFieldNames(privacy, profile.editor)
      expect(fields.filter((name) => !text.includes(name))).toEqual([])
    })

    it('says what of each kind is kept, why, and for how long', async () => {
      const text = await textOf(<PrivacyRoute />, language)
      for (const kind of STORED_DATA) {
        for (const words of Object.values(privacy.stored[kind])) expect(text, kind).toContain(words)
      }
    })

    it('says none of what is not true', async () => {
      const text = await textOf(<PrivacyRoute />, language)
      for (const sentence of UNTRUE[language]) expect(text).not.toContain(sentence)
    })
  })

  describe('the cookies page', () => {
    it('names every cookie Mofu sets', async () => {
      const text = await textOf(<CookiesPage />, language)
      const names = Object.values(MOFU_COOKIES).map((cookie) => cookie.name)
      expect(names.filter((name) => !text.includes(name))).toEqual([])
    })

    it('names every preference the account keeps', async () => {
      const text = await textOf(<CookiesPage />, language)
      expect(unnamed(text, KEPT_PREFERENCES, cookies.preferences)).toEqual([])
    })

    it('says none of what is not true', async () => {
      const text = await textOf(<CookiesPage />, language)
      for (const sentence of UNTRUE[language]) expect(text).not.toContain(sentence)
    })
  })
})
