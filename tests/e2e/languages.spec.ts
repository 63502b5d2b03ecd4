import type { BrowserContext, Page } from '@playwright/test'
import { AUTH_COOKIE_PREFIX, SECURE_COOKIE_PREFIX } from '../../src/shared/cookies'
import { MOFU_COOKIES } from '../../src/shared/site-cookies'
import { newEmail, PASSWORD, panel, verifiedAccount } from './account-helpers'
import { blockingViolations, COLOUR_RULES, settled } from './axe'
import { expect, test } from './fixtures'
import { expectCleanHydration, watchHydration } from './hydration'
import { PAGE_ROUTES } from './routes'

/**
 * Mofu in Japanese (docs/architecture.md "Languages"): every screen with no English left but names, axe clean,
 * the choice in Settings taking effect at once and surviving a reload with no flash, and System
 * following the browser's languages.
 */

/**
 * Latin-letter words a Japanese screen may show: names and brands, the stored names and values
 * the Cookies page lists, what a user reads as is (QR, ID, https), and what a signed-in screen
 * shows of the browser and system it runs in.
 */
const ALLOWED = new Set([
  ...['Mofu', 'ACCoUNT', 'SeeME', 'SakuraMap', 'Orbitron', 'English', 'Google', 'mochi'],
  ...['ID', 'IP', 'QR', 'Cookie', 'https', 'SameSite', 'Lax', 'HttpOnly', 'Secure', 'D'],
  ...['Aegis', 'Pixel', 'txt', 'free', 'Free'],
  ...['darkMode', 'lang', 'true', 'false', 'en', 'ja', 'light', 'dark', 'system', 'orbitron'],
  ...['default', 'theme', 'font', 'language', 'action', 'settings', 'ui', 'state', 'avatar'],
  ...['avatarCache', 'hasAvatarCached', '_ga', 'id'],
  ...['Chrome', 'Headless', 'HeadlessChrome', 'Chromium', 'Linux', 'Windows', 'macOS'],
  // A key on the keyboard, named as it is printed on it.
  'Enter',
  // The kinds of anime as Japanese writes them.
  ...['TV', 'Web', 'OVA'],
])

/**
 * Names read whole: 'Password' or 'Authenticator' alone would let an untranslated label through,
 * and so would 'better' and 'auth' of the cookies the Cookies page lists.
 */
const WHOLE_NAMES = [
  '1Password',
  'Google Authenticator',
  // The open data set the anime catalog comes from, credited by its name.
  'bangumi-data',
  ...Object.values(MOFU_COOKIES).map((cookie) => cookie.name),
  AUTH_COOKIE_PREFIX,
  SECURE_COOKIE_PREFIX,
]

/** `text` without `name` where it stands whole: `lang`, but not the start of `language`. */
const withoutName = (text: string, name: string) =>
  text.replace(
    new RegExp(`(?<![A-Za-z_])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z_])`, 'g'),
    ' ',
  )

/**
 * Every Latin-letter word the page shows or says (text, labels, titles), but `names` and what
 * the page marks translate="no".
 */
async function englishLeft(page: Page, names: string[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const said = [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')]
      .filter((element) => element.closest('[aria-hidden="true"]') === null)
      .flatMap((element) =>
        ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name)),
      )
    // Names the page marks as never translated: the catalog's titles, as the data gives them.
    const kept = [...document.querySelectorAll<HTMLElement>('[translate="no"]')].map(
      (element) => element.innerText,
    )
    return {
      shown: [document.body.innerText, document.title, ...said].filter(
        (text): text is string => text !== null,
      ),
      kept: kept.filter((text) => text !== ''),
    }
  })
  let all = texts.shown.join('\n')
  for (const name of [...WHOLE_NAMES, ...names, ...texts.kept]) all = withoutName(all, name)
  return [...new Set(all.match(/[A-Za-z_][A-Za-z_]*/g) ?? [])].filter((word) => !ALLOWED.has(word))
}

/**
 * Axe on a Japanese screen: the colours are the English screen's, which accessibility.spec.ts
 * judges in both themes, so every rule runs here but those.
 */
const axeBlocking = (page: Page) => blockingViolations(page, { without: COLOUR_RULES })

const langCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'lang')

