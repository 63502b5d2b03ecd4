import { newEmail, verifiedAccount } from './account-helpers'
import { catalogTitles, type Found } from './anime-helpers'
import { expect, test } from './fixtures'

const folder = (name: string) => new RegExp(`^${name} \\d+ titles?$`)

test('a folder made public on the board shows on /@handle and on its own page, to a signed-out browser without JavaScript', async ({
  page,
  baseURL,
  browser,
  extraHTTPHeaders,
  allowConsoleError,
}) => {
  await verifiedAccount(page.request, baseURL ?? '', newEmail('public'))
  const handle = `shelf${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  expect((await page.request.patch('/api/me/profile', { data: { handle } })).status()).toBe(200)
  const [first, second] = (await catalogTitles(page.request, 'sword art online', 2)) as [
    Found,
    Found,
  ]
  const made = await page.request.post('/api/me/folders', { data: { name: 'Best of 2024' } })
  const { id } = (await made.json()) as { id: string }
  for (const title of [second, first]) {
    const liked = await page.request.put(`/api/me/likes/${title.id}`, { data: { folderId: id } })
    expect(liked.status()).toBe(200)
  }

  // The owner makes it public with the folder's own switch, from the keyboard.
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const section = page.getByRole('region', { name: folder('Best of 2024') })
  const shown = section.getByRole('switch', { name: 'Public: Best of 2024' })
  await expect(shown).toHaveAttribute('aria-checked', 'false')
  await expect(section.getByRole('link', { name: 'Public page of Best of 2024' })).toHaveCount(0)
  await shown.focus()
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes(id),
  )
  await page.keyboard.press('Space')
  expect((await saved).status()).toBe(200)
  await expect(shown).toHaveAttribute('aria-checked', 'true')
  await expect(section.getByRole('link', { name: 'Public page of Best of 2024' })).toHaveAttribute(
    'href',
    `/@${handle}/best-of-2024`,
  )

  const elsewhere = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
  })
  const reader = await elsewhere.newPage()
  expect((await reader.goto(`/@${handle}`))?.status()).toBe(200)
  const folders = reader.getByRole('region', { name: 'Public folders' })
  await expect(folders.getByRole('link', { name: /Best of 2024/ })).toHaveAttribute(
    'href',
    `/@${handle}/best-of-2024`,
  )
  await expect(folders).toContainText('2 titles')
  await expect(folders.getByRole('link', { name: first.title, exact: true })).toBeVisible()

  const served = await reader.goto(`/@${handle}/best-of-2024`)
  expect(served?.status()).toBe(200)
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Best of 2024')
  await expect(reader).toHaveTitle(`Best of 2024 (@${handle}) · Mofu`)
  const titles = reader.getByRole('region', { name: 'Titles in this folder' }).getByRole('link')
  await expect(titles).toHaveCount(2)
  await expect(titles.first()).toContainText(first.title)
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `Best of 2024 (@${handle})`,
  )
  await expect(reader.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    new URL(`/@${handle}/best-of-2024`, baseURL).href,
  )

  // With JavaScript, the browser takes the drawn page over as drawn.
  const viewer = await browser.newContext({ baseURL, extraHTTPHeaders })
  const hydrated = await viewer.newPage()
  await hydrated.goto(`/@${handle}/best-of-2024`)
  await expect(hydrated.locator('#root')).not.toHaveAttribute('data-prerendered')
  await expect(hydrated.getByRole('heading', { level: 1 })).toHaveText('Best of 2024')
  await expect(hydrated).toHaveTitle(`Best of 2024 (@${handle}) · Mofu`)
  await viewer.close()

  // Made private again, it is gone for the visitor: the page answers as an unknown one.
  const hidden = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes(id),
  )
  await shown.click()
  expect((await hidden).status()).toBe(200)
  await expect(shown).toHaveAttribute('aria-checked', 'false')
  allowConsoleError({ url: `/@${handle}/best-of-2024`, status: 404 })
  expect((await reader.goto(`/@${handle}/best-of-2024`))?.status()).toBe(404)
  await reader.goto(`/@${handle}`)
  await expect(reader.getByRole('region', { name: 'Public folders' })).toHaveCount(0)
  await elsewhere.close()
})
