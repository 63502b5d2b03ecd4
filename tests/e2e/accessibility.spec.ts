import { blockingViolations, COLOUR_RULES } from './axe'
import { expect, test } from './fixtures'
import { PAGE_ROUTES } from './routes'

const ROUTES = [
  ...PAGE_ROUTES,
  '/no-such-place',
  '/?account=true',
  '/account/reset?oobCode=abc',
  '/account/email?code=abc',
]

// Theme "System" with a dark device, then the device turns light: the page follows live, so one
// load is scanned by every rule in the dark theme and by the colour rules again in the light.
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
    expect(await blockingViolations(page, { rules: COLOUR_RULES }), 'light').toEqual([])
  })
}
