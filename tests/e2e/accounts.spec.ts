import type { APIRequestContext } from '@playwright/test'
import {
  fillCredentials,
  logIn,
  newEmail,
  openPanel,
  panel,
  PASSWORD,
  signInAtProvider,
  verifiedAccount,
} from './account-helpers'
import { expect, fetchRouted, test } from './fixtures'
import { linkIn, waitForMail } from './mailbox'

test('sign-up sends a verification mail; log-in waits for the link; the link signs in', async ({
  page,
  allowConsoleError,
}) => {
  const email = newEmail('signup')
  await openPanel(page)
  await panel(page).getByRole('tab', { name: 'Sign up' }).click()
  await fillCredentials(page, email, 'iloveyou')
  allowConsoleError({ url: '/api/auth/sign-up/email', status: 400 })
  await panel(page).getByRole('button', { name: 'Create account' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'This password is too common. Please choose another.',
  )
  await fillCredentials(page, email, PASSWORD)
  await panel(page).getByRole('button', { name: 'Create account' }).click()
  await expect(panel(page).getByRole('status')).toHaveText(
    'We sent you a verification email. Please verify before signing in.',
  )
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  // The sign-up is done: the button cannot send it again.
  await expect(panel(page).getByRole('button', { name: 'Create account' })).toBeDisabled()

  const mail = await waitForMail(email, /verify/i)
  expect(mail.text).toContain('24 hours')

  await panel(page).getByRole('tab', { name: 'Log in' }).click()
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 403 })
  await logIn(page, email)
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Please verify your email before signing in.',
  )
  await expect(panel(page).getByRole('button', { name: 'Resend verification email' })).toBeVisible()

  // The link's page asks for the password chosen at sign-up; the field has focus.
  await page.goto(linkIn(mail))
  const field = panel(page).getByLabel('Password chosen at sign-up')
  await expect(field).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/\?account=true&verified=true$/)
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)
  await expect(panel(page).getByRole('status')).toHaveText(
    'Your email is verified. Welcome to Mofu!',
  )
})

test('a link whose account is gone, or that was used, says so at once and asks for no password', async ({
  page,
  request,
  baseURL,
}) => {
  const used = newEmail('used-link')
  await verifiedAccount(request, baseURL ?? '', used)
  const usedLink = linkIn(await waitForMail(used, /verify/i))

  const gone = newEmail('gone-link')
  await verifiedAccount(request, baseURL ?? '', gone)
  const goneLink = linkIn(await waitForMail(gone, /verify/i))
  // verifiedAccount left the request signed in as the second account: it deletes itself.
  const deleted = await request.delete('/api/me', {
    data: { password: PASSWORD },
    headers: { Origin: baseURL ?? '' },
  })
  expect(deleted.status()).toBe(204)

  for (const link of [usedLink, goneLink]) {
    await page.goto(link)
    await expect(panel(page).getByRole('alert')).toHaveText(
      'That verification link is invalid or has expired. Log in to get a new one.',
    )
    await expect(panel(page).getByLabel('Password chosen at sign-up')).toHaveCount(0)
  }
})

test('a later sign-up with the address never puts its password into the owner’s account', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('second-sign-up')
  const otherPassword = 'someone-elses-9'
  await openPanel(page)
  await panel(page).getByRole('tab', { name: 'Sign up' }).click()
  await fillCredentials(page, email, PASSWORD)
  await panel(page).getByRole('button', { name: 'Create account' }).click()
  await expect(panel(page).getByRole('status')).toHaveText(
    'We sent you a verification email. Please verify before signing in.',
  )
  await waitForMail(email, /verify/i)
  // Someone else signs up with the same address and a password of their own.
  const other = await request.post('/api/auth/sign-up/email', {
    data: { email, password: otherPassword, name: '' },
    headers: { Origin: baseURL ?? '' },
  })
  expect(other.status()).toBe(200)

  // The owner opens the newest of the two identical mails: it asks for their password.
  await page.goto(linkIn(await waitForMail(email, /verify/i, 2)))
  const field = panel(page).getByLabel('Password chosen at sign-up')
  allowConsoleError({ url: '/api/auth/sign-up/verify', status: 401 })
  await field.fill('not-what-i-chose')
  await panel(page).getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(
    panel(page).getByText('That is not the password you chose when you signed up.'),
  ).toBeVisible()
  await field.fill(PASSWORD)
  await panel(page).getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)

  const signIn = (password: string) =>
    request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { Origin: baseURL ?? '' },
    })
  expect((await signIn(otherPassword)).status()).toBe(401)
  expect((await signIn(PASSWORD)).status()).toBe(200)
})

