import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const panel = (page: Page) => page.getByRole('dialog', { name: 'ACCoUNT' })

/** Scrolls the page as far down as it goes (its content loaded) and returns where it is. */
async function scrollDown(page: Page): Promise<number> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The page whole: the app running and its fonts in, so nothing moves the page after.
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  return page.evaluate(() => window.scrollY)
}

test.describe('account panel', () => {
  test.use({ viewport: { width: 1280, height: 420 } })

  test('the avatar button opens it with ?account=true without scrolling; the overlay goes back', async ({
    page,
  }) => {
    await page.goto('/')
    const scrolled = await scrollDown(page)
    await page.getByRole('button', { name: 'Open account panel' }).click()
    await expect(panel(page)).toBeVisible()
    await expect(page).toHaveURL(/\/\?account=true$/)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)

    await page.getByTestId('account-overlay').click({ position: { x: 100, y: 250 } })
    await expect(panel(page)).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  })

  test('the sidebar Account link opens it over the current page', async ({ page }) => {
    await page.goto('/seeme')
    const scrolled = await scrollDown(page)
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Account' })
      .click()
    await expect(panel(page)).toBeVisible()
    await expect(page).toHaveURL(/\/seeme\?account=true$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SeeME')
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  })

  test('/account shows the slide-over over the page; as the first page of a visit it closes to home', async ({
    page,
  }) => {
    await page.goto('/account')
    await expect(panel(page).getByRole('heading', { name: 'ACCoUNT' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByTestId('account-overlay').click({ position: { x: 100, y: 250 } })
    await expect(page).toHaveURL(/\/$/)
    await expect(panel(page)).toBeHidden()
  })

  test('Esc closes it, focus stays inside while open', async ({ page }) => {
    await page.goto('/?account=true')
    await expect(panel(page)).toBeVisible()
    // More presses than the signed-out panel has stops, forwards and back: focus wraps inside.
    for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
      await page.keyboard.press(key)
      const inside = await page.evaluate(
        () => document.activeElement?.closest('[role="dialog"], dialog') != null,
      )
      expect(inside, key).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(panel(page)).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
  })

  test('shows the reset frame when the path contains reset, else the sign-in frame', async ({
    page,
  }) => {
    await page.goto('/account/reset?oobCode=abc')
    await expect(panel(page).locator('[data-state="reset"]')).toBeVisible()
    await page.goto('/premium?account=true')
    await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  })
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
