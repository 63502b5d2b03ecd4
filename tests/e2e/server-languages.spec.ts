import type { Page } from '@playwright/test'
import { newEmail } from './account-helpers'
import { expect, test } from './fixtures'
import { waitForMail } from './mailbox'

/** A handle check and a sign-up, sent from the page as the app's own calls are. */
async function askFromThePage(page: Page, email: string) {
  await page.goto('/')
  return page.evaluate(async (address) => {
    const check = await fetch('/api/handles/ab')
    const signUp = await fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address, password: 'sakura-123', name: '', callbackURL: '/' }),
    })
    return { handle: (await check.json()) as { message: string }, signedUp: signUp.status }
  }, email)
}

test.describe('in a Japanese browser', () => {
  test.use({ locale: 'ja-JP' })

  test("the server's messages and mails are in Japanese", async ({ page }) => {
    const email = newEmail('ja')
    const answers = await askFromThePage(page, email)
    expect(answers.handle.message).toBe('英数字3文字以上にしてください')
    expect(answers.signedUp).toBe(200)
    const mail = await waitForMail(email, /メールアドレス/)
    expect(mail.subject).toBe('Mofuのメールアドレスを確認してください')
    expect(mail.text).toContain('このリンクの有効期限は24時間です。')
  })
})

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' })

  test("the server's messages and mails stay in English", async ({ page }) => {
    const email = newEmail('en')
    const answers = await askFromThePage(page, email)
    expect(answers.handle.message).toBe('At least 3 letters or digits')
    expect(answers.signedUp).toBe(200)
    const mail = await waitForMail(email, /verify/i)
    expect(mail.subject).toBe('Verify your e-mail for Mofu')
  })
})
