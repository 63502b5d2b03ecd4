import type { Page } from '@playwright/test'
import { freePort } from '../support/free-port'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import {
  newEmail,
  panel,
  PASSWORD,
  verifyByLink,
  openPanel,
  signedInOnPage,
} from './account-helpers'
import { blockingViolations } from './axe'
import { expect, test } from './fixtures'

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol). WebAuthn refuses an IP
 * address as relying party, so these tests run their own server at http://localhost, with its
 * own SMTP capture, in place of the shared one at 127.0.0.1.
 */

test.describe.configure({ mode: 'default' })

let server: ServerProcess
let smtp: SmtpCapture
let site = ''

test.beforeAll(async () => {
  smtp = await startSmtpCapture()
  const port = await freePort()
  site = `http://localhost:${port}`
  server = await startServer({
    port,
    env: { PUBLIC_URL: site, SMTP_URL: smtp.url, TRUST_PROXY: 'true' },
  })
})
test.afterAll(async () => {
  await server?.dispose()
  await smtp?.close()
})

/** A platform authenticator that holds passkeys and verifies its user without asking. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return { credentials }
}

/** A verified account with a password, signed in in the panel. */
async function signedInAccount(page: Page, tag: string) {
  const email = newEmail(tag)
  const signUp = await page.request.post(`${site}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: '', callbackURL: '/' },
    headers: { Origin: site },
  })
  expect(signUp.status()).toBe(200)
  const mail = await smtp.waitForMail(email, { subject: /verify/i })
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? ''
  expect((await verifyByLink(page.request, site, link)).status()).toBe(200)
  await page.context().clearCookies()
  await page.goto(`${site}/?account=true`)
  await panel(page).getByLabel('Email').fill(email)
  await panel(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await panel(page).getByRole('button', { name: 'Log in' }).click()
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  return email
}

const passkeys = (page: Page) => panel(page).getByRole('region', { name: 'Passkeys' })

async function addPasskeyNamed(page: Page, name: string) {
  await passkeys(page).getByLabel('Passkey name').fill(name)
  await passkeys(page).getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys(page).getByText('Passkey added.', { exact: false })).toBeVisible()
  await expect(passkeys(page).getByRole('listitem').filter({ hasText: name })).toContainText(
    'Added',
  )
}

async function logOut(page: Page) {
  await panel(page).getByRole('button', { name: 'Log out' }).click()
  await panel(page).getByRole('button', { name: 'ログアウト' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
}

/**
 * A browser without passkey autofill: Chromium's virtual authenticator answers the autofill
 * (conditional) request at once, which would sign in before the button could be pressed.
 */
const withoutAutofill = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: () => Promise.resolve(false),
    })
  })

test('register a passkey, sign out, sign in with it, remove it', async ({
  page,
  allowConsoleError,
}) => {
  await withoutAutofill(page)
  const authenticator = await addAuthenticator(page)
  const email = await signedInAccount(page, 'passkey-e2e')
  await addPasskeyNamed(page, 'Pixel 8')
  expect(await authenticator.credentials()).toHaveLength(1)
  // The browser refuses a second passkey for the account on the same device, in words.
  await passkeys(page).getByLabel('Passkey name').fill('Pixel 8 again')
  await passkeys(page).getByRole('button', { name: 'Add a passkey' }).click()
  await expect(passkeys(page).getByRole('alert')).toHaveText(
    'This device already holds a passkey for your account.',
  )
  expect(await authenticator.credentials()).toHaveLength(1)
  const added = await smtp.waitForMail(email, { subject: /passkey was added/i })
  expect(added.text).toContain('"Pixel 8"')

  await logOut(page)
  await expect(panel(page).getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn')
  await panel(page).getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await expect(panel(page).getByText(email)).toBeVisible()

  await passkeys(page).getByRole('button', { name: 'Remove the passkey Pixel 8' }).click()
  const question = panel(page).getByRole('alertdialog', { name: 'Remove the passkey "Pixel 8"?' })
  await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused()
  await question.getByRole('button', { name: 'Remove passkey' }).click()
  await expect(passkeys(page).getByText('Passkey removed.')).toBeVisible()
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(0)
  await smtp.waitForMail(email, { subject: /passkey was removed/i })

  // The browser still holds it; the server no longer takes it.
  await logOut(page)
  allowConsoleError({ url: '/api/auth/passkey/verify-authentication', status: 401 })
  await panel(page).getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'This passkey is not known to Mofu any more. Log in another way.',
  )
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
})

test('remove the password once a passkey can sign in, then "Set a password"; axe-clean', async ({
  page,
  allowConsoleError,
}) => {
  await withoutAutofill(page)
  await addAuthenticator(page)
  const email = await signedInAccount(page, 'passkey-nopassword')
  await expect(passkeys(page).getByRole('button', { name: 'Remove password' })).toHaveCount(0)
  await passkeys(page).getByRole('button', { name: 'Add a passkey' }).click()
  await expect(
    passkeys(page).getByText('Please give this passkey a name, like "Pixel 8".'),
  ).toBeVisible()
  await addPasskeyNamed(page, 'Work laptop')
  expect(await blockingViolations(page, { include: 'dialog' })).toEqual([])

  await passkeys(page).getByRole('button', { name: 'Remove password' }).click()
  const question = panel(page).getByRole('alertdialog', { name: 'Remove your password?' })
  allowConsoleError({ url: '/api/auth/remove-password', status: 403 })
  await question.getByLabel('Current password').fill('not-the-password')
  await question.getByRole('button', { name: 'Remove password' }).click()
  await expect(question.getByRole('alert')).toHaveText('Incorrect password.')
  await question.getByLabel('Current password').fill(PASSWORD)
  await question.getByRole('button', { name: 'Remove password' }).click()
  await expect(passkeys(page).getByText('Password removed.', { exact: false })).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Set a password' })).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Change password' })).toHaveCount(0)
  await expect(passkeys(page).getByRole('button', { name: 'Remove password' })).toHaveCount(0)

  // The old password no longer signs in, and the log-in view says what does.
  await logOut(page)
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  await panel(page).getByLabel('Email').fill(email)
  await panel(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
  await panel(page).getByRole('button', { name: 'Log in' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    "This account has no password: use 'Sign in with a passkey', or 'Forgot password?' to set one.",
  )
})

test('the e-mail field offers the passkey (conditional UI), and picking it signs in', async ({
  page,
}) => {
  await addAuthenticator(page)
  const email = await signedInAccount(page, 'passkey-autofill')
  await addPasskeyNamed(page, 'Phone')
  // The virtual authenticator picks its only passkey at once, as a user would from the
  // suggestions: its answer waits here until the signed-out view has been seen.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/auth/passkey/verify-authentication', async (route) => {
    await held
    await route.continue()
  })
  await logOut(page)
  await expect(panel(page).getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn')
  const verified = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/passkey/verify-authentication',
  )
  release()
  expect((await verified).status()).toBe(200)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
  await expect(panel(page).getByText(email)).toBeVisible()
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
  await signedInOnPage(page, request, baseURL ?? '', 'passkey-ip')
  await expect(panel(page).getByRole('heading', { name: 'Passkeys' })).toHaveCount(0)
  await expect(panel(page).getByText('This browser cannot use passkeys')).toHaveCount(0)
})
