import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'

const uniqueHandle = (tag: string) =>
  `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** A verified user signed in on the page, through the panel. */
async function signInOnPage(page: Page, request: APIRequestContext, baseURL: string) {
  const email = newEmail('api')
  await verifiedAccount(request, baseURL, email)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
}

test('a 401 from /api/me signs out here and says the session ended', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError({ url: '/api/me/profile', status: 401 })
  await signInOnPage(page, request, baseURL ?? '')
  // The session ends behind the app's back, as when it expires or is revoked elsewhere.
  await page.context().clearCookies()
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await panel(page).getByLabel('Name').fill('Too Late')
  await panel(page).getByLabel('ID', { exact: true }).fill(uniqueHandle('late'))
  await panel(page).getByRole('button', { name: 'Save' }).click()

  await expect(panel(page).getByText('Your session has ended. Please log in again.')).toBeVisible()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})

test('the profile form checks with the server schema and shows each field its own message', async ({
  page,
  request,
  baseURL,
}) => {
  await signInOnPage(page, request, baseURL ?? '')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  let patches = 0
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().endsWith('/api/me/profile')) patches += 1
  })
  const name = panel(page).getByLabel('Name')
  await name.fill('\u200b\u200b\u200b')
  await panel(page).getByLabel('ID', { exact: true }).fill(uniqueHandle('zw'))
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
  await panel(page).getByRole('button', { name: 'Save' }).click()

  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Please enter a name')
  await expect(panel(page).getByText('Invalid input')).toHaveCount(0)
  expect(patches).toBe(0)
})

test('/@handle shows the avatar, and a failed lookup recovers with Try again', async ({
  page,
  playwright,
  baseURL,
  allowConsoleError,
}) => {
  const owner = await playwright.request.newContext({ baseURL })
  await verifiedAccount(owner, baseURL ?? '', newEmail('public'))
  const handle = uniqueHandle('pub')
  expect(
    (await owner.patch('/api/me/profile', { data: { name: 'Public Pom', handle } })).status(),
  ).toBe(200)
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 90, b: 160 } },
  })
    .png()
    .toBuffer()
  const uploaded = await owner.put('/api/me/avatar', {
    data: png,
    headers: { 'Content-Type': 'image/png' },
  })
  expect(uploaded.status()).toBe(200)
  const { avatar } = (await uploaded.json()) as { avatar: string }

  // Every try of the lookup fails at first (the first and its two retries): the page says so
  // and offers another go.
  for (let tries = 0; tries < 3; tries += 1) allowConsoleError({ url: `/api/profiles/${handle}` })
  await page.route('**/api/profiles/**', (route) => route.abort())
  await page.goto(`/@${handle}`)
  await expect(page.getByText('This profile could not be loaded. Please try again.')).toBeVisible()
  await page.unroute('**/api/profiles/**')
  await page.getByRole('button', { name: 'Try again' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public Pom')
  await expect(page.getByTestId('avatar-image')).toHaveAttribute('src', avatar)
  await owner.dispose()
})

test('a reset-code check that could not reach the server is tried again on request', async ({
  page,
  allowConsoleError,
}) => {
  // The check and its two retries are cut off.
  for (let tries = 0; tries < 3; tries += 1)
    allowConsoleError({ url: '/api/password-reset/verify' })
  await page.route('**/api/password-reset/verify', (route) => route.abort())
  await page.goto('/account/reset?oobCode=not-a-real-code')
  await expect(panel(page).getByRole('button', { name: 'Try again' })).toBeVisible()
  await page.unroute('**/api/password-reset/verify')
  await panel(page).getByRole('button', { name: 'Try again' }).click()
  await expect(panel(page).getByText('Invalid or expired password reset link.')).toBeVisible()
})
