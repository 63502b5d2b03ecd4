import type { Page } from '@playwright/test'
import { SIDEBAR_LINKS } from '../../src/shared/pages'
import { expect, test } from './fixtures'
import { PAGE_ROUTES } from './routes'

const ALL_ROUTES = PAGE_ROUTES
const FOOTER_HIDDEN = ['/sakuramap', '/favorites', '/shop', '/settings']
const AVATAR_BUTTON = ['/', '/shop', '/favorites', '/settings', '/dim25', '/sakuramap', '/premium']

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sections' })
const menuButton = (page: Page) => page.getByRole('button', { name: /open menu|close menu/i })

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the sidebar is always shown, 14rem wide, with the links of the registry in order', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(sidebar(page)).toBeVisible()
    const box = await sidebar(page).boundingBox()
    expect(box?.x).toBe(0)
    expect(box?.width).toBe(224)
    await expect(sidebar(page).getByRole('listitem')).toHaveText(
      SIDEBAR_LINKS.map(({ label }) => label),
    )
    const main = await page.locator('main').boundingBox()
    expect(main?.x).toBeGreaterThanOrEqual(224)
    await expect(menuButton(page)).toBeHidden()
  })

  test('every route renders a page with one h1', async ({ page }) => {
    for (const route of ALL_ROUTES) {
      const response = await page.goto(route)
      expect(response?.status(), route).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveCount(1)
    }
  })

  test('an unknown path gets the 404 page, with status 404', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError({ url: '/no-such-place', status: 404 })
    const missing = await page.goto('/no-such-place')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page wandered off')
    await expect(page.getByRole('main')).toContainText('there is nothing at /no-such-place')
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Take me home' }),
    ).toHaveAttribute('href', '/')
  })

  test('the footer shows everywhere but on the map, likes, shop and settings', async ({ page }) => {
    for (const route of ALL_ROUTES) {
      await page.goto(route)
      await expect(page.locator('main h1'), route).toBeVisible()
      await expect(page.getByRole('contentinfo'), route).toHaveCount(
        FOOTER_HIDDEN.includes(route) ? 0 : 1,
      )
    }
  })

  test('the footer links go to their pages, Contact in a new tab', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('navigation', { name: 'Footer' })
    const links = footer.getByRole('link')
    await expect(links).toHaveText([
      'About Us',
      'Support',
      'Privacy',
      'Terms',
      'Cookies',
      /Contact/,
    ])
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href')),
    )
    expect(hrefs).toEqual([
      '/master',
      '/premium',
      '/privacy',
      '/terms',
      '/cookies',
      'https://social.example/@mofu',
    ])
    await expect(links.last()).toHaveAttribute('target', '_blank')
    await expect(links.last()).toHaveAttribute('rel', /noopener/)
  })

  test('the map fills the screen beside the sidebar; articles get a reading column', async ({
    page,
  }) => {
    await page.goto('/sakuramap')
    const map = await page.getByRole('main').boundingBox()
    expect(map).toMatchObject({ x: 224, width: 1280 - 224, height: 800 })
    await page.goto('/articles/spring-notes')
    const article = await page.getByRole('main').boundingBox()
    expect(article?.width).toBeLessThanOrEqual(768)
    const center = (article?.x ?? 0) + (article?.width ?? 0) / 2
    expect(Math.abs(center - (224 + (1280 - 224) / 2))).toBeLessThan(2)
  })

  test('the avatar button shows on its routes only, and not while the panel is open', async ({
    page,
  }) => {
    const avatarButton = page.getByRole('button', { name: 'Open account panel' })
    for (const route of ALL_ROUTES) {
      await page.goto(route)
      await expect(page.locator('main h1'), route).toBeVisible()
      await expect(avatarButton, route).toHaveCount(AVATAR_BUTTON.includes(route) ? 1 : 0)
    }
    await page.goto('/shop?account=true')
    await expect(page.getByRole('dialog', { name: 'ACCoUNT' })).toBeVisible()
    await expect(avatarButton).toHaveCount(0)
  })
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the sidebar is a drawer behind a menu button, with a backdrop', async ({ page }) => {
    await page.goto('/')
    await expect(menuButton(page)).toBeVisible()
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar(page)).not.toBeInViewport()
    await expect(page.getByRole('main')).toHaveJSProperty('offsetLeft', 0)

    await menuButton(page).click()
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(sidebar(page)).toBeInViewport()
    await expect(page.getByTestId('drawer-backdrop')).toBeVisible()
    await page.getByTestId('drawer-backdrop').click({ position: { x: 340, y: 400 } })
    await expect(sidebar(page)).not.toBeInViewport()
  })

  test('the drawer keeps focus inside, Esc closes it and focus returns to the menu button', async ({
    page,
  }) => {
    await page.goto('/')
    await menuButton(page).click()
    await expect(sidebar(page).getByRole('link').first()).toBeFocused()
    // More presses than the drawer has stops, forwards and back: focus wraps, never leaves.
    for (const key of [...Array<string>(14).fill('Tab'), ...Array<string>(14).fill('Shift+Tab')]) {
      await page.keyboard.press(key)
      const inside = await page.evaluate(
        () => document.getElementById('sidebar')?.contains(document.activeElement) ?? false,
      )
      // The menu button beside the drawer is its own close control; the page behind is never reached.
      const onMenuButton = await menuButton(page).evaluate(
        (button) => button === document.activeElement,
      )
      expect(inside || onMenuButton, key).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(sidebar(page)).not.toBeInViewport()
    await expect(menuButton(page)).toBeFocused()
  })

  test('a choice in the drawer navigates at once and closes the drawer 500 ms later', async ({
    page,
  }) => {
    await page.goto('/')
    await menuButton(page).click()
    await expect(sidebar(page)).toBeInViewport()
    // Timed inside the page, from the click to the drawer's close, free of test-runner delays.
    await page.evaluate(() => {
      const marks = { clickedAt: 0, closedAt: 0 }
      Object.assign(window, { drawerMarks: marks })
      document.addEventListener('click', () => (marks.clickedAt = performance.now()), true)
      const button = document.querySelector('button[aria-controls="sidebar"]')
      new MutationObserver(() => {
        if (button?.getAttribute('aria-expanded') === 'false') marks.closedAt = performance.now()
      }).observe(button ?? document, { attributes: true })
    })
    await sidebar(page).getByRole('link', { name: 'SeeME' }).click()
    await expect(page).toHaveURL(/\/seeme$/)
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')
    const { clickedAt, closedAt } = await page.evaluate(
      () =>
        (window as unknown as { drawerMarks: { clickedAt: number; closedAt: number } }).drawerMarks,
    )
    expect(closedAt - clickedAt).toBeGreaterThanOrEqual(500)
    // Upper bound loose: a busy machine runs timers late, never early.
    expect(closedAt - clickedAt).toBeLessThan(2_000)
  })

  test('the opening player has no menu button; every other route has one', async ({ page }) => {
    for (const route of ALL_ROUTES) {
      await page.goto(route)
      await expect(page.locator('main h1'), route).toBeVisible()
      await expect(menuButton(page), route).toHaveCount(route.startsWith('/anime/op/') ? 0 : 1)
    }
  })
})