test('every message of the error catalogue, word for word', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('catalogue')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)

  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  await logIn(page, newEmail('nobody'))
  await expect(panel(page).getByRole('alert')).toHaveText(
    'No account found. Try signing in with Google.',
  )
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  await logIn(page, email, 'not-my-password')
  await expect(panel(page).getByRole('alert')).toHaveText('Incorrect password.')

  await panel(page).getByLabel('Email').fill('')
  await panel(page).getByRole('button', { name: 'Forgot password?' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText('Please enter your email.')

  await panel(page).getByRole('tab', { name: 'Sign up' }).click()
  await fillCredentials(page, email, PASSWORD)
  allowConsoleError({ url: '/api/auth/sign-up/email', status: 422 })
  await panel(page).getByRole('button', { name: 'Create account' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText('This email is already in use.')
})

/** A reset link for the address, asked for through the API as the panel's button does. */
async function resetLink(request: APIRequestContext, baseURL: string, email: string) {
  const asked = await request.post(`${baseURL}/api/auth/request-password-reset`, {
    data: { email, redirectTo: '/account/reset' },
    headers: { Origin: baseURL },
  })
  expect(asked.status()).toBe(200)
  return linkIn(await waitForMail(email, /reset/i))
}

test('password reset: the mail links to a form that refuses a mismatch and a common password', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('reset')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await panel(page).getByLabel('Email').fill(email)
  await panel(page).getByRole('button', { name: 'Forgot password?' }).click()
  await expect(panel(page).getByRole('status')).toHaveText('Password reset email sent!')

  const link = linkIn(await waitForMail(email, /reset/i))
  expect(link).toMatch(/\/account\/reset\?oobCode=[\w-]+$/)
  await page.goto(link)
  const newPassword = panel(page).getByLabel('New password', { exact: true })
  const confirmation = panel(page).getByLabel('Confirm new password')
  const change = panel(page).getByRole('button', { name: 'Change password' })
  await expect(change).toBeDisabled()
  await newPassword.fill('moonlit-train-2')
  await expect(change).toBeDisabled()
  await confirmation.fill('moonlit-train-X')
  await expect(panel(page).getByRole('alert')).toHaveText('Passwords do not match.')
  await expect(change).toBeDisabled()
  await newPassword.fill('Password123')
  await confirmation.fill('Password123')
  allowConsoleError({ url: '/api/auth/reset-password', status: 400 })
  await change.click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'This password is too common. Please choose another.',
  )
  await newPassword.fill('moonlit-train-2')
  await confirmation.fill('moonlit-train-2')
  await expect(panel(page).getByRole('alert')).toHaveCount(0)
  await expect(change).toBeEnabled()
})

test('password reset: the new password signs in, the old one no longer does, the link is spent', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('reset')
  await verifiedAccount(request, baseURL ?? '', email)
  const link = await resetLink(request, baseURL ?? '', email)
  // The page's clock, paused from the click on: the redirect comes 3 s after, not before, and
  // not later, however busy the machine.
  await page.clock.install()
  await page.goto(link)
  await panel(page).getByLabel('New password', { exact: true }).fill('moonlit-train-2')
  await panel(page).getByLabel('Confirm new password').fill('moonlit-train-2')
  await page.clock.pauseAt(Date.now() + 1_000)
  await panel(page).getByRole('button', { name: 'Change password' }).click()
  await expect(panel(page).getByRole('status')).toHaveText('Password changed! Redirecting...')
  await page.clock.runFor(2_900)
  await expect(page).toHaveURL(/\/account\/reset\?/)
  await page.clock.runFor(100)
  await expect(page).toHaveURL(/\/$/)
  await page.clock.resume()

  await page.goto(link)
  await expect(panel(page).getByRole('alert')).toHaveText('Invalid or expired password reset link.')

  await openPanel(page)
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  await logIn(page, email, PASSWORD)
  await expect(panel(page).getByRole('alert')).toHaveText('Incorrect password.')
  await logIn(page, email, 'moonlit-train-2')
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)
})

test('an invalid reset code shows no form', async ({ page }) => {
  await page.goto('/account/reset?oobCode=made-up-code')
  await expect(panel(page).getByRole('alert')).toHaveText('Invalid or expired password reset link.')
  await expect(panel(page).getByLabel('New password', { exact: true })).toHaveCount(0)
})

