import { createHash } from 'node:crypto'
import {
  test as base,
  expect,
  type APIResponse,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Route,
} from '@playwright/test'

/** One request a test means to fail, and so the one console error it may cause. */
export interface ExpectedFailure {
  /** The request's path (with its query, if it has one), or a pattern for its full URL. */
  url: string | RegExp
  /** The status it answers with; leave out for a request that gets no answer at all. */
  status?: number
  /**
   * The page may ask for it again, each time failing the same way (a dynamic import Chromium
   * tries again when another import asks for the module): every such line is allowed.
   */
  repeats?: boolean
}

interface Allowance extends ExpectedFailure {
  used: boolean
}

/** Chromium's console line for a failed load carries the request's URL as its location. */
const FAILED_LOAD =
  /^Failed to load resource: (?:the server responded with a status of (\d+)|net::)/

function allows(allowance: Allowance, message: ConsoleMessage): boolean {
  const failed = FAILED_LOAD.exec(message.text())
  if ((allowance.used && allowance.repeats !== true) || failed === null) return false
  const url = message.location().url
  const { pathname, search } = new URL(url)
  const urlMatches =
    typeof allowance.url === 'string'
      ? allowance.url === `${pathname}${search}`
      : allowance.url.test(url)
  const status = failed[1] === undefined ? undefined : Number(failed[1])
  return urlMatches && allowance.status === status
}

/**
 * Every e2e test gets the app's URL as baseURL and fails on any console error or uncaught
 * page error, on any page of its browser context (popups and extra tabs too) or of a context it
 * makes with `browser.newContext()`: a user would not see one, so neither may a test. A request
 * a test makes fail on purpose is allowed with `allowConsoleError({ url, status })`: one call
 * allows that one request's console line, once (or each time, with `repeats`), and the test fails
 * if the request never failed.
 */
export const test = base.extend<{
  consoleErrors: string[]
  allowConsoleError: (failure: ExpectedFailure) => void
  consoleAllowances: Allowance[]
}>({
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
  // eslint-disable-next-line no-empty-pattern
  consoleAllowances: [async ({}, use) => use([]), { box: true }],
  allowConsoleError: async ({ consoleAllowances }, use) => {
    await use((failure) => consoleAllowances.push({ ...failure, used: false }))
  },
  consoleErrors: [
    async ({ browser, context, page, consoleAllowances: allowances }, use) => {
      const errors: string[] = []
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if (message.type() !== 'error') return
          const text = message.text()
          const allowance = allowances.find((candidate) => allows(candidate, message))
          if (allowance !== undefined) {
            allowance.used = true
            return
          }
          errors.push(`${text} (${message.location().url})`)
        })
        watched.on('pageerror', (error) => errors.push(error.message))
      }
      const watchPages = (made: BrowserContext) => made.on('page', watch)
      watch(page)
      watchPages(context)
      // Contexts the test makes itself (browser.newContext(), browser.newPage()): another
      // browser in the story is still one a user looks at.
      browser.on('context', watchPages)
      await use(errors)
      browser.off('context', watchPages)
      context.off('page', watch)
      expect(errors, 'console errors').toEqual([])
      const unused = allowances.filter((allowance) => !allowance.used)
      expect(
        unused.map(({ url, status }) => ({ url: String(url), status })),
        'allowed console errors that never happened',
      ).toEqual([])
    },
    { auto: true },
  ],
})

/**
 * The routed request sent on to the server, for a test that changes or holds its answer. Sent
 * again once if the connection was reset before any answer: Playwright's client reuses an idle
 * keep-alive connection the server may be closing at that moment (it closes idle ones after
 * 5 s), and Chromium, whose request this stands for, sends it again in that case too.
 */
export async function fetchRouted(route: Route): Promise<APIResponse> {
  try {
    return await route.fetch()
  } catch (error) {
    if (!(error instanceof Error) || !/ECONNRESET|socket hang up/.test(error.message)) throw error
    return route.fetch()
  }
}

export { expect }
