import { SIDEBAR_LINKS } from '../../src/shared/pages'
import { expect, test } from './fixtures'
import { expectCleanHydration, watchHydration } from './hydration'

/**
 * Pages, the heading their prerendered HTML carries (src/client/app/prerender.tsx), and whether
 * its header holds the avatar button (the layout rules in src/shared/routes.ts).
 */
const PAGES = [
  ['/', 'Welcome to Mofu', true],
  ['/settings', 'Settings', true],
  ['/privacy', 'Privacy', false],
] as const

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const [path, heading, avatarButton] of PAGES) {
    test(`${path} paints its sidebar, header and heading from the HTML alone`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      const sidebar = page.getByRole('navigation', { name: 'Sections' })
      // The brand's link home, then the registry's sidebar links.
      await expect(sidebar.getByRole('link')).toHaveText([
        'Mofu',
        ...SIDEBAR_LINKS.map(({ label }) => label),
      ])
      await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Open account panel' })).toHaveCount(
        avatarButton ? 1 : 0,
      )
      await expect(page.getByRole('contentinfo')).toHaveCount(path === '/settings' ? 0 : 1)
    })
  }

  test('the footer links to the configured contact address from the HTML alone', async ({
    page,
  }) => {
    await page.goto('/privacy')
    await expect(page.getByRole('link', { name: /Contact/ })).toHaveAttribute(
      'href',
      'https://social.example/@mofu',
    )
  })

  for (const [missing, shown, requested] of [
    ['/@nobody-here-at-all', '/@nobody-here-at-all', '/@nobody-here-at-all'],
    ['/no-such-place/<b>?x=1', '/no-such-place/%3Cb%3E', '/no-such-place/%3Cb%3E?x=1'],
  ] as const) {
    test(`${missing} reads as a 404 page from the HTML alone`, async ({
      page,
      allowConsoleError,
    }) => {
      allowConsoleError({ url: requested, status: 404 })
      expect((await page.goto(missing))?.status()).toBe(404)
      await expect(page).toHaveTitle('Not found · Mofu')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page wandered off')
      await expect(page.getByRole('main')).toContainText(`nothing at ${shown}.`)
      await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/')
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    })
  }

  test('the page states its title and preloads the heading font', async ({ request }) => {
    const html = await (await request.get('/privacy')).text()
    expect(html).toContain('<title>Privacy · Mofu</title>')
    expect(html).toMatch(
      /<link rel="preload" href="\/assets\/orbitron-[^"]+\.woff2" as="font" type="font\/woff2" crossorigin>/,
    )
  })
})

