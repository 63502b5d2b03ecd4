import { logIn, newEmail, openPanel, panel, PASSWORD, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'
import { waitForMail } from './mailbox'

test('deleting an account with a password asks for it, sends it, and shows a refusal in place', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('delete')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  await panel(page).getByRole('button', { name: 'Delete account' }).click()
  const question = panel(page).getByRole('alertdialog', { name: 'Delete your account?' })
  const password = question.getByLabel('Current password')
  await expect(password).toBeVisible()
  await expect(password).toHaveAttribute('type', 'password')

  // The server refuses a wrong password; the refusal shows inside the question.
  allowConsoleError({ url: '/api/me', status: 403 })
  await password.fill('not-my-password')
  await question.getByRole('button', { name: 'Delete for good' }).click()
  await expect(question.getByRole('alert')).toHaveText('Incorrect password.')
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

  await password.fill(PASSWORD)
  const sent = page.waitForRequest(
    (sentRequest) => sentRequest.method() === 'DELETE' && sentRequest.url().endsWith('/api/me'),
  )
  await question.getByRole('button', { name: 'Delete for good' }).click()
  expect((await sent).postDataJSON()).toEqual({ password: PASSWORD })
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})

test('after the deletion, the panel says the account was deleted and a notice was mailed', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('deleted')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  await panel(page).getByRole('button', { name: 'Delete account' }).click()
  const question = panel(page).getByRole('alertdialog', { name: 'Delete your account?' })
  await question.getByLabel('Current password').fill(PASSWORD)
  await question.getByRole('button', { name: 'Delete for good' }).click()
  await expect(panel(page).getByRole('status')).toHaveText(
    'Your account was deleted. We sent a notice to its e-mail address.',
  )
  await expect(panel(page).getByRole('button', { name: 'Log in' })).toBeVisible()
  expect((await waitForMail(email, /was deleted/)).subject).toBe('Your Mofu account was deleted')

  // Until the next sign-in only: another account's log-in clears it.
  const next = newEmail('after-deleted')
  await verifiedAccount(request, baseURL ?? '', next)
  await logIn(page, next)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await expect(panel(page).getByText('Your account was deleted.')).toHaveCount(0)
})

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' })

  test('the panel says in Japanese that the account was deleted', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = newEmail('deleted-ja')
    await verifiedAccount(request, baseURL ?? '', email)
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { Origin: baseURL ?? '' },
    })
    expect(signedIn.status()).toBe(200)
    await openPanel(page)
    await panel(page).getByRole('button', { name: 'アカウントを削除' }).click()
    const question = panel(page).getByRole('alertdialog', { name: 'アカウントを削除しますか？' })
    await question.getByLabel('現在のパスワード').fill(PASSWORD)
    await question.getByRole('button', { name: '完全に削除する' }).click()
    await expect(panel(page).getByRole('status')).toHaveText(
      'アカウントを削除しました。そのメールアドレスにお知らせを送りました。',
    )
  })
})
