import { logIn, newEmail, openPanel, panel, PASSWORD, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'

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
