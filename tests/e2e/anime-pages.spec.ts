import type { APIRequestContext, Page } from '@playwright/test'
import { logIn, newEmail, panel, verifiedAccount } from './account-helpers'
import { blockingViolations, COLOUR_RULES } from './axe'
import { expect, test } from './fixtures'
import { expectCleanHydration, watchHydration } from './hydration'

/** 葬送のフリーレン: three translations, a weekly slot, an official site and where to watch. */
const FRIEREN = '/anime/bgm-400602'

/**
 * The built server loads the shipped catalog after it starts: wait until it has the title (a
 * request cut as the server closes an idle connection is asked again).
 */
async function catalogReady(request: APIRequestContext) {
  await expect
    .poll(async () => (await request.get(`/api${FRIEREN}`).catch(() => undefined))?.status() ?? 0, {
      timeout: 60_000,
    })
    .toBe(200)
}

test.beforeAll(async ({ request }) => {
  await catalogReady(request)
})

// Friday 23:00 in Japan is Friday 15:00 in London in late September (summer time).
test.use({ timezoneId: 'Europe/London' })

/** The layout shifts of the page so far, as Chromium reports them (CLS adds these up). */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            total += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 500)
      }),
  )

test('a title page from search: every title, the slot in the viewer’s zone, its links', async ({
  page,
}) => {
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await page.getByRole('combobox', { name: 'Search anime' }).fill('frieren')
  const results = page.getByRole('grid', { name: 'Search results' })
  await results.getByRole('link', { name: /葬送のフリーレン/ }).click()
  await expect(page).toHaveURL(FRIEREN)

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('葬送のフリーレン')
  await expect(page).toHaveTitle("葬送のフリーレン (Frieren: Beyond the Journey's End) · Mofu")
  const facts = page.getByRole('region', { name: 'About this title' })
  await expect(facts).toContainText('Summer 2023')
  await expect(facts).toContainText('29 September 2023')
  await expect(facts).toContainText('葬送的芙莉莲')
  await expect(facts).toContainText('葬送的芙莉蓮')
  await expect(facts).toContainText('Fridays at 15:00')
  await expect(facts).toContainText('Your time (Europe/London)')

  const links = page.getByRole('region', { name: 'Links' }).getByRole('link')
  await expect(page.getByRole('link', { name: 'Official site' })).toHaveAttribute(
    'href',
    'https://frieren-anime.jp/',
  )
  expect(await links.count()).toBeGreaterThan(2)
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(link).toHaveAttribute('href', /^https?:\/\//)
  }

  // The season links to the browse page at that season (September is summer's last month).
  await facts.getByRole('link', { name: 'Summer 2023' }).click()
  await expect(page).toHaveURL('/anime?year=2023&season=summer')
  await expect(page.getByRole('heading', { level: 2, name: 'Summer 2023' })).toBeVisible()
})

