import { beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { SHARED_MESSAGES_JA } from '../../src/shared/messages-ja'
import { DEFAULT_EFFECTS } from '../../src/shared/preferences'
import { HANDLE_MESSAGES, NAME_MAX_LENGTH, NAME_MESSAGES } from '../../src/shared/profile'
import { callApp, type Call } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import type { CapturedMail } from '../support/smtp-capture'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

const JAPANESE_BROWSER = { 'Accept-Language': 'ja-JP,ja;q=0.9' }
const JAPANESE_COOKIE = { Cookie: 'lang=ja' }
/** Two Latin words in a row: an English phrase left in a Japanese text. */
const ENGLISH_PHRASE = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/

const file = appWithMail('lang')

const call = (method: string, path: string, init: Call = {}) =>
  callApp(file.subject.app, path, { method, ...init })

/** The mail's text without its links and the app's name: what a reader reads as sentences. */
const sentencesOf = (text: string | undefined) =>
  (text ?? '').replace(/https?:\/\/\S+/g, '').replaceAll('Mofu', '')

let owner: TestUser
let handle: string

beforeAll(async () => {
  owner = await file.createUser()
  handle = `sakura${Date.now() % 1_000_000}`
  const saved = await call('PATCH', '/api/me/profile', {
    headers: { Cookie: owner.cookie },
    body: { handle },
  })
  expect(saved.status, saved.text).toBe(200)
})

describe('API errors in the request language', () => {
  it('answers a taken handle in Japanese for lang=ja and for a Japanese browser', async () => {
    for (const headers of [JAPANESE_COOKIE, JAPANESE_BROWSER]) {
      const answer = await call('GET', `/api/handles/${handle}`, { headers })
      expect(answer.json).toMatchObject({
        available: false,
        message: SHARED_MESSAGES_JA.handle.taken,
      })
    }
    const other = await file.createUser()
    const refused = await call('PATCH', '/api/me/profile', {
      headers: { Cookie: `${other.cookie}; lang=ja` },
      body: { handle },
    })
    expect(refused.status).toBe(409)
    expect(refused.json).toEqual({
      code: 'HANDLE_TAKEN',
      message: SHARED_MESSAGES_JA.handle.taken,
    })
  })

  it('answers in English otherwise, whatever junk the cookie holds', async () => {
    const junk: Record<string, string>[] = [
      {},
      { Cookie: 'lang=<script>alert(1)</script>' },
      { Cookie: 'lang=jp' },
      { Cookie: 'lang=en' + 'a'.repeat(4000) },
      { Cookie: 'lang=en', 'Accept-Language': 'ja' },
      { 'Accept-Language': 'de-DE, ja;q=0, *;q=0.5' },
    ]
    for (const headers of junk) {
      const answer = await call('GET', `/api/handles/${handle}`, { headers })
      expect(answer.json).toMatchObject({ available: false, message: HANDLE_MESSAGES.taken })
      expect(answer.text).not.toContain('<script>')
    }
  })

  it('answers invalid input in Japanese field by field, the code unchanged', async () => {
    const tooLong = { name: 'あ'.repeat(NAME_MAX_LENGTH + 1) }
    const english = await call('PATCH', '/api/me/profile', {
      headers: { Cookie: owner.cookie },
      body: tooLong,
    })
    expect(english.json).toEqual({
      code: 'INVALID_INPUT',
      message: 'Invalid input',
      issues: [{ field: 'name', message: NAME_MESSAGES.tooLong }],
    })
    const japanese = await call('PATCH', '/api/me/profile', {
      headers: { Cookie: `${owner.cookie}; lang=ja` },
      body: tooLong,
    })
    expect(japanese.status).toBe(400)
    expect(japanese.json).toEqual({
      code: 'INVALID_INPUT',
      message: '入力内容に誤りがあります。',
      issues: [{ field: 'name', message: SHARED_MESSAGES_JA.name.tooLong }],
    })
    // A field whose problem only the validator words: no English sentence either.
    const wrongType = await call('POST', '/api/password-reset/verify', {
      headers: JAPANESE_BROWSER,
      body: { code: 5 },
    })
    expect(wrongType.json).toEqual({
      code: 'INVALID_INPUT',
      message: '入力内容に誤りがあります。',
      issues: [{ field: 'code', message: '入力内容に誤りがあります。' }],
    })
  })

  it("answers Mofu's own refusals in Japanese: no session, no such route, not JSON", async () => {
    const noSession = await call('GET', '/api/me/profile', { headers: JAPANESE_COOKIE })
    expect(noSession.json).toEqual({
      code: 'UNAUTHENTICATED',
      message: '先にログインしてください。',
    })
    const english = await call('GET', '/api/me/profile')
    expect(english.json).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in first.' })
    const nowhere = await call('GET', '/api/nothing-here', { headers: JAPANESE_BROWSER })
    expect(nowhere.json).toEqual({ code: 'NOT_FOUND', message: '見つかりません。' })
    const notJson = await call('POST', '/api/password-reset/verify', {
      raw: 'code',
      headers: { 'Content-Type': 'text/plain', ...JAPANESE_COOKIE },
    })
    expect(notJson.json).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: '本文はapplication/json形式で送ってください。',
    })
  })

  it('answers a 429 in Japanese, with the same code', async () => {
    const ip = '10.70.200.1'
    const resend = (headers: Record<string, string>) =>
      call('POST', '/api/auth/send-verification-email', {
        ip,
        headers,
        body: { email: `nobody-${Date.now()}@mofu.test`, callbackURL: '/' },
      })
    let answer = await resend(JAPANESE_BROWSER)
    for (let tries = 0; tries < 10 && answer.status !== 429; tries++) {
      answer = await resend(JAPANESE_BROWSER)
    }
    expect(answer.json).toEqual({
      code: 'RATE_LIMITED',
      message: SHARED_MESSAGES_JA.auth.tooManyRequests,
    })
    const english = await resend({})
    expect(english.json).toEqual({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.tooManyRequests,
    })
  })

  it('answers the sign-in and sign-up refusals Mofu words in Japanese', async () => {
    const unknown = await call('POST', '/api/auth/sign-in/email', {
      headers: JAPANESE_COOKIE,
      body: { email: `nobody-${Date.now()}@mofu.test`, password: TEST_PASSWORD },
    })
    expect(unknown.status).toBe(401)
    expect(unknown.json).toMatchObject({
      code: 'USER_NOT_FOUND',
      message: SHARED_MESSAGES_JA.auth.userNotFound,
    })
    const inUse = await call('POST', '/api/auth/sign-up/email', {
      headers: JAPANESE_BROWSER,
      body: { email: owner.email, password: TEST_PASSWORD, name: '', callbackURL: '/' },
    })
    expect(inUse.status).toBe(422)
    expect(inUse.json).toMatchObject({
      code: 'EMAIL_IN_USE',
      message: SHARED_MESSAGES_JA.auth.emailInUse,
    })
    const english = await call('POST', '/api/auth/sign-up/email', {
      body: { email: owner.email, password: TEST_PASSWORD, name: '', callbackURL: '/' },
    })
    expect(english.json).toMatchObject({
      code: 'EMAIL_IN_USE',
      message: AUTH_MESSAGES.emailInUse,
    })
  })

  it("words Better Auth's common refusals in Japanese by their code", async () => {
    const wrongPassword = (headers: Record<string, string>) =>
      call('POST', '/api/auth/sign-in/email', {
        headers,
        body: { email: owner.email, password: 'not-the-password' },
      })
    const japanese = await wrongPassword(JAPANESE_COOKIE)
    expect(japanese.status).toBe(401)
    expect(japanese.json).toMatchObject({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: SHARED_MESSAGES_JA.auth.neutral,
    })
    const english = await wrongPassword({})
    expect(english.json).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' })
    expect(english.json.message).toMatch(/^[\x20-\x7e]+$/)

    const tooShort = await call('POST', '/api/auth/sign-up/email', {
      headers: JAPANESE_BROWSER,
      body: { email: `short-${Date.now()}@mofu.test`, password: 'abc', name: '', callbackURL: '/' },
    })
    expect(tooShort.json).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      message: SHARED_MESSAGES_JA.auth.weakPassword,
    })
  })
})

