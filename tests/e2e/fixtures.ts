import { createHash } from 'node:crypto'
import { test as base, expect } from '@playwright/test'

/**
 * Every e2e test gets the app's URL as baseURL and fails on any console error or uncaught
 * page error: a user would not see one, so neither may a test.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[] }>({
  /** Console errors a test expects, such as the browser's note on a page answered with 404. */
  allowedConsoleErrors: [[], { option: true }],
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.MOFU_E2E_URL
    if (url === undefined) throw new Error('MOFU_E2E_URL is set by tests/e2e/global-setup.ts')
    await use(url)
  },
  // A client address per test: the server's rate limits then count each test on its own.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = [...createHash('sha256').update(testInfo.testId).digest()]
    await use({ 'X-Forwarded-For': `10.${a}.${b}.${c}` })
  },
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        const text = message.text()
        if (message.type() !== 'error') return
        if (allowedConsoleErrors.some((allowed) => allowed.test(text))) return
        errors.push(text)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
