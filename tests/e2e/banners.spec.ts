import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { panel, signedInOnPage } from './account-helpers'
import { blockingViolations } from './axe'
import { expect, test } from './fixtures'
import { watchHydration } from './hydration'
import { CORNER, distanceAt, markedCorner, notPictures } from './pictures'

/**
 * The profile banner (docs/using.md "Banners"): chosen from a file, cropped to 3:1 in the crop
 * dialog by keyboard, uploaded and stored as the part of the picture the keys chose, shown on
 * /@handle as the server drew it, and removed.
 */

/** Width over height of what a locator shows. */
async function aspectOf(shown: Locator) {
  const box = await shown.boundingBox()
  expect(box).not.toBeNull()
  return (box?.width ?? 0) / (box?.height ?? 1)
}

const naturalWidth = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))

/** What watchHydration saw: the end of hydration, and the prerendered nodes replaced before it. */
const hydrationOf = (page: Page) =>
  page.evaluate(() => {
    const watched = window as { hydration?: string; replacedBeforeHydration?: string[] }
    return { hydration: watched.hydration, replaced: watched.replacedBeforeHydration }
  })

/** Holds `key` down for `repeats` key strokes, as a person holding it does, then lets it go. */
async function hold(page: Page, key: string, repeats: number) {
  for (let stroke = 0; stroke < repeats; stroke++) await page.keyboard.down(key)
  await page.keyboard.up(key)
}