/** SakuraMap's spots and the notes its list gives them (sakuramap-page.tsx). */
const SPOT_NOTES = [
  'Quiet benches for night hanami',
  'Blossoms mirrored in still water',
  'A tunnel of petals along the water',
  'Stone steps and paper lanterns',
]

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`SakuraMap at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('every spot is on the screen, clear of the card, and the list keeps its notes', async ({
      page,
    }) => {
      await page.goto('/sakuramap')
      const card = await page
        .getByRole('heading', { name: 'SakuraMap' })
        .locator('..')
        .boundingBox()
      // The numbered pins: the map's only groups with a number in them.
      const spots = page.locator('main svg g:has(> text)')
      await expect(spots).toHaveCount(4)
      for (const [index, spot] of (await spots.all()).entries()) {
        const box = await spot.boundingBox()
        const where = `spot ${index + 1} at ${JSON.stringify(box)}`
        expect(box, where).not.toBeNull()
        const { x = -1, y = -1, width = 0, height = 0 } = box ?? {}
        expect(x, where).toBeGreaterThanOrEqual(0)
        expect(y, where).toBeGreaterThanOrEqual(0)
        expect(x + width, where).toBeLessThanOrEqual(viewport.width)
        expect(y + height, where).toBeLessThanOrEqual(viewport.height)
        const clear =
          card === null ||
          y + height <= card.y ||
          y >= card.y + card.height ||
          x + width <= card.x ||
          x >= card.x + card.width
        expect(clear, `${where} under the card at ${JSON.stringify(card)}`).toBe(true)
      }
      const list = page.getByRole('list', { name: 'Blossom spots on the sketch' })
      for (const note of SPOT_NOTES) await expect(list.getByText(note)).toBeVisible()
    })
  })
}
