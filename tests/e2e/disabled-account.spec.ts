import type { Page } from '@playwright/test'
import { runMofu } from '../support/mofu-command'
import {
  logIn,
  newEmail,
  openPanel,
  panel,
  PASSWORD,
  signInAtProvider,
  verifiedAccount,
} from './account-helpers'
import { expect, test } from './fixtures'
import { linkIn, waitForMail } from './mailbox'

const SESSION_ENDED = 'Your session has ended. Please log in again.'
const DISABLED = 'This account has been disabled.'

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

test('a disabled account that follows its verification link gets the message, signed out', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('disabled-link')
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: '', callbackURL: '/?account=true&verified=true' },
    headers: { Origin: baseURL ?? '' },
  })
  expect(signUp.status()).toBe(200)
  const link = linkIn(await waitForMail(email, /verify/i))
  await disable(email)

  await page.goto(link)
  allowConsoleError({ url: '/api/auth/sign-up/verify', status: 403 })
  await panel(page).getByLabel('Password chosen at sign-up').fill(PASSWORD)
  await panel(page).getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText(DISABLED)
  await page.goto('/?account=true')
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})

test('a disabled account that signs in with Google gets the message in the panel', async ({
  page,
}) => {
  const email = newEmail('disabled-google')
  const googleSignIn = async () => {
    const popupOpened = page.waitForEvent('popup')
    await panel(page).getByRole('button', { name: 'Sign in with Google' }).click()
    const popup = await popupOpened
    await signInAtProvider(popup, email)
  }
  await openPanel(page)
  await googleSignIn()
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)
  await disable(email)

  await openPanel(page)
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  await googleSignIn()
  await expect(panel(page).getByRole('alert')).toHaveText(DISABLED)
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})
