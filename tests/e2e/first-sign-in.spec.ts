import type { Response } from '@playwright/test'
import { expect, test } from './fixtures'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'

const profileRead = (response: Response) =>
  new URL(response.url()).pathname === '/api/me/profile' && response.request().method() === 'GET'

/**
 * An account keeps only the preferences a browser has actually chosen (docs/using.md
 * "Preferences": the stored font defaults to 'default', the client's to 'orbitron').
 */
test('a browser that never chose a preference leaves a new account its defaults', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('first-sign-in')
  await verifiedAccount(request, baseURL ?? '', email)
  // The page's clock is the test's: whatever the sign-in puts off for later can be made due.
  await page.clock.install()
  await openPanel(page)
  const saves: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && new URL(sent.url()).pathname === '/api/me/profile') {
      saves.push(sent.postData() ?? '')
    }
  })
  const profileLoaded = page.waitForResponse(profileRead)
  await logIn(page, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await profileLoaded
  // A minute on, every timer the sign-in set has fired (fastForward fires each due one once),
  // so a save it started is sent before the page's next read of the profile, which is asked
  // for after.
  await page.clock.fastForward('01:00')
  const readAfter = page.waitForResponse(profileRead)
  const profile = (await page.evaluate(async () => (await fetch('/api/me/profile')).json())) as {
    font: string
    preferences: unknown
  }
  await readAfter
  expect(saves).toEqual([])
  expect(profile.font).toBe('default')
  expect(profile.preferences).toBeNull()
  // The page still shows the client's default.
  await expect(page.locator('html')).toHaveClass(/font-orbitron/)
})

test('a browser that chose only its theme gives the account that and nothing else', async ({
  page,
  browser,
  request,
  baseURL,
  extraHTTPHeaders,
}) => {
  const email = newEmail('theme-only')
  await verifiedAccount(request, baseURL ?? '', email)
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Light', exact: true }).check()
  await openPanel(page)
  const kept = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/profile' &&
      response.request().method() === 'PATCH' &&
      response.ok(),
  )
  await logIn(page, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await kept
  const profile = (await (await page.request.get('/api/me/profile')).json()) as {
    font: string
    preferences: unknown
  }
  expect(profile.font).toBe('default')
  expect(profile.preferences).toEqual({ theme: 'light' })

  // Another browser that never chose takes the account's theme and keeps showing its own font.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders })
  const second = await other.newPage()
  await openPanel(second)
  await logIn(second, email)
  await expect(panel(second).locator('[data-state="signed-in"]')).toBeVisible()
  await expect(second.locator('html')).not.toHaveClass(/\bdark\b/)
  await expect(second.locator('html')).toHaveClass(/font-orbitron/)
  expect(await second.evaluate(() => localStorage.getItem('font'))).toBeNull()
  await other.close()
})