test('a reset link whose check could not reach the server offers Try again, which checks it', async ({
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

test('Google sign-in in a popup; a Google user gets the hint at e-mail log-in', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  const email = newEmail('google')
  await openPanel(page)
  const popupOpened = page.waitForEvent('popup')
  await panel(page).getByRole('button', { name: 'Sign in with Google' }).click()
  const popup = await popupOpened
  await signInAtProvider(popup, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)

  const other = await browser.newContext()
  const stranger = await other.newPage()
  await stranger.goto(`${process.env.MOFU_E2E_URL}/?account=true`)
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  await logIn(stranger, email, 'any-password-1')
  await expect(panel(stranger).getByRole('alert')).toHaveText(
    'No account found. Try signing in with Google.',
  )
  await other.close()
})

test('Google sign-in finishes when the popup loads slowly, as on a phone on a slow network', async ({
  page,
  context,
  baseURL,
}) => {
  const email = newEmail('google-slow')
  await openPanel(page)
  const popupOpened = page.waitForEvent('popup')
  await panel(page).getByRole('button', { name: 'Sign in with Google' }).click()
  const popup = await popupOpened
  // In the popup, Mofu's scripts and styles arrive at about 200 kbit/s (25 KB a second).
  await context.route(`${baseURL}/**`, async (route) => {
    const request = route.request()
    if (
      !['script', 'stylesheet'].includes(request.resourceType()) ||
      request.frame().page() !== popup
    ) {
      return route.fallback()
    }
    const response = await fetchRouted(route)
    const body = await response.body()
    await new Promise((resolve) => setTimeout(resolve, (body.length / 25_000) * 1000))
    await route.fulfill({ response, body })
  })
  await signInAtProvider(popup, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)
  await expect(panel(page).getByRole('alert')).toHaveCount(0)
})

test('the Google popup closes only once the page that opened it has its report', async ({
  page,
}) => {
  await page.goto('/privacy')
  // The page that opened the popup, answering the report 1.5 s late (a busy phone).
  const reported = page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const channel = new BroadcastChannel('mofu-auth')
        channel.addEventListener('message', (event: MessageEvent) => {
          resolve(event.data)
          window.setTimeout(
            () => channel.postMessage({ type: 'google-received', attempt: 'late-1' }),
            1_500,
          )
        })
      }),
  )
  const popupOpened = page.waitForEvent('popup')
  await page.evaluate(() => window.open('/auth/popup-done?attempt=late-1', 'landing', 'popup'))
  const popup = await popupOpened
  const closed = popup.waitForEvent('close')
  expect(await reported).toEqual({ type: 'google-done', ok: true, error: null, attempt: 'late-1' })
  const reportedAt = Date.now()
  await closed
  expect(Date.now() - reportedAt).toBeGreaterThan(1_000)
})

test('another page cannot end a waiting Google sign-in', async ({ page, context }) => {
  const email = newEmail('google-nonce')
  await openPanel(page)
  const popupOpened = page.waitForEvent('popup')
  await panel(page).getByRole('button', { name: 'Sign in with Google' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Email').waitFor()

  // A page of the same site reports a failed sign-in on the panel's channel.
  const other = await context.newPage()
  await other.goto('/auth/popup-done?error=google', { waitUntil: 'networkidle' })
  await other.close()
  // Long enough for the channel's message to arrive; the panel must still be waiting.
  await page.waitForTimeout(500)
  await expect(panel(page).getByRole('alert')).toHaveCount(0)

  await signInAtProvider(popup, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toContainText(email)
})

test('a closed Google popup gets a clear message', async ({ page }) => {
  await openPanel(page)
  const popupOpened = page.waitForEvent('popup')
  await panel(page).getByRole('button', { name: 'Sign in with Google' }).click()
  const popup = await popupOpened
  await popup.getByLabel('Email').waitFor()
  await popup.close()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'The Google sign-in window was closed before sign-in finished.',
  )
})

test('change password sends the reset mail and the notice leaves after 4 s', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('change')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  await panel(page).getByRole('button', { name: 'Change password' }).click()
  const notice = panel(page).getByRole('status')
  await expect(notice).toHaveText('Password reset email sent!')
  const shownAt = Date.now()
  await waitForMail(email, /reset/i)
  await expect(notice).toHaveCount(0, { timeout: 6_000 })
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3_000)
})

test('log-out asks in Japanese, resets the profile state and signs out in every tab', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = newEmail('logout')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  const otherTab = await context.newPage()
  await otherTab.goto('/?account=true')
  await expect(panel(otherTab).locator('[data-state="signed-in"]')).toBeVisible()
  await page.evaluate(() => window.localStorage.setItem('avatarCache', 'https://x.example/a.jpg'))

  await panel(page).getByRole('button', { name: 'Log out' }).click()
  const question = panel(page).getByRole('alertdialog', { name: 'ログアウトしますか？' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'キャンセル' }).click()
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

  await panel(page).getByRole('button', { name: 'Log out' }).click()
  await panel(page).getByRole('button', { name: 'ログアウト' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0)
  await expect(panel(otherTab).locator('[data-state="signed-out"]')).toBeVisible()
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
      const response = await fetchRouted(route)
      const html = (await response.text()).replace('"googleSignIn":true', '"googleSignIn":false')
      await route.fulfill({ response, body: html })
    },
  )
  await page.goto('/?account=true')
  await expect(panel(page).getByRole('button', { name: /Google/ })).toHaveCount(0)
  await logIn(page, newEmail('nobody'))
  await expect(panel(page).getByRole('alert')).toHaveText('No account found.')
})

test('closing the panel after a password change cancels the redirect to home', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('redirect')
  await verifiedAccount(request, baseURL ?? '', email)
  const link = await resetLink(request, baseURL ?? '', email)
  // The page's clock is the test's, and stands still from before the change: the redirect due
  // 2 s after it cannot come before the user has moved on, however slow the machine.
  await page.clock.install()
  // The mail's link opens the visit.
  await page.goto(link)
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
