import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { panel, signedInOnPage } from './account-helpers'
import { expect, test } from './fixtures'
import { notPictures } from './pictures'

const avatar = (page: Page) => panel(page).getByTestId('avatar-image').first()

async function editingProfile(page: Page, request: APIRequestContext, baseURL: string) {
  await signedInOnPage(page, request, baseURL, 'avatar')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
}

async function chooseFromMenu(page: Page, item: string) {
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  await panel(page).getByRole('menuitem', { name: item }).click()
}

/** Picks a file through a menu item and returns the crop dialog it opens. */
async function pickFile(page: Page, item: string, file: string) {
  const chooser = page.waitForEvent('filechooser')
  await chooseFromMenu(page, item)
  await (await chooser).setFiles(file)
  return page.getByRole('dialog', { name: 'Crop your avatar' })
}

async function photo(width: number, height: number): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-photo-')), 'photo.png')
  await sharp({
    create: { width, height, channels: 3, background: { r: 250, g: 160, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#2a2150"/></svg>`,
        ),
      },
    ])
    .png()
    .toFile(file)
  return file
}

/** The avatar the page shows, fetched and measured. */
async function shownAvatar(page: Page) {
  const src = (await avatar(page).getAttribute('src')) ?? ''
  expect(src).toMatch(/\/media\/avatars\/[\w-]+\?v=[0-9a-f]+$/)
  const response = await page.request.get(src)
  expect(response.headers()['content-type']).toBe('image/jpeg')
  return { src, meta: await sharp(await response.body()).metadata() }
}