test.describe('with JavaScript', () => {
  for (const [path, heading] of PAGES) {
    test(`${path} hydrates without a warning and ends as the app renders it`, async ({ page }) => {
      await watchHydration(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      await expectCleanHydration(page)
    })
  }

  test('once hydrated, the app works: a link of the sidebar and a filter answer', async ({
    page,
  }) => {
    await page.goto('/privacy')
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Home' })
      .click()
    await expect(page).toHaveURL(/\/$/)
    await page.getByRole('button', { name: 'Cosy' }).click()
    await expect(page.getByRole('button', { name: 'Cosy' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('stored choices show right after hydration, with no mismatch', async ({ page }) => {
    await watchHydration(page)
    await page.addInitScript(() => {
      window.localStorage.setItem('theme', 'light')
      window.localStorage.setItem('font', 'default')
      window.localStorage.setItem('ui-state', JSON.stringify({ 'home-filter': 'night' }))
    })
    await page.goto('/')
    await expectCleanHydration(page)
    const root = await page.evaluate(() => [...document.documentElement.classList])
    expect(root).toContain('font-default')
    expect(root).not.toContain('dark')
    await expect(page.getByRole('button', { name: 'Night' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.getByText('3 moods', { exact: true })).toBeVisible()
  })

  test('settings show the stored effects once hydrated', async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem('action-settings', JSON.stringify({ hamburgerBounce: false })),
    )
    await page.goto('/settings')
    await expect(page.getByRole('switch', { name: /bounce/i })).not.toBeChecked()
  })

  test('a choice made while the page is still hydrating is not lost', async ({ page }) => {
    // The settings page's own code arrives late, as on a slow network.
    await page.route(/\/assets\/settings-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await route.fallback()
    })
    await page.goto('/settings', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
    await page.getByRole('radio', { name: 'Light', exact: true }).check()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light')
  })

  test('a choice made with the keyboard while the page is still hydrating is not lost', async ({
    page,
  }) => {
    await page.route(/\/assets\/settings-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await route.fallback()
    })
    await page.goto('/settings', { waitUntil: 'commit' })
    const light = page.getByRole('radio', { name: 'Light', exact: true })
    await light.focus()
    await page.keyboard.press('Space')
    const firstEffect = page.getByRole('switch').first()
    await firstEffect.focus()
    await page.keyboard.press('Space')
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await expect(light).toBeChecked()
    await expect(firstEffect).not.toBeChecked()
    await expect(page.locator('html')).not.toHaveAttribute('data-fx', /sidebarHoverEffect/)
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light')
  })

  test('the footer links to the configured contact address once hydrated', async ({ page }) => {
    await page.goto('/privacy')
    await expect(page.getByRole('link', { name: /Contact/ })).toHaveAttribute(
      'href',
      'https://social.example/@mofu',
    )
  })

  test('/?account=true hydrates the home page, then opens the account panel', async ({ page }) => {
    await page.goto('/?account=true')
    await expect(page.getByRole('dialog', { name: 'ACCoUNT' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open account panel' })).toBeHidden()
  })

  test('a path with a part of its own replaces the generic shell with its page', async ({
    page,
  }) => {
    await page.goto('/articles/spring-notes')
    await expect(
      page.getByText(/The article .spring-notes. has not been written yet/),
    ).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  })
})

test.describe('at phone width', () => {
  test.use({ viewport: { width: 412, height: 823 } })

  test('the prerendered page stays in place through hydration: no layout shift', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const record = window as unknown as { layoutShifts: string[] }
      record.layoutShifts = []
      new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
        })[]
        // As CLS counts: what moves within half a second of an input is what the input asked for.
        for (const entry of entries) {
          if (entry.hadRecentInput) continue
          const moved = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
            const what = node instanceof Element ? node.outerHTML.slice(0, 80) : node?.nodeName
            return `${what} from ${from.x},${from.y} ${from.width}x${from.height} to ${to.x},${to.y} ${to.width}x${to.height}`
          })
          record.layoutShifts.push(
            `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`,
          )
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/')
    // The page is hydrated with the view at its top (a click before could scroll it first),
    // Home's part of the catalog has come in after it, and its fonts.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await expect(
      page
        .getByRole('region', { name: /^(Winter|Spring|Summer|Autumn) \d{4}$/ })
        .getByRole('listitem'),
    ).toHaveCount(8, { timeout: 60_000 })
    // Read once what has been laid out is reported: after the fonts, two frames and a task.
    const shifts = await page.evaluate(async () => {
      await document.fonts.ready
      for (let frame = 0; frame < 2; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      await new Promise((resolve) => setTimeout(resolve))
      return (window as unknown as { layoutShifts: string[] }).layoutShifts
    })
    expect(shifts, 'layout shifts').toEqual([])
    // The hydrated page answers: a filter takes effect (what it moves, the click asked for).
    await page.getByRole('button', { name: 'Cosy' }).click()
    await expect(page.getByRole('button', { name: 'Cosy' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('a reader who scrolled before the page hydrated stays where they were', async ({ page }) => {
    await page.route(/\/assets\/privacy-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000))
      await route.fallback()
    })
    await page.goto('/privacy', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy')
    await page.mouse.move(200, 400)
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600)
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    expect(await page.evaluate(() => window.scrollY)).toBe(600)
  })
})
