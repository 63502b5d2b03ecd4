import type { APIRequestContext, Page } from '@playwright/test'
import { photoLikeJpeg } from '../../bench/images'
import { avatarBytesPerWidget, loaded } from '../support/avatar-bytes'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'

/** The avatar bytes goal: what the signed-in panel and the top-right button download together. */
const AVATAR_BYTES_BUDGET = 15 * 1024

/** The default Mofu in the button, at 2x: a tenth of the 23 KB PNG. */
const DEFAULT_AVATAR_BUTTON_BYTES = 3 * 1024

test.use({ deviceScaleFactor: 2 })

/** A signed-in user with a photo-like 1080 px avatar, uploaded over the API. */
async function userWithAvatar(page: Page, request: APIRequestContext, baseURL: string) {
  const email = newEmail('sizes')
  await verifiedAccount(request, baseURL, email)
  await openPanel(page)
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
  const upload = await page.request.put('/api/me/avatar', {
    data: await photoLikeJpeg(1080, 1080),
    headers: { 'Content-Type': 'image/jpeg', Origin: baseURL },
  })
  expect(upload.status()).toBe(200)
}

test('on a 2x screen the panel and the button download at most 15 KB of avatar, as AVIF renditions', async ({
  page,
  request,
  baseURL,
}) => {
  await userWithAvatar(page, request, baseURL ?? '')
  const widgets = await avatarBytesPerWidget(page)
  const urls = widgets.flatMap((widget) => widget.urls)
  // The 40 px button at 2x takes the 96 px rendition, the panel's 96 px avatar the 192 px one.
  expect(widgets.map((widget) => widget.urls.map((url) => new URL(url).pathname))).toEqual([
    [expect.stringMatching(/\/96\.avif$/)],
    [expect.stringMatching(/\/192\.avif$/)],
  ])
  expect(urls.every((url) => /\?v=[0-9a-f]{16}$/.test(url))).toBe(true)
  const total = widgets.reduce((sum, widget) => sum + widget.bytes, 0)
  expect(total).toBeGreaterThan(0)
  expect(total).toBeLessThanOrEqual(AVATAR_BYTES_BUDGET)
})

test('a visitor without an avatar gets the default Mofu sized for the button: its 96 px AVIF, not the 512 px PNG', async ({
  page,
}) => {
  const fetched: { path: string; bytes: Promise<number> }[] = []
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (path.startsWith('/images/mofurun')) {
      fetched.push({ path, bytes: response.body().then((body) => body.length) })
    }
  })
  await page.goto('/')
  const image = page.getByRole('button', { name: 'Open account panel' }).getByTestId('avatar-image')
  const shown = await loaded(image)
  // The 40 px button at 2x takes the 96 px rendition; the PNG stays the image's src.
  expect(new URL(shown).pathname).toBe('/images/mofurun/96.avif')
  await expect(image).toHaveAttribute('src', '/images/mofurun.png')
  expect(fetched.map(({ path }) => path)).toEqual(['/images/mofurun/96.avif'])
  expect(await fetched[0]?.bytes).toBeLessThanOrEqual(DEFAULT_AVATAR_BUTTON_BYTES)
})

test('the thumbhash is painted while the avatar loads, then the image covers it', async ({
  page,
  request,
  baseURL,
}) => {
  await userWithAvatar(page, request, baseURL ?? '')
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/media\/avatars\/[^/]+\/\d+\.avif/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/?account=true')
  const image = panel(page).getByRole('img', { name: 'Your avatar' })
  const circle = image.locator('xpath=ancestor::span[1]')
  await expect(circle).toHaveCSS('background-image', /^url\("data:image\/png;base64,/)
  expect(await image.evaluate((element: HTMLImageElement) => element.complete)).toBe(false)
  release()
  expect(new URL(await loaded(image)).pathname).toMatch(/\/192\.avif$/)
  // decode() resolves for a hidden image too: the image must be seen, over the whole circle
  // inside its border.
  await expect(image).toBeVisible()
  await expect(image).toHaveCSS('opacity', '1')
  const [covered, inside] = await image.evaluate((element: HTMLImageElement) => {
    const round = element.closest('span')
    return [
      [element.offsetWidth, element.offsetHeight],
      [round?.clientWidth, round?.clientHeight],
    ]
  })
  expect(covered).toEqual(inside)
})