test('choose a file, crop, OK: the avatar shows, survives a reload, and is a square JPEG ≤ 1080 px', async ({
  page,
  request,
  baseURL,
}) => {
  await editingProfile(page, request, baseURL ?? '')
  const crop = await pickFile(page, 'Browse Files', await photo(1600, 1200))
  await expect(crop).toBeVisible()
  await crop.getByRole('slider', { name: 'Zoom' }).fill('1.5')
  await crop.getByRole('button', { name: 'OK' }).click()
  await expect(avatar(page)).toHaveAttribute('src', /\/media\/avatars\//)
  const first = await shownAvatar(page)
  expect(first.meta.format).toBe('jpeg')
  expect(first.meta.width).toBe(first.meta.height)
  expect(first.meta.width).toBeLessThanOrEqual(1080)

  await page.reload()
  await expect(avatar(page)).toHaveAttribute('src', first.src)
})

test('a file that is not a picture says which to choose, opens no crop and leaves the avatar', async ({
  page,
  request,
  baseURL,
}) => {
  await editingProfile(page, request, baseURL ?? '')
  const crop = await pickFile(page, 'Browse Files', await photo(600, 600))
  await crop.getByRole('button', { name: 'OK' }).click()
  await expect(avatar(page)).toHaveAttribute('src', /\/media\/avatars\//)
  const before = await avatar(page).getAttribute('src')

  for (const [index, file] of (await notPictures()).entries()) {
    await pickFile(page, index === 0 ? 'Choose from Library' : 'Browse Files', file)
    await expect(panel(page).getByRole('alert')).toHaveText('Choose a JPEG, PNG or WebP image.')
    await expect(page.getByRole('dialog', { name: 'Crop your avatar' })).toHaveCount(0)
    await expect(avatar(page)).toHaveAttribute('src', before ?? '')
  }
  const profile = await page.request.get('/api/me/profile')
  expect((await profile.json()) as { avatar: string }).toMatchObject({ avatar: before })
})

test('Take Photo with the camera: capture, crop, saved', async ({ page, request, baseURL }) => {
  await editingProfile(page, request, baseURL ?? '')
  await chooseFromMenu(page, 'Take Photo')
  const camera = page.getByRole('dialog', { name: 'Take a photo' })
  await expect(camera.getByLabel('Camera preview')).toBeVisible()
  await camera.getByRole('button', { name: 'Capture' }).click()
  await page
    .getByRole('dialog', { name: 'Crop your avatar' })
    .getByRole('button', { name: 'OK' })
    .click()
  await expect(avatar(page)).toHaveAttribute('src', /\/media\/avatars\//)
  const { meta } = await shownAvatar(page)
  expect(meta.width).toBe(meta.height)
})

test('Cancel in the crop dialog changes nothing', async ({ page, request, baseURL }) => {
  await editingProfile(page, request, baseURL ?? '')
  const before = await avatar(page).getAttribute('src')
  const crop = await pickFile(page, 'Choose from Library', await photo(800, 800))
  await crop.getByRole('button', { name: 'Cancel' }).click()
  await expect(crop).toHaveCount(0)
  await expect(avatar(page)).toHaveAttribute('src', before ?? '')
  const profile = await page.request.get('/api/me/profile')
  expect((await profile.json()) as { avatar: string }).toMatchObject({ avatar: '' })
})

test('Reset to Default shows the happy image for 3 s, then the default avatar', async ({
  page,
  request,
  baseURL,
}) => {
  await editingProfile(page, request, baseURL ?? '')
  const crop = await pickFile(page, 'Browse Files', await photo(600, 600))
  await crop.getByRole('button', { name: 'OK' }).click()
  await expect(avatar(page)).toHaveAttribute('src', /\/media\/avatars\//)

  // In the page's own clock (the test's polling would see each change late by up to a second
  // under load): when the menu item was clicked, and each avatar picture with when it was set.
  await page.evaluate(() => {
    const seen = { clickedAt: 0, shown: [] as { src: string; at: number }[] }
    Object.assign(window, { avatarReset: seen })
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('[role="menuitem"]')) seen.clickedAt = event.timeStamp
      },
      { capture: true },
    )
    new MutationObserver(() => {
      const src = document.querySelector('[data-testid="avatar-image"]')?.getAttribute('src')
      if (src !== null && src !== undefined && src !== seen.shown.at(-1)?.src) {
        seen.shown.push({ src, at: performance.now() })
      }
    }).observe(document.body, { subtree: true, childList: true, attributeFilter: ['src'] })
  })
  await chooseFromMenu(page, 'Reset to Default')
  await expect(avatar(page)).toHaveAttribute('src', '/images/mofurun-happy.png')
  await expect(avatar(page)).toHaveAttribute('src', '/images/mofurun.png', { timeout: 5_000 })
  const { clickedAt, shown } = (await page.evaluate('window.avatarReset')) as {
    clickedAt: number
    shown: { src: string; at: number }[]
  }
  const happy = shown.findIndex((one) => one.src === '/images/mofurun-happy.png')
  const after = shown.findIndex((one, index) => index > happy && one.src === '/images/mofurun.png')
  expect(happy).toBeGreaterThanOrEqual(0)
  expect(after).toBeGreaterThan(happy)
  // The happy image's 3 s run from the click (a timer fires no earlier than asked); the default
  // comes after them, never before.
  expect(clickedAt).toBeGreaterThan(0)
  expect((shown[after]?.at ?? 0) - clickedAt).toBeGreaterThanOrEqual(3_000)
  expect(await page.evaluate(() => window.localStorage.getItem('avatarCache'))).toBeNull()
  const profile = await page.request.get('/api/me/profile')
  expect((await profile.json()) as { avatar: string }).toMatchObject({ avatar: '' })
})

test('the avatar menu works from the keyboard', async ({ page, request, baseURL }) => {
  await editingProfile(page, request, baseURL ?? '')
  await panel(page).getByRole('button', { name: 'Change avatar' }).focus()
  await page.keyboard.press('Enter')
  await expect(panel(page).getByRole('menuitem', { name: 'Take Photo' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(panel(page).getByRole('menuitem', { name: 'Choose from Library' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(panel(page).getByRole('menuitem', { name: 'Reset to Default' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(panel(page).getByRole('menu')).toHaveCount(0)
  await expect(panel(page).getByRole('button', { name: 'Change avatar' })).toBeFocused()
  await expect(panel(page)).toBeVisible()
})

test('Escape pressed as soon as the avatar menu shows closes the menu, not the panel', async ({
  page,
  request,
  baseURL,
}) => {
  await editingProfile(page, request, baseURL ?? '')
  // The key comes as soon as the menu is on screen, before any later task of the page's runs:
  // fast fingers, or a busy phone delivering queued input.
  await panel(page)
    .getByRole('button', { name: 'Change avatar' })
    .evaluate(async (trigger: HTMLElement) => {
      trigger.click()
      for (let turn = 0; turn < 1000 && document.querySelector('[role="menu"]') === null; turn++) {
        await Promise.resolve()
      }
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      )
    })
  await expect(panel(page).getByRole('menu')).toHaveCount(0)
  await expect(panel(page)).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Change avatar' })).toBeFocused()
})

test.describe('a dropped connection', () => {
  test('an upload over 262144 bytes survives a dropped connection by sending itself again', async ({
    page,
    request,
    baseURL,
    allowConsoleError,
  }) => {
    // The browser notes the dropped request in its console; that is the point of the test.
    allowConsoleError({ url: '/api/me/avatar' })
    await editingProfile(page, request, baseURL ?? '')
    // Noise compresses badly, so the cropped JPEG is well over the resumable threshold.
    const noisy = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-noise-')), 'noise.png')
    const pixels = Buffer.alloc(1000 * 1000 * 3)
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256)
    await sharp(pixels, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toFile(noisy)

    const sizes: number[] = []
    await page.route('**/api/me/avatar', async (route) => {
      sizes.push(route.request().postDataBuffer()?.length ?? 0)
      if (sizes.length === 1) await route.abort('connectionreset')
      else await route.continue()
    })
    const crop = await pickFile(page, 'Browse Files', noisy)
    await crop.getByRole('button', { name: 'OK' }).click()
    await expect(avatar(page)).toHaveAttribute('src', /\/media\/avatars\//)
    expect(sizes).toHaveLength(2)
    expect(sizes[0]).toBeGreaterThan(262_144)
    expect(sizes[1]).toBe(sizes[0])
  })
})

test('a denied camera gets a clear message and the file route', async ({
  page,
  request,
  baseURL,
}) => {
  // The browser's answer when the visitor refuses the camera.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await editingProfile(page, request, baseURL ?? '')
  await chooseFromMenu(page, 'Take Photo')
  const camera = page.getByRole('dialog', { name: 'Take a photo' })
  await expect(camera.getByRole('alert')).toHaveText(
    'Mofu may not use the camera: permission was denied. You can choose a file instead.',
  )
  const chooser = page.waitForEvent('filechooser')
  await camera.getByRole('button', { name: 'Browse Files' }).click()
  await (await chooser).setFiles(await photo(500, 500))
  await expect(page.getByRole('dialog', { name: 'Crop your avatar' })).toBeVisible()
})

test('a failed avatar reset says why in words, never a raw browser error', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError({ url: '/api/me/avatar' })
  await editingProfile(page, request, baseURL ?? '')
  await page.route('**/api/me/avatar', (route) => route.abort('internetdisconnected'))
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  await panel(page).getByRole('menuitem', { name: 'Reset to Default' }).click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Mofu could not reach the server. Check your connection and try again.',
  )
})

test('a picked image is let go (its object URL revoked) once the crop dialog closes', async ({
  page,
  request,
  baseURL,
}) => {
  await page.addInitScript(() => {
    const created: string[] = []
    const revoked: string[] = []
    const create = URL.createObjectURL.bind(URL)
    const revoke = URL.revokeObjectURL.bind(URL)
    URL.createObjectURL = (object) => {
      const url = create(object)
      created.push(url)
      return url
    }
    URL.revokeObjectURL = (url) => {
      revoked.push(url)
      revoke(url)
    }
    Object.assign(window, { objectUrls: { created, revoked } })
  })
  await editingProfile(page, request, baseURL ?? '')
  const chooser = page.waitForEvent('filechooser')
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  await panel(page).getByRole('menuitem', { name: 'Browse Files' }).click()
  await (
    await chooser
  ).setFiles({
    name: 'a.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 60, b: 160 } },
    })
      .png()
      .toBuffer(),
  })
  const crop = page.getByRole('dialog', { name: 'Crop your avatar' })
  await expect(crop).toBeVisible()
  await crop.getByRole('button', { name: 'Cancel' }).click()
  await expect(crop).toBeHidden()

  const urls = () =>
    page.evaluate(
      () =>
        (window as unknown as { objectUrls: { created: string[]; revoked: string[] } }).objectUrls,
    )
  await expect.poll(async () => (await urls()).created.length).toBe(1)
  await expect.poll(async () => (await urls()).revoked).toEqual((await urls()).created)
})
