import type { Locator, Page, Response } from '@playwright/test'

/** What one place that shows the avatar downloaded to show it. */
export interface WidgetBytes {
  widget: 'account panel' | 'top-right button'
  /** The size it shows the avatar at, in CSS pixels. */
  cssPx: number
  /** Body bytes of every /media/avatars/ response while it loaded. */
  bytes: number
  /** The URLs of those responses. */
  urls: string[]
}

/** How long the response of an image the page shows may come after it (as Playwright's expect). */
const ARRIVAL_TIMEOUT_MS = 20_000

const isAvatarUrl = (url: string) => new URL(url).pathname.startsWith('/media/avatars/')
const isAvatar = (response: Response) => isAvatarUrl(response.url())

/** Resolves once the image has loaded and decoded (rejects if it cannot be shown). */
export const loaded = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.decode().then(() => element.currentSrc))

/**
 * The address of the avatar `image` shows once it shows one: the page the server drew shows the
 * default Mofu until the app has read the kept address (local storage) and hydrated.
 */
async function avatarShown(image: Locator): Promise<string> {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS
  for (;;) {
    const shown = await loaded(image)
    if (isAvatarUrl(shown)) return shown
    if (Date.now() > deadline) throw new Error(`the image still shows ${shown}, no avatar`)
    await image.page().waitForTimeout(100)
  }
}

/**
 * A returning visitor, signed in as a user with an avatar, whose browser kept the avatar's
 * address (local storage) but none of its bytes: the top-right button shows the avatar first,
 * then a click opens the account panel with the signed-in view. Counts the avatar bytes each of
 * the two downloads, at whatever device scale factor the page has. Used by the e2e test of
 * the 15 KB avatar goal (docs/architecture.md "Avatars") and by the bench.
 */
export async function avatarBytesPerWidget(page: Page): Promise<WidgetBytes[]> {
  await page.goto('/')
  const profile = (await (await page.request.get('/api/me/profile')).json()) as { avatar: string }
  await page.evaluate((address) => window.localStorage.setItem('avatar', address), profile.avatar)
  // Leave the page before counting, so that no avatar it was still fetching is counted.
  await page.goto('about:blank')

  let current: WidgetBytes = { widget: 'top-right button', cssPx: 40, bytes: 0, urls: [] }
  const counted: WidgetBytes[] = [current]
  const bodies: Promise<void>[] = []
  // The page can decode an image before this process hears of its response: each widget's count
  // waits for the response of the image it shows before the next widget's begins.
  const arrived = new Set<string>()
  const awaited = new Map<string, () => void>()
  const arrival = (url: string) =>
    arrived.has(url)
      ? undefined
      : new Promise<void>((resolve, reject) => {
          const late = setTimeout(
            () => reject(new Error(`the page shows ${url}, and no response for it came`)),
            ARRIVAL_TIMEOUT_MS,
          )
          awaited.set(url, () => {
            clearTimeout(late)
            resolve()
          })
        })
  const count = (response: Response) => {
    if (!isAvatar(response)) return
    const into = current
    into.urls.push(response.url())
    arrived.add(response.url())
    awaited.get(response.url())?.()
    bodies.push(
      response.body().then(
        (body) => void (into.bytes += body.length),
        // A 304 or a redirect has no body to count.
        () => undefined,
      ),
    )
  }
  page.on('response', count)
  try {
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Open account panel' })
    await arrival(await avatarShown(button.getByTestId('avatar-image')))
    await Promise.all(bodies)

    current = { widget: 'account panel', cssPx: 96, bytes: 0, urls: [] }
    counted.push(current)
    await button.click()
    const panel = page.getByRole('dialog', { name: 'ACCoUNT' })
    await arrival(await avatarShown(panel.getByRole('img', { name: 'Your avatar' })))
    await Promise.all(bodies)
  } finally {
    page.off('response', count)
  }
  return counted
}