test('the server draws a title page with its preview tags; the browser hydrates it as drawn', async ({
  page,
  request,
}) => {
  const answer = await request.get(FRIEREN, { headers: { Accept: 'text/html' } })
  expect(answer.status()).toBe(200)
  const html = await answer.text()
  // Drawn in Japan's time; the viewer's zone comes after hydration.
  expect(html).toContain('Fridays at 23:00')
  expect(html).toContain('<h1 lang="ja"')

  await watchHydration(page)
  await page.goto(FRIEREN)
  const meta = (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`)
  await expect(meta('og:title')).toHaveAttribute(
    'content',
    "葬送のフリーレン (Frieren: Beyond the Journey's End)",
  )
  await expect(meta('og:description')).toHaveAttribute(
    'content',
    /^TV anime, Summer 2023\. (No one|\d+ (person|people)) on this Mofu/,
  )
  await expect(meta('og:url')).toHaveAttribute('content', new RegExp(`${FRIEREN}$`))
  await expect(meta('twitter:card')).toHaveAttribute('content', 'summary')
  await expect(meta('description')).toHaveAttribute('content', /^TV anime, Summer 2023\./)
  await expectCleanHydration(page)
  await expect(page.getByText('Your time (Europe/London)')).toBeVisible()
  expect(await layoutShifts(page)).toBe(0)

  // In Japanese, from the server too.
  const ja = await request.get(FRIEREN, {
    headers: { Accept: 'text/html', 'Accept-Language': 'ja' },
  })
  const jaHtml = await ja.text()
  expect(jaHtml).toContain('2023年夏のTVアニメ。')
  expect(jaHtml).toContain('毎週金曜23:00')
})

test('an unknown or malformed id answers 404 with the not-found page, from the server', async ({
  request,
}) => {
  for (const path of ['/anime/bgm-1', '/anime/not%20an%20id', '/anime/%3Cscript%3E']) {
    const answer = await request.get(path, { headers: { Accept: 'text/html' } })
    expect(answer.status(), path).toBe(404)
    expect(await answer.text()).toContain('<title>Not found · Mofu</title>')
  }
  // The opening player's pages stay theirs.
  expect((await request.get('/anime/op/first-light')).status()).toBe(200)
})

test('signed out, a title page’s heart asks for a sign-in and lands after it, counted', async ({
  page,
  baseURL,
}) => {
  const email = newEmail('title-heart')
  await verifiedAccount(page.request, baseURL ?? '', email)
  await page.context().clearCookies()
  await page.goto(FRIEREN)
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const before = Number(
    (await page.getByText(/on this Mofu like/).textContent())?.match(/\d+/)?.[0] ?? 0,
  )
  const heart = page.getByRole('button', { name: /^Like Frieren/ })
  await heart.click()
  await expect(panel(page)).toBeVisible()
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
  await panel(page).getByRole('button', { name: 'Close account panel' }).first().click()
  await expect(page.getByRole('button', { name: /^Remove Frieren/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByText(/on this Mofu likes? it/)).toContainText(
    before === 0 ? '1 person' : `${before + 1} people`,
  )
})

test('/anime browses by season, year and type, a page at a time, signed out', async ({ page }) => {
  await page.goto('/anime')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    /^(Winter|Spring|Summer|Autumn) \d{4}$/,
  )
  const form = page.getByRole('form', { name: 'Choose a season' })
  await form.getByLabel('Season').selectOption('winter')
  await form.getByLabel('Year').selectOption('2018')
  await form.getByLabel('Type').selectOption('tv')
  await form.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL('/anime?year=2018&season=winter&type=tv')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Winter 2018')
  const cards = page.getByRole('region', { name: 'Winter 2018' }).getByRole('listitem')
  await expect(cards).toHaveCount(24)
  await expect(cards.first()).toContainText('TV · 2018')
  // Page after page until the title shows, each adding to the list.
  const violet = cards.filter({ hasText: 'VIOLET EVERGARDEN' })
  for (let shown = 24; (await violet.count()) === 0; shown = await cards.count()) {
    await page.getByRole('button', { name: 'Show more' }).click()
    await expect.poll(() => cards.count()).toBeGreaterThan(shown)
  }
  await expect(violet).toHaveCount(1)

  await form.getByLabel('Type').selectOption('movie')
  await form.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL('/anime?year=2018&season=winter&type=movie')
  await expect(cards.filter({ hasText: 'VIOLET EVERGARDEN' })).toHaveCount(0)
  await expect(cards.first()).toContainText('Movie · 2018')

  await cards.first().getByRole('link').click()
  await expect(page).toHaveURL(/\/anime\/[a-z]+-\w+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('Home names the newest season and hearts a title in its row', async ({ page, baseURL }) => {
  await verifiedAccount(page.request, baseURL ?? '', newEmail('home-row'))
  await page.goto('/')
  const row = page.getByRole('region', { name: /^(Winter|Spring|Summer|Autumn) \d{4}$/ })
  await expect(row.getByRole('listitem')).toHaveCount(8)
  const heart = row
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Like / })
  await heart.click()
  await expect(
    row
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Remove / }),
  ).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(
    row
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Remove / }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('combobox', { name: 'Search anime' })).toBeVisible()
})

test.describe('in both themes', () => {
  test.use({ colorScheme: 'dark' })
  for (const path of [FRIEREN, '/anime', '/anime?year=2018&season=winter']) {
    test(`axe finds nothing serious on ${path}, dark and light`, async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('theme', 'system'))
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
      await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      expect(await blockingViolations(page), 'dark').toEqual([])
      await page.emulateMedia({ colorScheme: 'light' })
      await expect(page.locator('html')).toHaveClass(/^(?!.*\bdark\b)/)
      expect(await blockingViolations(page, { rules: COLOUR_RULES }), 'light').toEqual([])
    })
  }
})

test('in Japanese, a phone shows a title page and the browse page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.addInitScript(() => window.localStorage.setItem('language', 'ja'))
  await page.goto(FRIEREN)
  await expect(page.getByRole('region', { name: 'このタイトルについて' })).toContainText(
    '2023年9月29日',
  )
  await expect(page.getByRole('region', { name: 'このタイトルについて' })).toContainText(
    '毎週金曜15:00',
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.goto('/anime?year=2018&season=winter')
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('2018年冬')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
