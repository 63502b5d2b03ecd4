import type { Request } from '@playwright/test'
import { ClientErrorSchema } from '../../src/shared/client-error-schema'
import { expect, test } from './fixtures'

/**
 * The browser's error reporter (src/client/lib/client-errors.ts): an error thrown in a component
 * reaches POST /api/events/client-error once, without the site's cookies. The error is one a
 * visitor can meet: the account panel's chunk fails to load (a deploy replaced it, the network
 * dropped), so its lazy component throws as it renders.
 */

const PANEL_CHUNK = /\/assets\/account-panel-[\w-]+\.js$/
const REPORT_PATH = '/api/events/client-error'

test('an error thrown in a component is reported to the server once, without cookies', async ({
  page,
  context,
  baseURL,
  allowConsoleError,
  consoleErrors,
}) => {
  // A cookie of the site's own: the report must leave it behind.
  await context.addCookies([{ name: 'mofu_probe', value: 'kept-home', url: baseURL ?? '' }])
  await page.route(PANEL_CHUNK, (route) => route.abort())
  // The idle prefetch of the panel may ask for the chunk again, and fail again.
  allowConsoleError({ url: PANEL_CHUNK, repeats: true })
  const reports: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === REPORT_PATH) reports.push(request)
  })
  const answered = page.waitForResponse((response) => response.url().endsWith(REPORT_PATH))

  await page.goto('/?account=true')
  const answer = await answered
  expect(answer.status()).toBe(204)

  // A request the page sends after the report: one sent twice would be seen by now.
  await page.evaluate(() => fetch('/healthz'))
  expect(reports).toHaveLength(1)
  const [report] = reports
  expect(report?.method()).toBe('POST')
  expect(await report?.allHeaders()).not.toHaveProperty('cookie')
  const body = ClientErrorSchema.parse(report?.postDataJSON())
  expect(body).toMatchObject({ kind: 'uncaught', name: 'TypeError', path: '/' })
  expect(body.message).toMatch(/dynamically imported module/)
  expect(body.componentStack).toMatch(/^[0-9a-f]{8}$/)

  // The reporter's own console line, the one error this test causes on purpose.
  const logged = consoleErrors.findIndex((line) => /dynamically imported module/.test(line))
  expect(logged).toBeGreaterThanOrEqual(0)
  consoleErrors.splice(logged, 1)
})
