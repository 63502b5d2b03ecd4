import { expect, test } from './fixtures'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'

/**
 * An account adopts only the preferences a browser has actually chosen (SPEC's profile table:
 * the stored font defaults to 'default', the client's to 'orbitron').
 */
test('a browser that never chose a preference leaves a new account its defaults', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('first-sign-in')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  const profileLoaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/me/profile' &&
      response.request().method() === 'GET',
  )
  await logIn(page, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await profileLoaded
  // Whatever the sign-in sends about preferences has gone by the time the network is quiet.
  await page.waitForLoadState('networkidle')
  const profile = (await (await page.request.get('/api/me/profile')).json()) as {
    font: string
    preferences: unknown
  }
  expect(profile.font).toBe('default')
  expect(profile.preferences).toBeNull()
  // The page still shows the client's default.
  await expect(page.locator('html')).toHaveClass(/font-orbitron/)
})
