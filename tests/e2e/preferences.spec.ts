import type { BrowserContext, Page } from '@playwright/test'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'
import { switchOff } from './switches'

const EFFECTS = [
  'sidebarHoverEffect',
  'hamburgerBounce',
  'dragParticleEffect',
  'folderOpenEffect',
  'filterJumpEffect',
  'fullStatePersistence',
]
const EFFECT_LABELS = [
  'Sidebar hover',
  'Menu-button bounce',
  'Drag particles',
  'Folder open',
  'Filter jump',
  'Full-state persistence',
]

const rootClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList])
const storage = (page: Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), key)
async function darkModeCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'darkMode')
}

test('first visit: dark mode, Orbitron and every effect on; the cookie lasts 365 days', async ({
  page,
  context,
}) => {
  await page.goto('/')
  expect(await rootClasses(page)).toEqual(expect.arrayContaining(['dark', 'font-orbitron']))
  expect(await page.evaluate(() => document.documentElement.dataset.fx?.split(' '))).toEqual(
    EFFECTS,
  )
  const cookie = await darkModeCookie(context)
  expect(cookie?.value).toBe('true')
  expect(cookie?.sameSite).toBe('Lax')
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(364.9)
  expect(days).toBeLessThanOrEqual(365)
  const headingFont = await page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => getComputedStyle(heading).fontFamily)
  expect(headingFont).toContain('Orbitron')
})

test('theme: Light and Dark set the class, the cookie and the key, and survive a reload', async ({
  page,
  context,
}) => {
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Light', exact: true }).check()
  expect(await rootClasses(page)).not.toContain('dark')
  expect((await darkModeCookie(context))?.value).toBe('false')
  expect(await storage(page, 'theme')).toBe('light')
  await page.reload()
  expect(await rootClasses(page)).not.toContain('dark')
  await expect(page.getByRole('radio', { name: 'Light', exact: true })).toBeChecked()

  await page.getByRole('radio', { name: 'Dark', exact: true }).check()
  expect(await rootClasses(page)).toContain('dark')
  expect((await darkModeCookie(context))?.value).toBe('true')
  expect(await storage(page, 'theme')).toBe('dark')
})

test('theme System follows the device colour scheme live', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/settings')
  await page
    .getByRole('group', { name: 'Theme' })
    .getByRole('radio', { name: 'System', exact: true })
    .check()
  expect(await storage(page, 'theme')).toBe('system')
  expect(await rootClasses(page)).not.toContain('dark')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => rootClasses(page)).toContain('dark')
  expect((await darkModeCookie(context))?.value).toBe('true')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => rootClasses(page)).not.toContain('dark')
  expect((await darkModeCookie(context))?.value).toBe('false')
})

test('with no theme chosen, the darkMode cookie decides', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'darkMode', value: 'false', url: baseURL ?? '' }])
  await page.goto('/settings')
  expect(await rootClasses(page)).not.toContain('dark')
  await expect(page.getByRole('radio', { name: 'Light', exact: true })).toBeChecked()
})

test('font: Default swaps the class and the headings, and survives a reload', async ({ page }) => {
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Default', exact: true }).check()
  expect(await storage(page, 'font')).toBe('default')
  await page.reload()
  const classes = await rootClasses(page)
  expect(classes).toContain('font-default')
  expect(classes).not.toContain('font-orbitron')
  const headingFont = await page
    .getByRole('heading', { level: 1 })
    .evaluate((heading) => getComputedStyle(heading).fontFamily)
  expect(headingFont).not.toContain('Orbitron')
})

test('preferences apply before the app script runs (no flash)', async ({
  page,
  context,
  allowConsoleError,
}) => {
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Light', exact: true }).check()
  await page.getByRole('radio', { name: 'Default', exact: true }).check()
  // Without any of the app's JavaScript, only the inline pre-paint script can set the classes.
  // Each script refused here is the one failed load its console line may report.
  const bare = await context.newPage()
  await bare.route(/\/assets\/.*\.js$/, (route) => {
    allowConsoleError({ url: new URL(route.request().url()).pathname })
    return route.abort()
  })
  await bare.goto('/settings', { waitUntil: 'domcontentloaded' })
  const classes = await rootClasses(bare)
  expect(classes).toContain('font-default')
  expect(classes).not.toContain('dark')
})