function expectJapaneseMail(mail: CapturedMail, subjectLine: string) {
  expect(mail.subject).toBe(subjectLine)
  expect(sentencesOf(mail.text)).not.toMatch(ENGLISH_PHRASE)
  expect(mail.html).toContain('<html lang="ja">')
  expect(mail.raw).toMatch(/^Content-Language: ja\r?$/m)
}

describe('mails in the request language', () => {
  it('sends the verification mail in Japanese for a Japanese sign-up, in English otherwise', async () => {
    const japanese = file.newVisitor()
    const signedUp = await call('POST', '/api/auth/sign-up/email', {
      headers: JAPANESE_COOKIE,
      ip: japanese.ip,
      body: { email: japanese.email, password: TEST_PASSWORD, name: '', callbackURL: '/' },
    })
    expect(signedUp.status).toBe(200)
    const mail = await file.smtp.waitForMail(japanese.email)
    expectJapaneseMail(mail, 'Mofuのメールアドレスを確認してください')
    expect(mail.text).toContain('Mofuへようこそ！')
    expect(mail.text).toContain('このリンクの有効期限は24時間です。')

    const english = file.newVisitor()
    await call('POST', '/api/auth/sign-up/email', {
      headers: { 'Accept-Language': 'fr-FR,en;q=0.5' },
      ip: english.ip,
      body: { email: english.email, password: TEST_PASSWORD, name: '', callbackURL: '/' },
    })
    const englishMail = await file.smtp.waitForMail(english.email)
    expect(englishMail.subject).toBe('Verify your e-mail for Mofu')
    expect(englishMail.text).toContain('This link is valid for 24 hours.')
    expect(englishMail.html).toContain('<html lang="en">')
  })

  it('sends the reset mail in Japanese for a Japanese browser, in English otherwise', async () => {
    const user = await file.createUser()
    await call('POST', '/api/auth/request-password-reset', {
      headers: JAPANESE_BROWSER,
      ip: user.ip,
      body: { email: user.email, redirectTo: '/' },
    })
    const mail = await file.smtp.waitForMail(user.email, { subject: /再設定/ })
    expectJapaneseMail(mail, 'Mofuのパスワードの再設定')
    expect(mail.text).toContain('このリンクの有効期限は1時間です。')

    await call('POST', '/api/auth/request-password-reset', {
      ip: user.ip,
      body: { email: user.email, redirectTo: '/' },
    })
    const english = await file.smtp.waitForMail(user.email, { subject: /reset/i })
    expect(english.subject).toBe('Reset your Mofu password')
    expect(english.text).toContain('This link is valid for 1 hour.')
  })
})

