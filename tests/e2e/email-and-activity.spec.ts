import type { Page } from '@playwright/test'
import { EMAIL_CHANGE_MESSAGES } from '../../src/shared/email-change'
import { logIn, newEmail, openPanel, panel, PASSWORD, verifiedAccount } from './account-helpers'
import { blockingViolations } from './axe'
import { expect, test } from './fixtures'
import { linkIn, waitForMail } from './mailbox'

/** Changing the address and the recent security activity, from the keyboard alone. */

const expectNoSeriousAxeViolation = async (page: Page) =>
  expect(await blockingViolations(page, { include: 'dialog' })).toEqual([])

/** Focus stays where the keyboard put it: a press of Enter on a control found by its name. */
async function press(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.focus()
  await page.keyboard.press('Enter')
}

async function logInByKeyboard(page: Page, email: string) {
  await panel(page).getByLabel('Email').focus()
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await expect(panel(page).getByLabel('Password', { exact: true })).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
}

test('change the address from the keyboard, confirm it from the mail, and the old address is told', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('change-from')
  const target = newEmail('change-to')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logInByKeyboard(page, email)

  const section = panel(page).getByRole('region', { name: 'E-mail address' })
  await expect(panel(page).getByText(email, { exact: true })).toBeVisible()
  await press(page, section.getByRole('button', { name: 'Change e-mail' }))
  await expect(section.getByLabel('New e-mail address')).toBeFocused()
  await page.keyboard.type(target)
  await page.keyboard.press('Tab')
  await expect(section.getByLabel('Current password')).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(section.getByRole('status')).toHaveText(EMAIL_CHANGE_MESSAGES.sent)
  await expectNoSeriousAxeViolation(page)

  // The link in the mail to the new address opens the confirmation, which waits for the press.
  await page.goto(linkIn(await waitForMail(target, /confirm your new e-mail/i)))
  const confirmation = panel(page).locator('[data-state="email-change"]')
  await expect(confirmation.getByRole('heading')).toHaveText('Confirm your new e-mail address')
  await expectNoSeriousAxeViolation(page)
  await press(page, confirmation.getByRole('button', { name: 'Use this address' }))
  await expect(confirmation.getByRole('status')).toHaveText(EMAIL_CHANGE_MESSAGES.changed)
  const notice = await waitForMail(email, /address of your Mofu account was changed/i)
  expect(linkIn(notice)).toContain('/account/reset?oobCode=')
})

test("sign in with the new address, see the change in the activity, and say it wasn't me: the other browser is signed out", async ({
  page,
  browser,
  request,
  baseURL,
  extraHTTPHeaders,
}) => {
  const email = newEmail('change-from')
  const target = newEmail('change-to')
  await verifiedAccount(request, baseURL ?? '', email)
  const asked = await request.post('/api/me/email', {
    data: { newEmail: target, password: PASSWORD },
    headers: { Origin: baseURL ?? '' },
  })
  expect(asked.status()).toBe(202)
  const code = new URL(linkIn(await waitForMail(target, /confirm your new e-mail/i))).searchParams
  const confirmed = await request.post('/api/email-change/confirm', {
    data: { code: code.get('code') },
    headers: { Origin: baseURL ?? '' },
  })
  expect(confirmed.status()).toBe(200)

  // Another browser is signed in to the account too.
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders })
  const otherTab = await elsewhere.newPage()
  await openPanel(otherTab)
  await logIn(otherTab, target)
  await expect(panel(otherTab).locator('[data-state="signed-in"]')).toBeVisible()

  await openPanel(page)
  await logInByKeyboard(page, target)
  await expect(panel(page).getByText(target, { exact: true })).toBeVisible()
  const activity = panel(page).getByRole('region', { name: 'Recent security activity' })
  const entries = activity.getByRole('listitem')
  await expect(entries.first()).toContainText('Signed in with a password')
  await expect(entries.first()).toContainText('This device')
  const changed = entries.filter({ hasText: 'E-mail address changed' })
  await expect(changed).toHaveCount(1)
  await expect(entries.filter({ hasText: 'E-mail change asked for' })).toHaveCount(1)

  await press(
    page,
    changed.getByRole('button', { name: /^This wasn't me: E-mail address changed/ }),
  )
  await expect(activity.getByRole('status')).toHaveText(
    'Every other session is signed out, and we sent you a link to choose a new password.',
  )
  await waitForMail(target, /take your mofu account back/i)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

  // What the notice says holds: the other browser is signed out, on its pages and its API.
  await otherTab.reload()
  await expect(panel(otherTab).locator('[data-state="signed-out"]')).toBeVisible()
  expect((await elsewhere.request.get('/api/me/profile')).status()).toBe(401)
  await elsewhere.close()
})

test('the activity shows 20 entries at a time, and Load more the older ones, focus on the first', async ({
  page,
  request,
  baseURL,
}) => {
  // Long by nature: 22 sign-ins, each a password hash on the server, before the panel opens.
  test.slow()
  const email = newEmail('activity-pages')
  await verifiedAccount(request, baseURL ?? '', email)
  // 22 sign-ins elsewhere, each from an address of its own (the log-in limit counts per address).
  for (let index = 0; index < 22; index += 1) {
    const signedIn = await request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
      headers: { Origin: baseURL ?? '', 'X-Forwarded-For': `10.250.${index}.1` },
    })
    expect(signedIn.status()).toBe(200)
  }
  await openPanel(page)
  await logInByKeyboard(page, email)
  const activity = panel(page).getByRole('region', { name: 'Recent security activity' })
  const entries = activity.getByRole('listitem')
  await expect(entries).toHaveCount(20)
  await expect(entries.first()).toContainText('This device')
  await press(page, activity.getByRole('button', { name: 'Load more' }))
  // 22 sign-ins, this one and the verification link's.
  await expect(entries).toHaveCount(24)
  await expect(activity.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  // The button is gone with the last page: focus goes on to the first entry it loaded.
  await expect(entries.nth(20)).toBeFocused()
  await expect(entries.last()).toContainText('Signed in with the verification link')
  await expectNoSeriousAxeViolation(page)
})
