// The README's picture of Mofu: the built app's home page in the light theme and in the dark
// one, side by side, in docs/images/home-light-dark.png. Run after `npm run build` (the npm
// script `screenshots` does both), with Debian's Chromium at /usr/bin/chromium and a Japanese
// font for the page's few Japanese words (Debian's fonts-ipafont-gothic or fonts-noto-cjk).
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import sharp from 'sharp'
import { startServer } from '../tests/support/server-process'

const OUTPUT = path.resolve(import.meta.dirname, '../docs/images/home-light-dark.png')
const VIEWPORT = { width: 1200, height: 760 }
/** Each half of the picture, wide enough to read in a README and small enough to store. */
const HALF_WIDTH = 800

async function shot(browser: Browser, url: string, theme: 'light' | 'dark'): Promise<Buffer> {
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' })
  // The Settings page's Theme choice, as the pre-paint script reads it before the first paint.
  await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme)
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.locator('#root:not([data-prerendered])').waitFor()
  await page.evaluate(() => document.fonts.ready)
  const png = await page.screenshot()
  await context.close()
  return sharp(png).resize({ width: HALF_WIDTH }).png().toBuffer()
}

const server = await startServer()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
try {
  const [light, dark] = [
    await shot(browser, server.url, 'light'),
    await shot(browser, server.url, 'dark'),
  ]
  const { height = 0 } = await sharp(light).metadata()
  await sharp({
    create: { width: HALF_WIDTH * 2, height, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: light, left: 0, top: 0 },
      { input: dark, left: HALF_WIDTH, top: 0 },
    ])
    .png({ palette: true, quality: 85, compressionLevel: 9 })
    .toFile(OUTPUT)
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}`)
} finally {
  await browser.close()
  await server.dispose()
}