test('each effect is listed in Settings and toggled by name, surviving a reload', async ({
  page,
}) => {
  await page.goto('/settings')
  const switches = page.getByRole('switch')
  await expect(switches).toHaveCount(6)
  for (const [index, label] of EFFECT_LABELS.entries()) {
    const name = EFFECTS[index] ?? ''
    const toggle = page.getByRole('switch', { name: new RegExp(label) })
    await expect(toggle).toBeChecked()
    await switchOff(page, new RegExp(label))
    const stored = JSON.parse((await storage(page, 'action-settings')) ?? '{}') as Record<
      string,
      boolean
    >
    expect(stored[name]).toBe(false)
    expect(await page.evaluate(() => document.documentElement.dataset.fx)).not.toContain(name)
  }
  await page.reload()
  for (const label of EFFECT_LABELS) {
    await expect(page.getByRole('switch', { name: new RegExp(label) })).not.toBeChecked()
  }
  expect(await page.evaluate(() => document.documentElement.dataset.fx)).toBe('')
})

test('unreadable stored values fall back to the defaults without an error', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'darkMode', value: 'maybe', url: baseURL ?? '' }])
  await page.addInitScript(() => {
    window.localStorage.setItem('font', 'comic-sans')
    window.localStorage.setItem('theme', 'purple')
    window.localStorage.setItem('action-settings', '{not json')
  })
  await page.goto('/settings')
  expect(await rootClasses(page)).toEqual(expect.arrayContaining(['dark', 'font-orbitron']))
  await expect(page.getByRole('switch')).toHaveCount(6)
  for (const toggle of await page.getByRole('switch').all()) await expect(toggle).toBeChecked()

  // A tab of its own: this page's init script would put the broken values back on reload.
  const other = await context.newPage()
  await other.goto('/settings')
  await other.evaluate(() =>
    window.localStorage.setItem(
      'action-settings',
      JSON.stringify({ hamburgerBounce: 'yes', filterJumpEffect: false, extra: 1 }),
    ),
  )
  await other.reload()
  const fx = await other.evaluate(() => document.documentElement.dataset.fx?.split(' '))
  expect(fx).toEqual(EFFECTS.filter((name) => name !== 'filterJumpEffect'))
})

test.describe('effects do something visible, and nothing under reduced motion', () => {
  const animationOf = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).animationName)

  test('folder open animates the account panel', async ({ page }) => {
    await page.goto('/?account=true')
    expect(await animationOf(page, '.fx-folder-open')).toBe('fx-folder-open')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await animationOf(page, '.fx-folder-open')).toBe('none')
  })

  test('filter jump hops the chosen chip; off, it does not', async ({ page }) => {
    await page.goto('/')
    const chip = page.locator('.fx-filter-jump[aria-pressed="false"]').first()
    await chip.click()
    expect(await animationOf(page, '.fx-filter-jump[aria-pressed="true"]')).toBe('fx-jump')
    await page.evaluate(() =>
      window.localStorage.setItem('action-settings', JSON.stringify({ filterJumpEffect: false })),
    )
    await page.reload()
    expect(await animationOf(page, '.fx-filter-jump[aria-pressed="true"]')).toBe('none')
  })

  test('sidebar hover moves the link under the pointer', async ({ page }) => {
    await page.goto('/')
    const link = page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Shop' })
    await link.hover()
    await expect
      .poll(() => link.evaluate((element) => getComputedStyle(element).transform))
      .not.toBe('none')
  })

  test('menu-button bounce plays on tap at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    expect(await animationOf(page, 'button[aria-controls="sidebar"] svg')).toBe('fx-bounce')
  })

  test('drag particles draw while dragging, and are gone under reduced motion', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByTestId('drag-particles')).toHaveCount(1)
    // Particles draw on animation frames, and their code starts once the app runs: drag again
    // until they show, as a person would see them on a later drag.
    await expect
      .poll(async () => {
        await page.mouse.move(400, 300)
        await page.mouse.down()
        await page.mouse.move(600, 400, { steps: 10 })
        const painted = await page.getByTestId('drag-particles').evaluate((canvas) => {
          const context = (canvas as HTMLCanvasElement).getContext('2d')
          const { width, height } = canvas as HTMLCanvasElement
          const pixels = context?.getImageData(0, 0, width, height).data ?? []
          return pixels.some((value, index) => index % 4 === 3 && value > 0)
        })
        await page.mouse.up()
        return painted
      })
      .toBe(true)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await expect(page.getByTestId('drag-particles')).toHaveCount(0)
  })

  test('full-state persistence keeps the Home filter across reloads only while on', async ({
    page,
  }) => {
    await page.goto('/')
    const chips = page.locator('.fx-filter-jump')
    await chips.nth(1).click()
    const chosen = await chips.nth(1).textContent()
    await page.reload()
    await expect(page.locator('.fx-filter-jump[aria-pressed="true"]')).toHaveText(chosen ?? '')
    expect(await storage(page, 'ui-state')).not.toBeNull()

    await page.goto('/settings')
    await switchOff(page, /Full-state persistence/)
    expect(await storage(page, 'ui-state')).toBeNull()
    await page.goto('/')
    await expect(page.locator('.fx-filter-jump[aria-pressed="true"]')).toHaveText(
      (await chips.first().textContent()) ?? '',
    )
  })
})