describe("notices in the account's language", () => {
  const CHROME_ON_ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

  /**
   * Writes the account's preferences as the profile store keeps them (JSON in the row), with
   * `language` as the client's Settings will save it through PATCH /api/me/profile.
   */
  async function savePreferences(user: TestUser, json: string | null) {
    const loaded = await call('GET', '/api/me/profile', { headers: { Cookie: user.cookie } })
    expect(loaded.status).toBe(200)
    await file.subject.database.db
      .updateTable('profiles')
      .set({ preferences: json })
      .where('user_id', '=', user.uid)
      .execute()
  }
  /** A user made as the app makes one, once its own new sign-in notice (English) is in. */
  async function newUser() {
    const user = await file.createUser()
    await file.smtp.waitForMail(user.email, { subject: /new sign-in/i })
    return user
  }
  const preferences = (language: string) =>
    JSON.stringify({ theme: null, font: 'orbitron', effects: DEFAULT_EFFECTS, language })

  /** A sign-in from a browser the account has not used: the new sign-in notice. */
  async function signInFromNewBrowser(user: TestUser, headers: Record<string, string> = {}) {
    file.smtp.clear()
    const signedIn = await call('POST', '/api/auth/sign-in/email', {
      ip: user.ip,
      headers: { 'User-Agent': CHROME_ON_ANDROID, ...headers },
      body: { email: user.email, password: TEST_PASSWORD },
    })
    expect(signedIn.status).toBe(200)
    return file.smtp.waitForMail(user.email, { subject: /sign-in|ログイン/i })
  }

  it('follows the saved language, whatever the request that caused it', async () => {
    const user = await newUser()
    await savePreferences(user, preferences('ja'))
    const mail = await signInFromNewBrowser(user, { 'Accept-Language': 'en-US' })
    expectJapaneseMail(mail, 'Mofuアカウントへの新しいログイン')
    expect(mail.text).toContain('AndroidのChrome 131')

    await savePreferences(user, preferences('en'))
    const english = await signInFromNewBrowser(user, JAPANESE_COOKIE)
    expect(english.subject).toBe('New sign-in to your Mofu account')
    expect(english.text).toContain('Chrome 131 on Android')
  })

  it('words the password-changed notice in the language of the reset, when none is saved', async () => {
    const user = await newUser()
    await call('POST', '/api/auth/request-password-reset', {
      ip: user.ip,
      body: { email: user.email, redirectTo: '/' },
    })
    const resetMail = await file.smtp.waitForMail(user.email, { subject: /reset/i })
    const code = /oobCode=([^\s&]+)/.exec(resetMail.text ?? '')?.[1] ?? ''
    const reset = await call('POST', '/api/auth/reset-password', {
      ip: user.ip,
      headers: { Cookie: 'lang=ja' },
      body: { token: decodeURIComponent(code), newPassword: 'momiji-4567' },
    })
    expect(reset.status, reset.text).toBe(200)
    const mail = await file.smtp.waitForMail(user.email, { subject: /パスワード/ })
    expectJapaneseMail(mail, 'Mofuのパスワードが変更されました')
  })

  it("follows the request's language when the account keeps System, none or junk", async () => {
    const user = await newUser()
    for (const json of [preferences('system'), null, 'not json', '{"language":"<b>"}']) {
      await savePreferences(user, json)
      const japanese = await signInFromNewBrowser(user, JAPANESE_BROWSER)
      expect(japanese.subject).toBe('Mofuアカウントへの新しいログイン')
      const english = await signInFromNewBrowser(user)
      expect(english.subject).toBe('New sign-in to your Mofu account')
    }
  })

  it('words the notice of a deletion in the language the account kept, read before it went', async () => {
    const user = await newUser()
    await savePreferences(user, preferences('ja'))
    file.smtp.clear()
    const deleted = await call('DELETE', '/api/me', {
      headers: { Cookie: user.cookie, 'Accept-Language': 'en-US' },
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status, deleted.text).toBe(204)
    const mail = await file.smtp.waitForMail(user.email, { subject: /削除|deleted/ })
    expectJapaneseMail(mail, 'Mofuアカウントが削除されました')
  })
})
