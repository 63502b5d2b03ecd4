import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'
import { PAGE_ROUTES } from './routes'

const ROUTES = [
  ...PAGE_ROUTES,
  '/no-such-place',
  '/?account=true',
  '/account/reset?oobCode=abc',
  '/account/email?code=abc',
]

for (const theme of ['dark', 'light'] as const) {
  test.describe(`${theme} mode`, () => {
    test.use({ colorScheme: theme })

    for (const route of ROUTES) {
      test(`axe finds no serious or critical violation on ${route}`, async ({
        page,
        allowConsoleError,
      }) => {
        if (route === '/no-such-place') allowConsoleError({ url: route, status: 404 })
        await page.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), theme)
        await page.goto(route)
        await expect(page.getByRole('heading').first()).toBeVisible()
        // The prerendered page is whole before the account panel opens (after hydration).
        if (route.includes('account')) await expect(page.getByRole('dialog')).toBeVisible()
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        )
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        // Contrast is judged on the settled page: an entrance animation (the account panel's
        // folder-open starts at 40 % opacity) would otherwise be measured mid-way.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
              .map((animation) => animation.finished),
          ),
        )
        const results = await new AxeBuilder({ page }).analyze()
        const blocking = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            id: violation.id,
            help: violation.help,
            targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
          }))
        expect(blocking).toEqual([])
      })
    }
  })
}
