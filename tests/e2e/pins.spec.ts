import type { Page } from '@playwright/test'
import { newEmail, openPanel, panel, reloadInTheme, verifiedAccount } from './account-helpers'
import { catalogTitles } from './anime-helpers'
import { blockingViolations } from './axe'
import { expect, test } from './fixtures'

/** A pin's request as it lands, sent by what `act` does on the page. */
async function pinning(page: Page, method: string, act: () => Promise<void>) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === method && response.url().endsWith('/pin'),
  )
  await act()
  return (await answered).status()
}

/** A signed-in user with a handle and `count` liked titles, on their board. */
async function boardWith(page: Page, baseURL: string, count: number, query: string) {
  await verifiedAccount(page.request, baseURL, newEmail('pins'))
  const handle = `pins${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  expect((await page.request.patch('/api/me/profile', { data: { handle } })).status()).toBe(200)
  const titles = await catalogTitles(page.request, query, count)
  for (const title of titles) {
    expect((await page.request.put(`/api/me/likes/${title.id}`)).status()).toBe(200)
  }
  return handle
}

test('a user pins until the allowance is spent, sees the meter and the refusal, and the order they give shows after a reload and on /@handle without JavaScript', async ({
  page,
  baseURL,
  browser,
  extraHTTPHeaders,
  allowConsoleError,
}) => {
  const handle = await boardWith(page, baseURL ?? '', 6, 'a')
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const row = page.getByRole('region', { name: 'Pinned', exact: true })
  await expect(row.getByRole('status')).toHaveText('0 of 5 pins used')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(6)
  // The first five cards of Unsorted, as the catalog names them, pinned in that order.
  const names = (await cards.getByRole('heading').allTextContents()).slice(0, 5)
  for (let n = 0; n < 5; n += 1) {
    const pin = cards.getByRole('button', { name: /^Pin /, pressed: false }).first()
    expect(await pinning(page, 'PUT', () => pin.click())).toBe(200)
    await expect(row.getByRole('listitem')).toHaveCount(n + 1)
  }
  await expect(row.getByRole('status')).toHaveText(/^5 of 5 pins used, more on .*\d{4}/)

  // Out of pins: the server's refusal shows, and the sixth title stays unpinned.
  allowConsoleError({ url: /\/pin$/, status: 409 })
  const sixth = cards.nth(5).getByRole('button', { name: /^Pin / })
  expect(await pinning(page, 'PUT', () => sixth.click())).toBe(409)
  await expect(
    page.getByText(
      'The title was not pinned. You have used every pin of this period. More come when it ends; your pinned titles stay pinned.',
    ),
  ).toBeVisible()
  await expect(row.getByRole('listitem')).toHaveCount(5)
  await expect(sixth).toHaveAttribute('aria-pressed', 'false')

  // The first pinned title moves one later, from the keyboard.
  const pinnedNames = row.getByRole('listitem').locator('p')
  const order = await pinnedNames.allTextContents()
  const later = row.getByRole('button', { name: /^Move .* later$/ }).first()
  await later.focus()
  expect(await pinning(page, 'PATCH', () => page.keyboard.press('Enter'))).toBe(200)
  const moved = [order[1], order[0], ...order.slice(2)]
  await expect(pinnedNames).toHaveText(moved as string[])
  await page.reload()
  await expect(pinnedNames).toHaveText(moved as string[])
  await expect(row.getByRole('status')).toHaveText(/^5 of 5 pins used, more on /)

  // A second browser, signed out and without JavaScript, sees them in that order on /@handle.
  const elsewhere = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
  })
  const reader = await elsewhere.newPage()
  expect((await reader.goto(`/@${handle}`))?.status()).toBe(200)
  const pinnedPage = reader.getByRole('region', { name: 'Pinned' })
  await expect(pinnedPage.getByRole('link')).toHaveText([
    names[1],
    names[0],
    ...names.slice(2),
  ] as string[])
  await expect(pinnedPage.getByRole('listitem').first().locator('svg').first()).toBeVisible()
  await elsewhere.close()

  // The account panel's card says it in words.
  await openPanel(page)
  await expect(panel(page).getByRole('definition').last()).toHaveText('5 of 5')
})

test('the board with pins in Japanese: the meter in Japanese, axe finds nothing serious in either theme, and a phone fits it', async ({
  page,
  baseURL,
}) => {
  await boardWith(page, baseURL ?? '', 3, 'sword art online')
  await page.addInitScript(() => window.localStorage.setItem('language', 'ja'))
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const row = page.getByRole('region', { name: 'ピン留め', exact: true })
  for (let n = 0; n < 2; n += 1) {
    const pin = page
      .getByRole('article')
      .getByRole('button', { name: /をピン留め$/, pressed: false })
    expect(await pinning(page, 'PUT', () => pin.first().click())).toBe(200)
  }
  await expect(row.getByRole('status')).toHaveText(/^ピン5件中2件使用、.*\d{4}.*に追加$/)
  for (const theme of ['light', 'dark'] as const) {
    await reloadInTheme(page, theme)
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await expect(row.getByRole('listitem')).toHaveCount(2)
    expect(await blockingViolations(page)).toEqual([])
  }

  await page.setViewportSize({ width: 360, height: 740 })
  await expect(row).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('phone.png'), fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
