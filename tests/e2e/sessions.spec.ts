import {
  logIn,
  newEmail,
  openPanel,
  panel,
  signedInOnPage,
  verifiedAccount,
  watchApiCalls,
} from './account-helpers'
import { expect, test } from './fixtures'

test('the panel lists where you are signed in, and "Sign out everywhere else" ends the other tab', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const email = newEmail('sessions')
  await verifiedAccount(request, baseURL ?? '', email)
  const elsewhere = await browser.newContext({ baseURL })
  const otherTab = await elsewhere.newPage()
  await openPanel(otherTab)
  await logIn(otherTab, email)
  await expect(panel(otherTab).locator('[data-state="signed-in"]')).toBeVisible()

  await openPanel(page)
  await logIn(page, email)
  const list = panel(page).getByRole('region', { name: "Where you're signed in" })
  const sessions = list.getByRole('listitem')
  // This tab, the other one, and the verification link's.
  await expect(sessions).toHaveCount(3)
  await expect(sessions.first()).toContainText('This device')
  await expect(sessions.first()).toContainText(/^Chrome \d+ on \w+/)
  await expect(list.getByText('This device')).toHaveCount(1)

  await list.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(sessions).toHaveCount(1)
  await expect(list.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0)

  await otherTab.reload()
  await expect(panel(otherTab).locator('[data-state="signed-out"]')).toBeVisible()
  await page.reload()
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await elsewhere.close()
})

test('a session ended behind the page signs the panel out at its next save, saying so', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError({ url: '/api/me/profile', status: 401 })
  const apiCallsDone = watchApiCalls(page)
  await signedInOnPage(page, request, baseURL ?? '', 'ended')
  // The panel has shown what it loads: where you are signed in and the security activity.
  await expect(
    panel(page).getByRole('region', { name: "Where you're signed in" }).getByRole('listitem'),
  ).not.toHaveCount(0)
  await expect(
    panel(page).getByRole('region', { name: 'Recent security activity' }).getByRole('listitem'),
  ).not.toHaveCount(0)
  await apiCallsDone()
  // The session ends behind the app's back, as when it expires or is revoked elsewhere.
  await page.context().clearCookies()
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await panel(page).getByLabel('Name').fill('Too Late')
  await panel(page)
    .getByLabel('ID', { exact: true })
    .fill(`late${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`)
  await panel(page).getByRole('button', { name: 'Save' }).click()

  await expect(panel(page).getByText('Your session has ended. Please log in again.')).toBeVisible()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})
