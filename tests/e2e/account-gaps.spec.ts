import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'
import { switchOff } from './switches'
import { linkIn, waitForMail } from './mailbox'

const uniqueHandle = (tag: string) =>
  `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function signInOnPage(page: Page, request: APIRequestContext, baseURL: string) {
  const email = newEmail('gaps')
  await verifiedAccount(request, baseURL, email)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
  return email
}

test('retyping your own saved handle says it is available', async ({ page, request, baseURL }) => {
  await signInOnPage(page, request, baseURL ?? '')
  const mine = uniqueHandle('own')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await panel(page).getByLabel('Name').fill('Own Handle')
  const handle = panel(page).getByLabel('ID', { exact: true })
  await handle.fill(mine)
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${mine}`)

  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await handle.fill(`${mine}z`)
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
  await handle.fill(mine.toUpperCase())
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
})

test('the overlay of /account, loaded in full from another Mofu page, goes back to it', async ({
  page,
}) => {
  await page.goto('/seeme')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('SeeME')
  await page.goto('/account')
  await expect(panel(page)).toBeVisible()
  await page.getByTestId('account-overlay').click({ position: { x: 100, y: 250 } })
  await expect(page).toHaveURL(/\/seeme$/)
  await expect(panel(page)).toBeHidden()
})

test('after log-out clears local storage, Settings shows the defaults and keeps them', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/settings')
  const hover = page.getByRole('switch', { name: /Sidebar hover/ })
  await switchOff(page, /Sidebar hover/)

  await page.goto('/settings?account=true')
  const email = newEmail('prefs')
  await verifiedAccount(request, baseURL ?? '', email)
  await logIn(page, email)
  await panel(page).getByRole('button', { name: 'Log out' }).click()
  await panel(page).getByRole('button', { name: 'ログアウト' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel(page)).toBeHidden()

  await expect(hover).toBeChecked()
  await switchOff(page, /Filter jump/)
  const stored = await page.evaluate(() => window.localStorage.getItem('action-settings'))
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    sidebarHoverEffect: true,
    filterJumpEffect: false,
  })
})

test("without Google sign-in, an unknown address reads 'No account found.'", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  // The same app, served as if the operator had not configured Google sign-in.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch()
      const html = (await response.text()).replace('"googleSignIn":true', '"googleSignIn":false')
      await route.fulfill({ response, body: html })
    },
  )
  await page.goto('/?account=true')
  await expect(panel(page).getByRole('button', { name: /Google/ })).toHaveCount(0)
  await logIn(page, newEmail('nobody'))
  await expect(panel(page).getByRole('alert')).toHaveText('No account found.')
})

test('a failed avatar reset says why in words, never a raw browser error', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError({ url: '/api/me/avatar' })
  await signInOnPage(page, request, baseURL ?? '')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await page.route('**/api/me/avatar', (route) => route.abort('internetdisconnected'))
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  await panel(page).getByRole('menuitem', { name: 'Reset to Default' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Mofu could not reach the server. Check your connection and try again.',
  )
})

test('a picked image is let go (its object URL revoked) once the crop dialog closes', async ({
  page,
  request,
  baseURL,
}) => {
  await page.addInitScript(() => {
    const created: string[] = []
    const revoked: string[] = []
    const create = URL.createObjectURL.bind(URL)
    const revoke = URL.revokeObjectURL.bind(URL)
    URL.createObjectURL = (object) => {
      const url = create(object)
      created.push(url)
      return url
    }
    URL.revokeObjectURL = (url) => {
      revoked.push(url)
      revoke(url)
    }
    Object.assign(window, { objectUrls: { created, revoked } })
  })
  await signInOnPage(page, request, baseURL ?? '')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const chooser = page.waitForEvent('filechooser')
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  await panel(page).getByRole('menuitem', { name: 'Browse Files' }).click()
  await (
    await chooser
  ).setFiles({
    name: 'a.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 60, b: 160 } },
    })
      .png()
      .toBuffer(),
  })
  const crop = page.getByRole('dialog', { name: 'Crop your avatar' })
  await expect(crop).toBeVisible()
  await crop.getByRole('button', { name: 'Cancel' }).click()
  await expect(crop).toBeHidden()

  const urls = () =>
    page.evaluate(
      () =>
        (window as unknown as { objectUrls: { created: string[]; revoked: string[] } }).objectUrls,
    )
  await expect.poll(async () => (await urls()).created.length).toBe(1)
  await expect.poll(async () => (await urls()).revoked).toEqual((await urls()).created)
})

test('closing the panel after a password change cancels the redirect to home', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('redirect')
  await verifiedAccount(request, baseURL ?? '', email)
  const asked = await request.post(`${baseURL}/api/auth/request-password-reset`, {
    data: { email, redirectTo: '/account/reset' },
    headers: { Origin: baseURL ?? '' },
  })
  expect(asked.status()).toBe(200)
  // The page's clock is the test's, and stands still from before the change: the redirect due
  // 2 s after it cannot come before the user has moved on, however slow the machine.
  await page.clock.install()
  // The mail's link opens the visit.
  await page.goto(linkIn(await waitForMail(email, /reset/i)))
  await panel(page).getByLabel('New password', { exact: true }).fill('moonlit-train-3')
  await panel(page).getByLabel('Confirm new password').fill('moonlit-train-3')
  await page.clock.pauseAt(Date.now() + 1_000)
  await panel(page).getByRole('button', { name: 'Change password' }).click()
  await expect(panel(page).getByRole('status')).toHaveText('Password changed! Redirecting...')
  // The link opened the visit, so the panel closes to home; from there the user goes on.
  await page.getByTestId('account-overlay').click({ position: { x: 100, y: 250 } })
  await expect(page).toHaveURL(/\/$/)
  await page.getByRole('navigation', { name: 'Sections' }).locator('a[href="/seeme"]').click()
  await expect(page).toHaveURL(/\/seeme$/)
  // Past the redirect's time: the page stays where the user went.
  await page.clock.runFor(3_000)
  await expect(page).toHaveURL(/\/seeme$/)
})

test('under a PUBLIC_URL on an IP address the panel offers no passkeys', async ({
  page,
  request,
  baseURL,
}) => {
  // The shared server's PUBLIC_URL is http://127.0.0.1:<port>, which browsers refuse for WebAuthn.
  expect(new URL(baseURL ?? '').hostname).toBe('127.0.0.1')
  await openPanel(page)
  await expect(panel(page).getByRole('button', { name: 'Forgot password?' })).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0)
  await signInOnPage(page, request, baseURL ?? '')
  await expect(panel(page).getByRole('heading', { name: 'Passkeys' })).toHaveCount(0)
  await expect(panel(page).getByText('This browser cannot use passkeys')).toHaveCount(0)
})
