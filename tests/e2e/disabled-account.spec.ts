import type { Page } from '@playwright/test'
import { runMofu } from '../support/mofu-command'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'

const SESSION_ENDED = 'Your session has ended. Please log in again.'

/** `mofu users disable` on the e2e server's own configuration, as its operator would run it. */
async function disable(email: string) {
  const env = process.env.MOFU_E2E_SERVER_ENV
  if (env === undefined) throw new Error('MOFU_E2E_SERVER_ENV is set by tests/e2e/global-setup.ts')
  const result = await runMofu(JSON.parse(env) as Record<string, string>, [
    'users',
    'disable',
    email,
  ])
  expect(result.code, result.stderr).toBe(0)
}

async function signedIn(page: Page, email: string) {
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
}

test('after mofu users disable, the next request signs the open tab out and sign-in is refused', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('disabled')
  await verifiedAccount(request, baseURL ?? '', email)
  await signedIn(page, email)
  await disable(email)

  allowConsoleError({ url: '/api/me/profile', status: 401 })
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await panel(page).getByLabel('Name').fill('Still here?')
  await panel(page)
    .getByLabel('ID', { exact: true })
    .fill(`still${Date.now().toString(36)}`)
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(panel(page).getByText(SESSION_ENDED)).toBeVisible()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()

  allowConsoleError({ url: '/api/auth/sign-in/email', status: 403 })
  await logIn(page, email)
  await expect(panel(page).getByRole('alert')).toHaveText('This account has been disabled.')
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})

test('after mofu users disable, the next session refresh signs the open tab out', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('disabled-refresh')
  await verifiedAccount(request, baseURL ?? '', email)
  await signedIn(page, email)
  await disable(email)

  // The tab becomes visible again, one of the moments the client asks for the session anew.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(panel(page).getByText(SESSION_ENDED)).toBeVisible()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})
