import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { PAGE_ROUTES } from './routes'

const ROUTES = [
  ...PAGE_ROUTES,
  '/no-such-place',
  '/?account=true',
  '/account/reset?oobCode=abc',
  '/account/email?code=abc',
]

/** Serious and critical violations on the page as it stands, once every animation has ended. */
async function blockingViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  // Contrast is judged on the settled page: an entrance animation (the account panel's
  // folder-open starts at 40 % opacity) or the change of theme would otherwise be measured
  // mid-way.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  )
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }))
}

// Theme "System" with a dark device, then the device turns light: the page follows live, so one
// load is scanned in both themes.
test.use({ colorScheme: 'dark' })

for (const route of ROUTES) {
  test(`axe finds no serious or critical violation on ${route}, dark and light`, async ({
    page,
    allowConsoleError,
  }) => {
    if (route === '/no-such-place') allowConsoleError({ url: route, status: 404 })
    await page.addInitScript(() => window.localStorage.setItem('theme', 'system'))
    await page.goto(route)
    await expect(page.getByRole('heading').first()).toBeVisible()
    // The prerendered page is whole before the account panel opens (after hydration).
    if (route.includes('account')) await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await blockingViolations(page), 'dark').toEqual([])

    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveClass(/^(?!.*\bdark\b)/)
    expect(await blockingViolations(page), 'light').toEqual([])
  })
}