test.describe('a browser that prefers Japanese', () => {
  test.use({ locale: 'ja-JP' })

  const SCREENS = [
    ...PAGE_ROUTES,
    '/no-such-place',
    '/?account=true',
    '/account/reset?oobCode=abc',
    '/account/verify?token=abc',
  ]
  for (const route of SCREENS) {
    test(`${route} is in Japanese from its first HTML, with no English left, and axe clean`, async ({
      page,
      allowConsoleError,
    }) => {
      if (route === '/no-such-place') allowConsoleError({ url: route, status: 404 })
      const response = await page.goto(route)
      expect(await response?.text()).toContain('<html lang="ja"')
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
      await expect(page.getByRole('heading').first()).toBeVisible()
      if (route.includes('account')) await expect(page.getByRole('dialog')).toBeVisible()
      await settled(page)
      expect(await englishLeft(page, ['no-such-place', 'spring-notes', 'first-light'])).toEqual([])
      expect(await axeBlocking(page)).toEqual([])
    })
  }

  test('System follows the browser: Japanese, the lang cookie says so, titles too', async ({
    page,
    context,
  }) => {
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('設定')
    await expect(page).toHaveTitle('設定 · Mofu')
    await expect(page.getByRole('radio', { name: 'システム' }).last()).toBeChecked()
    expect((await langCookie(context))?.value).toBe('ja')
    // Numbers come from Intl in the language shown.
    await page.goto('/')
    await expect(page.getByText('8件', { exact: true })).toBeVisible()
  })

  test('the sign-up form is in Japanese', async ({ page }) => {
    await page.goto('/?account=true')
    await panel(page).getByRole('tab', { name: '新規登録' }).click()
    await expect(panel(page).getByRole('button', { name: 'アカウントを作成' })).toBeVisible()
    expect(await englishLeft(page)).toEqual([])
  })

  test('signing in, the panel, its edit mode and the avatar menu are in Japanese, and axe clean', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = newEmail('ja')
    await verifiedAccount(request, baseURL ?? '', email)
    await page.goto('/?account=true')
    await panel(page).getByRole('tab', { name: 'ログイン' }).click()
    await panel(page).getByLabel('メールアドレス').fill(email)
    await panel(page).getByLabel('パスワード', { exact: true }).fill(PASSWORD)
    await panel(page).getByRole('button', { name: 'ログイン', exact: true }).click()
    await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()
    await settled(page)
    expect(await englishLeft(page, [email])).toEqual([])
    expect(await axeBlocking(page)).toEqual([])

    await panel(page).getByRole('button', { name: '編集' }).click()
    await panel(page).getByRole('button', { name: 'アバターを変更' }).click()
    await expect(panel(page).getByRole('menu')).toBeVisible()
    expect(await englishLeft(page, [email])).toEqual([])
  })

  test("two-factor's first steps and the panel's dialogs are in Japanese", async ({
    page,
    baseURL,
  }) => {
    const email = newEmail('ja')
    await verifiedAccount(page.request, baseURL ?? '', email)
    await page.goto('/?account=true')
    await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

    await panel(page).getByRole('button', { name: '2段階認証をオンにする' }).click()
    await expect(panel(page).getByLabel('現在のパスワード')).toBeVisible()
    expect(await englishLeft(page, [email])).toEqual([])
    await panel(page).getByLabel('現在のパスワード').fill(PASSWORD)
    await panel(page).getByRole('button', { name: '次へ' }).click()
    const setUp = panel(page).getByRole('form', { name: '2段階認証の設定' })
    await expect(setUp.getByRole('img', { name: '認証アプリ用のQRコード' })).toBeVisible()
    const setupKey = (await setUp.locator('code').textContent()) ?? ''
    expect(await englishLeft(page, [email, setupKey])).toEqual([])
    await panel(page).getByRole('button', { name: 'キャンセル' }).click()
    await panel(page).getByRole('button', { name: 'アカウントを削除' }).click()
    await expect(panel(page).getByText('アカウントを削除しますか？')).toBeVisible()
    expect(await englishLeft(page, [email])).toEqual([])
    await panel(page).getByRole('button', { name: 'アカウントを残す' }).click()
    await panel(page).getByRole('button', { name: 'ログアウト', exact: true }).click()
    await expect(panel(page).getByText('ログアウトしますか？')).toBeVisible()
    expect(await englishLeft(page, [email])).toEqual([])
  })
})

test.describe('a browser that prefers English', () => {
  test('is answered in English, and choosing 日本語 switches at once and survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
    expect((await langCookie(context))?.value).toBe('en')

    await page.getByRole('radio', { name: '日本語' }).check()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('設定')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page).toHaveTitle('設定 · Mofu')
    await expect(
      page.getByRole('navigation', { name: 'セクション' }).getByRole('link', { name: 'ホーム' }),
    ).toBeVisible()
    expect((await langCookie(context))?.value).toBe('ja')
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('ja')

    // The reload's first HTML is already Japanese: nothing English paints first.
    const reloaded = await page.reload()
    const html = (await reloaded?.text()) ?? ''
    expect(html).toContain('<html lang="ja"')
    expect(html).toContain('<title>設定 · Mofu</title>')
    expect(html).toContain('>設定</h1>')
    await expect(page.getByRole('radio', { name: '日本語' })).toBeChecked()

    // And back: English at once, everywhere.
    await page.getByRole('radio', { name: 'English' }).check()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect((await langCookie(context))?.value).toBe('en')
  })

  test('a Japanese page hydrates without a mismatch and shows the stored choice after', async ({
    page,
    context,
    baseURL,
  }) => {
    // The cookie says Japanese (the page comes in it) but the choice stored is English.
    await context.addCookies([{ name: 'lang', value: 'ja', url: baseURL ?? '' }])
    await page.addInitScript(() => window.localStorage.setItem('language', 'en'))
    await watchHydration(page)
    const response = await page.goto('/privacy')
    expect(await response?.text()).toContain('<html lang="ja"')
    await expectCleanHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect((await langCookie(context))?.value).toBe('en')
  })

  test('axe finds nothing serious in Japanese chosen in Settings either', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'ja'))
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('設定')
    expect(await axeBlocking(page)).toEqual([])
  })
})
