import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Language } from '../../shared/language'
import { MAIL_KINDS } from '../../shared/mail-kinds'
import type { Mail } from './mailer'
import { passkeyAddedMail, passkeyRemovedMail, passwordRemovedMail } from './sign-in-method-mails'
import {
  newSignInMail,
  passwordChangedMail,
  passwordResetMail,
  twoFactorChangedMail,
  verificationMail,
} from './templates'
import { MAIL_WORDING } from './wording'

const TO = 'yuki@example.test'
const URL = 'https://mofu.test/api/auth/verify-email?token=abc&callbackURL=%2F'
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u
/** Two Latin words in a row: an English phrase left in a Japanese text. */
const ENGLISH_PHRASE = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/

function everyMail(language: Language): Mail[] {
  const input = { to: TO, url: URL, language }
  return [
    verificationMail({ ...input, validHours: 24 }),
    passwordResetMail({ ...input, validHours: 1 }),
    passwordChangedMail(input),
    newSignInMail({ ...input, browser: 'Chrome 131', system: 'Android' }),
    newSignInMail({ ...input, browser: null, system: null }),
    twoFactorChangedMail({ ...input, on: true }),
    twoFactorChangedMail({ ...input, on: false }),
    passkeyAddedMail({ ...input, name: 'Pixel 8' }),
    passkeyRemovedMail({ ...input, name: 'Pixel 8' }),
    passwordRemovedMail(input),
  ]
}

/** What a reader reads as sentences: no links, no tags, no styles, not the app's name. */
const sentencesOf = (part: string) =>
  part
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, '')
    .replaceAll('Mofu', '')

describe('mails in Japanese', () => {
  it('words subject, text and HTML in Japanese, with no English phrase left', () => {
    for (const mail of everyMail('ja')) {
      expect(mail.language).toBe('ja')
      expect(mail.subject).toMatch(JAPANESE)
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(sentencesOf(part), mail.subject).not.toMatch(ENGLISH_PHRASE)
      }
      expect(mail.html).toContain('<html lang="ja">')
      expect(mail.text).toContain(`\n${URL}\n`)
    }
  })

  it('words the validity with its counter and the device in Japanese order', () => {
    const [verification, reset, , signIn, unknown] = everyMail('ja')
    expect(verification?.text).toContain('このリンクの有効期限は24時間です。')
    expect(reset?.html).toContain('このリンクの有効期限は1時間です。')
    expect(signIn?.text).toContain('AndroidのChrome 131')
    expect(unknown?.text).toContain('不明なブラウザ')
  })
})

describe('mails in English', () => {
  it('stay word for word as they were', () => {
    const [verification, , , signIn] = everyMail('en')
    expect(verification?.language).toBe('en')
    expect(verification?.subject).toBe('Verify your e-mail for Mofu')
    expect(verification?.text).toBe(
      [
        'Welcome to Mofu!',
        '',
        'Thanks for signing up. Please confirm this is your e-mail address, then you can sign in.',
        '',
        URL,
        '',
        'This link is valid for 24 hours.',
        '',
        'If you did not sign up for Mofu, ignore this mail: without a click the account cannot be used and is deleted after 7 days.',
        '',
        '- Mofu',
        '',
      ].join('\n'),
    )
    expect(verification?.html).toContain('<html lang="en">')
    expect(verification?.html).toContain(
      'This link is valid for 24 hours. If the button does not work, open this link:',
    )
    expect(signIn?.text).toContain('from Chrome 131 on Android, a browser it had not used before')
  })
})

describe('the kinds of mail', () => {
  it.each(LANGUAGES)('in %s are the kinds the privacy page names, and no other', (language) => {
    expect(Object.keys(MAIL_WORDING[language]).sort()).toEqual([...MAIL_KINDS].sort())
  })
})
