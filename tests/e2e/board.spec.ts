import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { newEmail, PASSWORD, reloadInTheme, verifiedAccount } from './account-helpers'
import { blockingViolations, settled } from './axe'
import { catalogTitles, type Found } from './anime-helpers'
import { expect, fetchRouted, test } from './fixtures'

/** Hearts each title through the API; each lands first in Unsorted. */
async function heart(request: APIRequestContext, titles: Found[]) {
  for (const title of titles) {
    expect((await request.put(`/api/me/likes/${title.id}`)).status()).toBe(200)
  }
}

async function onBoard(page: Page) {
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await expect(folder(page, 'Unsorted')).toBeVisible()
}

const folder = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name} \\d+ titles?$`) })
const card = (page: Page, title: Found) =>
  page.getByRole('article', { name: title.title, exact: true })
/** The titles of a folder as the board shows them, in order. */
const order = (page: Page, name: string) => folder(page, name).getByRole('heading', { level: 4 })

/** What the board's drag and drop last said to screen readers. */
const announced = (page: Page) => page.locator('[id^="DndLiveRegion"]')
/** A title's name as the board says it: its English title where the catalog has one. */
const shownName = async (page: Page, title: Found) =>
  (
    (await card(page, title)
      .getByRole('button', { name: /^Drag / })
      .getAttribute('aria-label')) ?? ''
  ).slice('Drag '.length)

/**
 * Picks a title up with Space, and returns once the board listens for the arrow keys: the drag
 * sensor starts listening on a timer after the pick-up shows, so an arrow sent as soon as it shows
 * can come first and be lost.
 */
async function pickUp(page: Page, handle: Locator) {
  await handle.focus()
  await page.keyboard.press('Space')
  await expect(handle).toHaveAttribute('aria-pressed', 'true')
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
}

/** A pattern matching exactly the given text. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A PATCH of one like has been answered: the move is the server's. */
const patched = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/me/likes/'),
  )

/** Drags with the mouse from the middle of one element to the middle of another. */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox()
  const end = await to.boundingBox()
  if (start === null || end === null) throw new Error('nothing to drag')
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2)
  await page.mouse.down()
  await page.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 12, {
    steps: 4,
  })
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 16 })
  await page.mouse.up()
}

test('a board in folders, ordered by mouse, keyboard and menu, with statuses, notes, filters and sorts, comes back as left', async ({
  page,
  baseURL,
  browser,
  extraHTTPHeaders,
}) => {
  const email = newEmail('board')
  await verifiedAccount(page.request, baseURL ?? '', email)
  const [a, b, c, d] = (await catalogTitles(page.request, 'sword art online', 4)) as [
    Found,
    Found,
    Found,
    Found,
  ]
  await heart(page.request, [a, b, c, d])
  await onBoard(page)
  await expect(order(page, 'Unsorted')).toHaveText([d.title, c.title, b.title, a.title])

  // Folders, made from the board's form, each placed last.
  const newFolder = page.getByLabel('New folder')
  for (const name of ['Watch next', 'Classics']) {
    await newFolder.fill(name)
    await page.getByRole('button', { name: 'Create folder' }).click()
    await expect(folder(page, name)).toBeVisible()
    await expect(newFolder).toHaveValue('')
  }

  // "Move to…": A to the end of Watch next, with no dragging.
  await card(page, a).getByRole('button', { name: 'Move to…' }).click()
  let saved = patched(page)
  await card(page, a)
    .getByRole('group', { name: 'Move to…' })
    .getByRole('button', { name: 'Watch next' })
    .click()
  await saved
  await expect(order(page, 'Watch next')).toHaveText([a.title])

  // The mouse: B dropped on A goes into Watch next where A stood, A after it.
  saved = patched(page)
  await drag(page, card(page, b).getByRole('button', { name: /^Drag / }), card(page, a))
  await saved
  await expect(order(page, 'Watch next')).toHaveText([b.title, a.title])
  await expect(order(page, 'Unsorted')).toHaveText([d.title, c.title])

  // The keyboard, within a folder: B picked up, moved past A, dropped.
  const bHandle = card(page, b).getByRole('button', { name: /^Drag / })
  await settled(page)
  await pickUp(page, bHandle)
  await page.keyboard.press('ArrowRight')
  // Dropped once the board says where it is, as a screen reader hears it.
  await expect(announced(page)).toHaveText(
    `${await shownName(page, b)} is over ${await shownName(page, a)}.`,
  )
  saved = patched(page)
  await page.keyboard.press('Space')
  await saved
  await expect(order(page, 'Watch next')).toHaveText([a.title, b.title])

  // The keyboard, between folders: C down past Watch next into the empty Classics.
  const cHandle = card(page, c).getByRole('button', { name: /^Drag / })
  await pickUp(page, cHandle)
  const cName = await shownName(page, c)
  const overWatchNext = await Promise.all(
    [a, b].map(async (title) => `${cName} is over ${await shownName(page, title)}.`),
  )
  // Each arrow once the board has said where the last one put the title.
  await page.keyboard.press('ArrowDown')
  await expect
    .poll(() => announced(page).textContent())
    .toMatch(new RegExp(`^(${overWatchNext.map(literally).join('|')})$`))
  await page.keyboard.press('ArrowDown')
  await expect(announced(page)).toHaveText(`${cName} is over the folder Classics.`)
  saved = patched(page)
  await page.keyboard.press('Space')
  await saved
  await expect(order(page, 'Classics')).toHaveText([c.title])
  await expect(order(page, 'Unsorted')).toHaveText([d.title])

  // A status and a note, saved to the server; a note too long is refused before it is sent.
  saved = patched(page)
  await card(page, a).getByRole('combobox').selectOption('Watching')
  await saved
  await card(page, b).getByRole('combobox').selectOption('Watched')
  await card(page, a).getByRole('button', { name: 'Note', exact: true }).click()
  const note = card(page, a).getByRole('textbox')
  await note.fill('x'.repeat(501))
  await expect(card(page, a)).toContainText('At most 500 characters')
  await expect(card(page, a).getByRole('button', { name: 'Save note' })).toBeDisabled()
  await note.fill('Rewatch with Mika')
  await expect(card(page, a)).toContainText('17 of 500 characters')
  saved = patched(page)
  await card(page, a).getByRole('button', { name: 'Save note' }).click()
  await saved
  await expect(card(page, a)).toContainText('Rewatch with Mika')

  // A filter: only what is being watched; the order tools step aside meanwhile.
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: 'Watching' })
    .click()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(card(page, a)).toBeVisible()
  await expect(page.getByText('Showing 1 of 4 titles')).toBeVisible()
  await expect(card(page, a).getByRole('button', { name: /^Drag / })).toHaveCount(0)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByRole('article')).toHaveCount(4)

  // A sort by title, and a folder closed: both as left after a reload, scroll included.
  await page.getByLabel('Sort by').selectOption('Title')
  const byTitle = [a.title, b.title].toSorted((x, y) => x.localeCompare(y))
  await expect(order(page, 'Watch next')).toHaveText(byTitle)
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Watched' }).click()
  await expect(page.getByRole('article')).toHaveCount(1)
  await folder(page, 'Classics').getByRole('button', { expanded: true }).click()
  await expect(folder(page, 'Classics').getByRole('button', { expanded: false })).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 300))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
  await page.waitForTimeout(400)
  await page.reload()
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await expect(page.getByLabel('Sort by')).toHaveValue('title')
  await expect(
    page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Watched' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(folder(page, 'Classics').getByRole('button', { expanded: false })).toBeVisible()
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByLabel('Sort by').selectOption('Your order')
  await expect(order(page, 'Watch next')).toHaveText([a.title, b.title])
  await expect(card(page, a)).toContainText('Rewatch with Mika')
  await expect(card(page, a).getByRole('combobox')).toHaveValue('watching')

  // A second browser of the same account finds the same folders in the same order.
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders })
  const signedIn = await elsewhere.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { Origin: baseURL ?? '' },
  })
  expect(signedIn.status()).toBe(200)
  const other = await elsewhere.newPage()
  await onBoard(other)
  await expect(order(other, 'Unsorted')).toHaveText([d.title])
  await expect(order(other, 'Watch next')).toHaveText([a.title, b.title])
  await expect(
    other.getByRole('region', { name: /titles?$/ }).getByRole('heading', { level: 3 }),
  ).toHaveText([/Unsorted/, /Watch next/, /Classics/])
  await elsewhere.close()
})

test('folders are renamed, moved and deleted, their titles back in Unsorted; several titles move and go at once, with undo', async ({
  page,
  baseURL,
}) => {
  await verifiedAccount(page.request, baseURL ?? '', newEmail('board-folders'))
  const [a, b, c] = (await catalogTitles(page.request, 'sword art online', 3)) as [
    Found,
    Found,
    Found,
  ]
  await heart(page.request, [a, b, c])
  for (const name of ['One', 'Two']) {
    expect((await page.request.post('/api/me/folders', { data: { name } })).status()).toBe(201)
  }
  await onBoard(page)
  const headings = page.getByRole('region', { name: /titles?$/ }).getByRole('heading', { level: 3 })
  await expect(headings).toHaveText([/Unsorted/, /One/, /Two/])

  // Renamed, then moved up with its button.
  await folder(page, 'Two').getByRole('button', { name: 'Rename' }).click()
  await page.getByLabel('New name for Two').fill('Second')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(folder(page, 'Second')).toBeVisible()
  await folder(page, 'Second').getByRole('button', { name: 'Move Second up' }).click()
  await expect(headings).toHaveText([/Unsorted/, /Second/, /One/])

  // Several at once: selected, moved into One, then two of them removed and brought back.
  await page.getByRole('button', { name: 'Select several' }).click()
  for (const title of [a, b, c]) await card(page, title).getByRole('checkbox').check()
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible()
  await page.getByLabel('Move the selected to').selectOption('One')
  await page.getByRole('button', { name: 'Move', exact: true }).click()
  await expect(order(page, 'One')).toHaveCount(3)
  await expect(order(page, 'Unsorted')).toHaveCount(0)
  const dropped = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.ok(),
  )
  await card(page, a).getByRole('combobox').selectOption('Dropped')
  await dropped
  await card(page, a).getByRole('checkbox').check()
  await card(page, b).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText('Removed 2 titles.')).toBeVisible()
  await expect(order(page, 'One')).toHaveText([c.title])
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(order(page, 'One')).toHaveCount(3)
  // Back as they were on the server too: in their folder, with their status.
  await page.reload()
  await expect(order(page, 'One')).toHaveCount(3)
  await expect(card(page, a).getByRole('combobox')).toHaveValue('dropped')

  // Deleted after a confirmation: the titles go back to Unsorted, none lost.
  await folder(page, 'One').getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(folder(page, 'One')).toHaveCount(0)
  await expect(order(page, 'Unsorted')).toHaveCount(3)
  await page.reload()
  await expect(order(page, 'Unsorted')).toHaveCount(3)
  await expect(headings).toHaveText([/Unsorted/, /Second/])
})

test('titles moved at once leave the selection even when another change is sent before the move is answered', async ({
  page,
  baseURL,
}) => {
  await verifiedAccount(page.request, baseURL ?? '', newEmail('board-overlap'))
  const [a, b, c] = (await catalogTitles(page.request, 'sword art online', 3)) as [
    Found,
    Found,
    Found,
  ]
  await heart(page.request, [a, b, c])
  expect((await page.request.post('/api/me/folders', { data: { name: 'One' } })).status()).toBe(201)
  await onBoard(page)
  // The server's answer to the move is held back until a status change has been sent after it.
  let answer = () => {}
  const held = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/me/likes/move', async (route) => {
    const response = await fetchRouted(route)
    await held
    await route.fulfill({ response })
  })

  await page.getByRole('button', { name: 'Select several' }).click()
  await card(page, a).getByRole('checkbox').check()
  await card(page, b).getByRole('checkbox').check()
  await page.getByLabel('Move the selected to').selectOption('One')
  const moved = page.waitForResponse((response) => response.url().endsWith('/api/me/likes/move'))
  await page.getByRole('button', { name: 'Move', exact: true }).click()
  const statusSent = page.waitForRequest((request) => request.method() === 'PATCH')
  await card(page, c).getByRole('combobox').selectOption('Watching')
  await statusSent
  answer()
  await moved

  await expect(page.getByText('0 selected', { exact: true })).toBeVisible()
  await card(page, c).getByRole('checkbox').check()
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText(/^Removed .+\.$/)).toBeVisible()
  await expect(order(page, 'One')).toHaveCount(2)
  await page.reload()
  await expect(order(page, 'One')).toHaveCount(2)
  await expect(folder(page, 'Unsorted')).toHaveCount(1)
  await expect(order(page, 'Unsorted')).toHaveCount(0)
})

test('the board in Japanese teaches when empty, and axe finds nothing serious in either theme', async ({
  page,
  baseURL,
}) => {
  await verifiedAccount(page.request, baseURL ?? '', newEmail('board-axe'))
  await page.addInitScript(() => window.localStorage.setItem('language', 'ja'))
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  await expect(page.getByText('ボードはまだ空っぽです')).toBeVisible()
  await expect(page.getByText('まずは上の検索から。')).toBeVisible()
  expect(await blockingViolations(page)).toEqual([])

  const titles = await catalogTitles(page.request, 'sword art online', 2)
  await heart(page.request, titles)
  expect(
    (await page.request.post('/api/me/folders', { data: { name: 'あとで見る' } })).status(),
  ).toBe(201)
  for (const theme of ['light', 'dark'] as const) {
    await reloadInTheme(page, theme)
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await expect(page.getByRole('region', { name: /^あとで見る/ })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(2)
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'メモ', exact: true })
      .click()
    await page.getByRole('article').first().getByRole('button', { name: '移動…' }).click()
    expect(await blockingViolations(page)).toEqual([])
  }

  // On a phone, the board fits the screen's width.
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole('article').first()).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('phone.png'), fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