/** Waits for the account to have kept what the browser chose (one PATCH per choice). */
const keptWithAccount = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/me/profile') &&
      response.request().method() === 'PATCH' &&
      response.ok(),
  )

test('signed in, preferences follow the account to another browser', async ({
  page,
  browser,
  request,
  baseURL,
  extraHTTPHeaders,
}) => {
  const email = newEmail('prefs')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

  await page.goto('/settings')
  let kept = keptWithAccount(page)
  await page.getByRole('radio', { name: 'Light', exact: true }).check()
  await kept
  kept = keptWithAccount(page)
  await page.getByRole('radio', { name: 'Default', exact: true }).check()
  await kept
  kept = keptWithAccount(page)
  await switchOff(page, 'Drag particles')
  await kept

  // Another browser, with its own choices made while signed out.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders })
  const second = await other.newPage()
  await second.goto('/settings')
  await second.getByRole('radio', { name: 'Dark', exact: true }).check()
  await openPanel(second)
  await logIn(second, email)
  await expect(panel(second).locator('[data-state="signed-in"]')).toBeVisible()
  await expect(second.locator('html')).toHaveClass(/font-default/)
  expect(await rootClasses(second)).not.toContain('dark')
  expect(await second.evaluate(() => document.documentElement.dataset.fx?.split(' '))).toEqual(
    EFFECTS.filter((name) => name !== 'dragParticleEffect'),
  )
  expect(await storage(second, 'theme')).toBe('light')
  await second.goto('/settings')
  await expect(second.getByRole('radio', { name: 'Light', exact: true })).toBeChecked()
  await expect(second.getByRole('switch', { name: 'Drag particles' })).not.toBeChecked()
  await other.close()
})

test('signed out, a choice stays in the browser and never reaches the account', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('prefs-out')
  await verifiedAccount(request, baseURL ?? '', email)
  const chosen = { theme: 'light', font: 'default' }
  expect(
    (
      await request.patch('/api/me/profile', {
        data: { preferences: chosen },
        headers: { Origin: baseURL ?? '' },
      })
    ).status(),
  ).toBe(200)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

  await panel(page).getByRole('button', { name: 'Log out' }).click()
  await panel(page).getByRole('button', { name: 'ログアウト' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  const saves: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && new URL(sent.url()).pathname === '/api/me/profile') {
      saves.push(sent.postData() ?? '')
    }
  })
  await page.goto('/settings')
  await switchOff(page, 'Folder open')
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Folder open' })).not.toBeChecked()
  expect(saves, 'saves sent after logging out').toEqual([])
  expect((await page.request.get('/api/me/profile')).status()).toBe(401)
  expect(await (await request.get('/api/me/profile')).json()).toMatchObject({ preferences: chosen })
})

test('after log-out clears local storage, Settings shows the defaults and keeps them', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/settings')
  const hover = page.getByRole('switch', { name: /Sidebar hover/ })
  await switchOff(page, /Sidebar hover/)

  await page.goto('/settings?account=true')
  const email = newEmail('prefs')
  await verifiedAccount(request, baseURL ?? '', email)
  await logIn(page, email)
  await panel(page).getByRole('button', { name: 'Log out' }).click()
  await panel(page).getByRole('button', { name: 'ログアウト' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel(page)).toBeHidden()

  await expect(hover).toBeChecked()
  await switchOff(page, /Filter jump/)
  const stored = await page.evaluate(() => window.localStorage.getItem('action-settings'))
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    sidebarHoverEffect: true,
    filterJumpEffect: false,
  })
})
