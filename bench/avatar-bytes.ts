import { chromium } from '@playwright/test'
import { avatarBytesPerWidget, type WidgetBytes } from '../tests/support/avatar-bytes'
import type { Fixture } from './fixture'

/** A 2x screen, the one the avatar bytes goal is set for. */
export const AVATAR_DEVICE_SCALE = 2
/** Not the fixture's own address, whose sign-in limits the other cases rely on. */
const VISITOR_IP = '10.254.1.1'

/**
 * What the signed-in panel and the top-right button download of the fixture user's avatar in
 * Chromium on a 2x screen, on a first visit (nothing cached), per widget.
 */
export async function measureAvatarBytes(appUrl: string, fixture: Fixture): Promise<WidgetBytes[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({
      baseURL: appUrl,
      deviceScaleFactor: AVATAR_DEVICE_SCALE,
      extraHTTPHeaders: { 'X-Forwarded-For': VISITOR_IP },
    })
    await context.addCookies(
      fixture.user.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl }
      }),
    )
    return await avatarBytesPerWidget(await context.newPage())
  } finally {
    await browser.close()
  }
}
