import { logIn, newEmail, openPanel, panel, PASSWORD, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'

test.use({ allowedConsoleErrors: [/Failed to load resource: .* status of (401|403|404)/] })

test('deleting an account with a password asks for it, sends it, and shows a refusal in place', async ({
  page,
  request,
  baseURL,
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

  // A refusal, as the server answers a wrong password, shows inside the question.
  await page.route('**/api/me', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 403,
          json: { code: 'INCORRECT_PASSWORD', message: 'Incorrect password.' },
        })
      : route.continue(),
  )
  await password.fill('not-my-password')
  await question.getByRole('button', { name: 'Delete for good' }).click()
  await expect(question.getByRole('alert')).toHaveText('Incorrect password.')
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await page.unroute('**/api/me')

  await password.fill(PASSWORD)
  const sent = page.waitForRequest(
    (sentRequest) => sentRequest.method() === 'DELETE' && sentRequest.url().endsWith('/api/me'),
  )
  await question.getByRole('button', { name: 'Delete for good' }).click()
  expect((await sent).postDataJSON()).toEqual({ password: PASSWORD })
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})
