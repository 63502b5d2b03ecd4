import type { APIRequestContext, Page, Request } from '@playwright/test'
import { expect } from './fixtures'
import { linkIn, waitForMail } from './mailbox'

export const PASSWORD = 'sakura-petals-1'

export const newEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@mofu.test`

export const panel = (page: Page) => page.getByRole('dialog', { name: 'ACCoUNT' })

export async function openPanel(page: Page) {
  await page.goto('/?account=true')
  await expect(panel(page).locator('[data-state]')).toBeVisible()
}

export async function fillCredentials(page: Page, email: string, password: string) {
  await panel(page).getByLabel('Email').fill(email)
  await panel(page).getByLabel('Password', { exact: true }).fill(password)
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await fillCredentials(page, email, password)
  await panel(page).getByRole('button', { name: 'Log in' }).click()
}

/**
 * Watches the page's calls to the API from now on; the function it returns waits until none is
 * on its way. A test that ends the session behind the page's back waits so first: a section the
 * panel was still loading would otherwise meet the ended session before the step the test is
 * about, and sign the panel out at a moment of its own choosing.
 */
export function watchApiCalls(page: Page): () => Promise<void> {
  const pending = new Set<Request>()
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request)
  })
  const done = (request: Request) => pending.delete(request)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return () =>
    expect
      .poll(() => [...pending].map((request) => request.url()), {
        message: 'calls to the API still on their way',
      })
      .toEqual([])
}

/**
 * Reloads the signed-in page in `theme`, chosen in this browser and kept with the account as
 * Settings keeps it: with the browser's choice alone, the account's kept theme (the one it took
 * from an earlier choice) would replace it once the profile loaded.
 */
export async function reloadInTheme(page: Page, theme: 'light' | 'dark') {
  const kept = await page.request.patch('/api/me/profile', { data: { preferences: { theme } } })
  expect(kept.status()).toBe(200)
  await page.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), theme)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
}

/** A verified account made through the API, for tests about what comes after sign-up. */
export async function verifiedAccount(request: APIRequestContext, baseURL: string, email: string) {
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: '', callbackURL: '/' },
    headers: { Origin: baseURL },
  })
  expect(signUp.status()).toBe(200)
  const link = linkIn(await waitForMail(email, /verify/i))
  expect((await verifyByLink(request, baseURL, link)).status()).toBe(200)
}

/** Signs the page in, through the panel, as a new verified user; returns its e-mail. */
export async function signedInOnPage(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  tag: string,
) {
  const email = newEmail(tag)
  await verifiedAccount(request, baseURL, email)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
  return email
}

/** What the link's page sends: its token and the password chosen at sign-up. */
export const verifyByLink = (
  request: APIRequestContext,
  baseURL: string,
  link: string,
  password = PASSWORD,
) =>
  request.post(`${baseURL}/api/auth/sign-up/verify`, {
    data: { token: new URL(link).searchParams.get('token'), password },
    headers: { Origin: baseURL },
  })

/**
 * Signs in as `email` at the provider standing in for Google, in the sign-in popup, and waits
 * until the popup has closed. The wait starts first: the landing page can report and close
 * before the click's own wait for its navigation ends.
 */
export async function signInAtProvider(popup: Page, email: string) {
  const closed = popup.waitForEvent('close')
  await popup.getByLabel('Email').fill(email)
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await closed
}
