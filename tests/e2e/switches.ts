import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Turns a Settings switch off as a person does, with a click on its row: the input itself is
 * visually hidden. The click waits until the row takes clicks, which is once the app runs.
 */
export async function switchOff(page: Page, name: string | RegExp) {
  const toggle = page.getByRole('switch', { name })
  await page.locator('label', { has: toggle }).click()
  await expect(toggle).not.toBeChecked()
}
