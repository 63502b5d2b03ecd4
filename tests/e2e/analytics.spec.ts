import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { Request } from '@playwright/test'
import { startServer } from '../support/server-process'
import { expect, test } from './fixtures'

/** Today's count of views of `pagePath`, as the server keeps them (per path and day). */
function pageViewCounts(pagePath: string) {
  const dataDir = process.env.MOFU_E2E_DATA_DIR ?? ''
  const db = new SQLite(path.join(dataDir, 'mofu.db'), { readonly: true })
  try {
    return db.prepare('select path, views from page_view_counts where path = ?').all(pagePath)
  } finally {
    db.close()
  }
}

test('a page view is counted on each route change, not on query-only changes', async ({ page }) => {
  const marker = `/articles/page-view-${Date.now()}-${Math.random().toString(36).slice(2)}`
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events/page-view')) {
      sent.push((JSON.parse(request.postData() ?? '{}') as { path: string }).path)
    }
  })
  await page.goto(marker)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const sidebar = page.getByRole('navigation', { name: 'Sections' })
  await sidebar.getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.getByRole('button', { name: 'Open account panel' }).click()
  await expect(page).toHaveURL(/account=true/)
  await expect(page.getByRole('dialog', { name: 'ACCoUNT' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/$/)
  await sidebar.getByRole('link', { name: 'SeeME' }).click()
  await expect(page).toHaveURL(/\/seeme$/)
  // A later route change: once its page view is out, one for the panel would be out before it.
  await sidebar.getByRole('link', { name: 'Shop' }).click()
  await expect(page).toHaveURL(/\/shop$/)

  await expect.poll(() => sent).toEqual([marker, '/', '/seeme', '/shop'])
  await expect.poll(() => pageViewCounts(marker)).toEqual([{ path: marker, views: 1 }])
})

test('page views carry no cookie, and no third-party script loads without GA_MEASUREMENT_ID', async ({
  page,
  context,
  baseURL,
}) => {
  const origins = new Set<string>()
  const pageViews: Request[] = []
  context.on('request', (request) => {
    origins.add(new URL(request.url()).origin)
    if (request.url().endsWith('/api/events/page-view')) pageViews.push(request)
  })
  await context.addCookies([{ name: 'darkMode', value: 'true', url: baseURL ?? '' }])
  const home = await page.goto('/')
  // The cookie is there to be sent: the page's own request carries it.
  expect(await home?.request().headerValue('cookie')).toContain('darkMode=true')
  // The home page's view is sent once the app runs; a link clicked before that loads a new page.
  await expect.poll(() => pageViews.length).toBe(1)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Shop' })
    .click()
  await expect(page).toHaveURL(/\/shop$/)
  await page.waitForLoadState('networkidle')
  expect([...origins]).toEqual([new URL(baseURL ?? '').origin])
  expect(pageViews.map((request) => new URL(request.url()).pathname)).toEqual([
    '/api/events/page-view',
    '/api/events/page-view',
  ])
  // allHeaders(), not headers(): only the former has the cookie header the browser really sent.
  for (const request of pageViews) {
    expect(await request.allHeaders()).not.toHaveProperty('cookie')
    expect(await request.headerValue('cookie')).toBeNull()
  }
})

test('with GA_MEASUREMENT_ID set, the tag manager loads and receives each page view', async ({
  page,
}) => {
  const server = await startServer({ env: { GA_MEASUREMENT_ID: 'G-MOFUTEST1' } })
  try {
    const tagRequests: string[] = []
    // No network here: stand in for Google's script, which only has to exist for the test.
    await page.route('https://www.googletagmanager.com/**', (route) => {
      tagRequests.push(route.request().url())
      return route.fulfill({ contentType: 'text/javascript', body: '/* gtag stand-in */' })
    })
    await page.goto(`${server.url}/`)
    // The home page's view goes out once the app runs; a link clicked before loads a new page.
    await expect
      .poll(() => page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer?.length ?? 0))
      .toBeGreaterThan(0)
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Shop' })
      .click()
    await expect(page).toHaveURL(/\/shop$/)
    await expect
      .poll(() => tagRequests)
      .toEqual(['https://www.googletagmanager.com/gtag/js?id=G-MOFUTEST1'])
    const pageViews = await page.evaluate(() =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
        .map((entry) => (entry[2] as { page_path: string }).page_path),
    )
    expect(pageViews).toEqual(['/', '/shop'])
  } finally {
    // The page first: its idle prefetches must not run into a server that is gone.
    await page.close()
    await server.dispose()
  }
})
