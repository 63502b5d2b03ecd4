import { expect, test } from './fixtures'

test.use({ viewport: { width: 375, height: 740 } })

test('the menu button that opened the drawer closes it too', async ({ page }) => {
  await page.goto('/')
  const menu = page.getByRole('button', { name: /open menu|close menu/i })
  const sidebar = page.locator('#sidebar')
  await menu.click()
  await expect(sidebar).toBeInViewport()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(menu).toHaveAccessibleName('Close menu')

  await menu.click()
  await expect(sidebar).not.toBeInViewport()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeFocused()
})
