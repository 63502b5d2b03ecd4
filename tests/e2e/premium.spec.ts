import type { Page } from '@playwright/test'
import { runMofu } from '../support/mofu-command'
import { newEmail, verifiedAccount } from './account-helpers'
import { catalogTitles } from './anime-helpers'
import { expect, test } from './fixtures'
import { waitForMail } from './mailbox'

const HOW_TO = 'Premium is 3 euros a month, paid on our shop page.'
const SHOP = 'https://shop.example/mofu-premium'

/** `mofu` on the e2e server's own configuration, as its operator would run it. */
async function mofu(...args: string[]) {
  const env = process.env.MOFU_E2E_SERVER_ENV
  if (env === undefined) throw new Error('MOFU_E2E_SERVER_ENV is set by tests/e2e/global-setup.ts')
  const result = await runMofu(JSON.parse(env) as Record<string, string>, args)
  expect(result.code, result.stderr).toBe(0)
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sections' })

/** To the Premium page and back to it through the sidebar: a navigation, not a reload. */
async function navigateBack(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Shop' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop')
  await sidebar(page).getByRole('link', { name: 'Premium' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium')
}

test('signed out, the Premium page shows the plans side by side and how to get Premium, and no meter', async ({
  page,
}) => {
  await page.goto('/premium')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const plans = page.getByRole('region', { name: 'The plans on this site' })
  await expect(plans.getByRole('heading', { level: 3 })).toHaveText(['Free', 'Premium'])
  await expect(plans.getByRole('listitem').filter({ hasText: 'Premium' })).toContainText(
    '30 pins a period',
  )
  await expect(page.getByText(HOW_TO)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', SHOP)
  await expect(page.getByRole('meter')).toHaveCount(0)
})

test('the operator grants Premium with the command: the page and its meter follow on the next navigation, and at its end the account is free again with its pins kept', async ({
  page,
  baseURL,
}) => {
  const email = newEmail('premium')
  await verifiedAccount(page.request, baseURL ?? '', email)
  const [title] = await catalogTitles(page.request, 'sword art online', 1)
  if (title === undefined) throw new Error('the catalog has the title')
  expect((await page.request.put(`/api/me/likes/${title.id}`)).status()).toBe(200)
  expect((await page.request.put(`/api/me/likes/${title.id}/pin`)).status()).toBe(200)

  await page.goto('/premium')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await expect(page.getByText('You are on Free.')).toBeVisible()
  await expect(page.getByRole('meter', { name: /^1 of 5 pins used, more on / })).toBeVisible()
  // A reload would forget this; a navigation keeps it.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }))

  const until = new Date(Date.now() + 45_000)
  await mofu('users', 'plan', email, 'premium', '--until', until.toISOString())
  await waitForMail(email, /You are on the Premium plan/)
  await navigateBack(page)
  await expect(page.getByText(/^You are on Premium until /)).toBeVisible()
  await expect(page.getByRole('meter', { name: /^1 of 30 pins used, more on / })).toBeVisible()
  await expect(page.locator('[aria-current="true"]').getByRole('heading')).toHaveText(
    /^Premium\s*Your plan$/,
  )

  // Past its end the account counts as free, before and after the sweep writes it back.
  await page.waitForTimeout(Math.max(0, until.getTime() - Date.now()))
  await navigateBack(page)
  await expect(page.getByText('You are on Free.')).toBeVisible()
  await expect(page.getByRole('meter', { name: /^1 of 5 pins used, more on / })).toBeVisible()
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true)
  const board = (await (await page.request.get('/api/me/likes')).json()) as { pinned: string[] }
  expect(board.pinned).toEqual([title.id])
})