/** Presses Tab until `target` has the focus (at most 40 times): reachable by keyboard. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('Tab never reached the element')
}

test('a banner chosen, cropped to 3:1 by keyboard, shown on /@handle without JavaScript, and removed', async ({
  page,
  request,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  // Listened for from the start: Playwright takes over the page's file pickers once a listener
  // is there, and one opened before that would be the browser's own.
  const chooser = page.waitForEvent('filechooser')
  await signedInOnPage(page, request, baseURL ?? '', 'banner')
  const handle = `banner${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const named = await page.request.patch('/api/me/profile', {
    data: { name: 'Banner Fan', handle },
    headers: { Origin: baseURL ?? '' },
  })
  expect(named.status()).toBe(200)
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const banner = panel(page).getByRole('region', { name: 'Banner' })
  await expect(banner).toContainText('No banner yet')

  // A file picker closed without a choice sends its input a `cancel` that bubbles: the account
  // panel around it stays open.
  await banner.getByTestId('banner-file-input').dispatchEvent('cancel')
  await expect(banner).toBeVisible()

  // The file picker, opened from the keyboard.
  const browse = banner.getByRole('button', { name: 'Browse Files for banner' })
  await tabTo(page, browse)
  await page.keyboard.press('Enter')
  await (await chooser).setFiles(await markedCorner())

  const crop = page.getByRole('dialog', { name: 'Crop your banner' })
  await expect(crop).toBeVisible()
  // The crop area is 3:1 and takes the arrow keys; zoom and OK are reached with Tab.
  const area = crop.getByRole('group', { name: 'Crop area: move the picture with the arrow keys' })
  await expect(area).toBeVisible()
  expect(await aspectOf(area)).toBeCloseTo(3, 1)
  expect(await blockingViolations(page)).toEqual([])
  // Zoomed twice (the slider's arrow keys, a hundredth a stroke), then the picture pushed left
  // and up as far as it goes: the crop holds the picture's bottom-right corner alone. A stroke
  // moves it a pixel of the crop area, and at zoom 2 it has half the area's width to go each way;
  // the cropper stops it at the edge.
  const zoom = crop.getByRole('slider', { name: 'Zoom' })
  await tabTo(page, zoom)
  await hold(page, 'ArrowRight', 100)
  await expect(zoom).toHaveValue('2')
  await tabTo(page, area)
  const strokes = Math.ceil(((await area.boundingBox())?.width ?? 0) / 2) + 10
  await hold(page, 'ArrowLeft', strokes)
  await hold(page, 'ArrowUp', strokes)
  await tabTo(page, crop.getByRole('button', { name: 'OK' }))
  await page.keyboard.press('Enter')
  await expect(crop).toHaveCount(0)

  const preview = banner.getByTestId('banner-image')
  await expect(preview).toHaveAttribute('src', /\/media\/banners\/[\w-]+\?v=[0-9a-f]{16}$/)
  await expect.poll(() => naturalWidth(preview)).toBeGreaterThan(0)
  const src = (await preview.getAttribute('src')) ?? ''
  const stored = await (await page.request.get(src)).body()
  expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 1500, height: 500 })
  // What the keyboard chose, corner to corner: the uncropped picture, its centre or a crop that
  // missed the zoom or a move would show the sky.
  for (const at of [
    { left: 10, top: 10 },
    { left: 1489, top: 10 },
    { left: 750, top: 250 },
    { left: 10, top: 489 },
    { left: 1489, top: 489 },
  ]) {
    expect(await distanceAt(stored, at, CORNER), `at ${at.left}, ${at.top}`).toBeLessThan(24)
  }

  // Without JavaScript, the server's page holds the banner, a 3:1 picture that loads.
  const noScript = await browser.newContext({ baseURL, extraHTTPHeaders, javaScriptEnabled: false })
  const reader = await noScript.newPage()
  expect((await reader.goto(`/@${handle}`))?.status()).toBe(200)
  const shown = reader.locator('picture').filter({ has: reader.getByTestId('banner-image') })
  await expect(shown.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /^\S+\/media\/banners\/[\w-]+\/600\.avif\?v=[0-9a-f]{16} 600w, \S+\/1200\.avif\S+ 1200w$/,
  )
  await expect(shown.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /1200\.webp\S+ 1200w$/,
  )
  // The page's largest picture: its head asks for it before the app's scripts and styles.
  const firstRequest = reader
    .locator('head > :is(link[rel="preload"], link[rel="stylesheet"], script[src])')
    .first()
  await expect(firstRequest).toHaveAttribute('imagesrcset', /1200\.avif\S+ 1200w$/)
  await expect(firstRequest).toHaveAttribute('fetchpriority', 'high')
  const image = shown.getByTestId('banner-image')
  await expect(image).toHaveAttribute('alt', '')
  await expect.poll(() => naturalWidth(image)).toBeGreaterThan(0)
  expect(await aspectOf(image)).toBeCloseTo(3, 1)

  // With JavaScript, the page the server drew with the banner hydrates without a node replaced.
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders })
  const visitor = await elsewhere.newPage()
  await watchHydration(visitor)
  await visitor.goto(`/@${handle}`)
  await expect(visitor.locator('#root')).not.toHaveAttribute('data-prerendered')
  expect(await hydrationOf(visitor)).toEqual({ hydration: 'hydrated', replaced: [] })
  await expect.poll(() => naturalWidth(visitor.getByTestId('banner-image'))).toBeGreaterThan(0)
  // It painted before it asked for a script of the app: the banner had the connection alone.
  const { painted, scripts } = await visitor.evaluate(() => ({
    painted: performance.getEntriesByName('first-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter(({ name }) => /\/assets\/[^/]+\.js$/.test(name))
      .map(({ name, startTime }) => ({ name, startTime })),
  }))
  expect(painted).toBeGreaterThan(0)
  expect(scripts).not.toEqual([])
  for (const script of scripts) {
    expect(script.startTime, `${script.name} asked for before the first paint`).toBeGreaterThan(
      painted ?? Infinity,
    )
  }
  await elsewhere.close()

  // Removed: gone from the view, the profile, and the page.
  await banner.getByRole('button', { name: 'Remove banner' }).click()
  await expect(banner).toContainText('No banner yet')
  const profile = await page.request.get('/api/me/profile')
  expect(await profile.json()).toMatchObject({ banner: '', bannerThumbhash: '' })
  expect((await page.request.get(src)).status()).toBe(404)
  await reader.reload()
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Banner Fan')
  await expect(reader.getByTestId('banner-image')).toHaveCount(0)
  await noScript.close()
})

test('a file that is not a picture says which to choose, opens no crop and leaves the banner', async ({
  page,
  request,
  baseURL,
}) => {
  await signedInOnPage(page, request, baseURL ?? '', 'banner-not-picture')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const banner = panel(page).getByRole('region', { name: 'Banner' })
  for (const [index, file] of (await notPictures()).entries()) {
    const chooser = page.waitForEvent('filechooser')
    await banner
      .getByRole('button', {
        name: index === 0 ? 'Choose banner from Library' : 'Browse Files for banner',
      })
      .click()
    await (await chooser).setFiles(file)
    await expect(banner.getByRole('alert')).toHaveText('Choose a JPEG, PNG or WebP image.')
    await expect(page.getByRole('dialog', { name: 'Crop your banner' })).toHaveCount(0)
    await expect(banner).toContainText('No banner yet')
  }
  const profile = await page.request.get('/api/me/profile')
  expect(await profile.json()).toMatchObject({ banner: '' })
})

test('the banner’s buttons and the avatar menu’s items each say what they change', async ({
  page,
  request,
  baseURL,
}) => {
  await signedInOnPage(page, request, baseURL ?? '', 'banner-names')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const banner = panel(page).getByRole('region', { name: 'Banner' })
  await expect(banner.getByRole('button', { name: 'Choose banner from Library' })).toBeVisible()
  await expect(banner.getByRole('button', { name: 'Browse Files for banner' })).toBeVisible()
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  for (const name of ['Choose from Library', 'Browse Files']) {
    await expect(panel(page).getByRole('menuitem', { name, exact: true })).toHaveCount(1)
    await expect(panel(page).getByRole('button', { name, exact: true })).toHaveCount(0)
  }
})
