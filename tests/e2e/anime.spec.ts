import type { Page } from '@playwright/test'
import { logIn, newEmail, panel, verifiedAccount } from './account-helpers'
import { blockingViolations } from './axe'
import { catalogTitles, onLikePage } from './anime-helpers'
import { expect, test } from './fixtures'

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search anime' })
const results = (page: Page) => page.getByRole('grid', { name: 'Search results' })
const board = (page: Page) => page.getByRole('region', { name: 'Your likes' })

test.beforeAll(async ({ request }) => {
  await catalogTitles(request, 'violet evergarden')
})

test('a visitor searches in Japanese and English, hearts titles, removes one with undo', async ({
  page,
  baseURL,
}) => {
  const email = newEmail('likes')
  await verifiedAccount(page.request, baseURL ?? '', email)
  await page.context().clearCookies()
  await onLikePage(page)

  // Katakana typed as hiragana finds the title; the result shows its English translation too.
  await searchBox(page).fill('ゔぁいおれっと・えゔぁーがーでん')
  const violet = results(page).getByRole('row').first()
  await expect(violet).toContainText('ヴァイオレット・エヴァーガーデン')
  await expect(violet).toContainText('VIOLET EVERGARDEN')
  await expect(violet).toContainText('TV · 2018')
  await expect(page.getByRole('status').filter({ hasText: /^\d+ results?$/ })).toBeVisible()

  // Signed out, the heart asks for a sign-in, and lands once the visitor has signed in.
  await violet.getByRole('button', { name: 'Like VIOLET EVERGARDEN' }).click()
  await expect(panel(page)).toBeVisible()
  await logIn(page, email)
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible()
  await panel(page).getByRole('button', { name: 'Close account panel' }).first().click()
  await expect(board(page).getByRole('listitem')).toHaveCount(1)
  await expect(board(page).getByRole('listitem')).toContainText('VIOLET EVERGARDEN')

  // English, with the keyboard alone: arrow to the first result, Enter hearts it.
  await searchBox(page).fill('sword art online')
  await expect(results(page).getByRole('row').first()).toContainText('ソードアート・オンライン')
  await searchBox(page).press('ArrowDown')
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', /.+/)
  const active = await searchBox(page).getAttribute('aria-activedescendant')
  await searchBox(page).press('Enter')
  await expect(page.locator(`[id="${active}"]`).getByRole('button')).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(board(page).getByRole('listitem')).toHaveCount(2)
  await expect(board(page).getByRole('listitem').first()).toContainText('SWORD ART ONLINE')
  await searchBox(page).press('Escape')
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false')
  await expect(results(page)).toBeHidden()
  await searchBox(page).press('Escape')
  await expect(searchBox(page)).toHaveValue('')

  // Removed from the board, and back with undo; the server agrees after a reload.
  await board(page).getByRole('button', { name: 'Remove SWORD ART ONLINE from your likes' }).click()
  await expect(board(page).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByText('Removed SWORD ART ONLINE.')).toBeVisible()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(board(page).getByRole('listitem')).toHaveCount(2)
  await page.reload()
  await expect(board(page).getByRole('listitem')).toHaveCount(2)

  expect(await blockingViolations(page)).toEqual([])
  await searchBox(page).fill('violet evergarden')
  await expect(results(page).getByRole('row').first()).toContainText('ヴァイオレット')
  expect(await blockingViolations(page)).toEqual([])
})

test('in Japanese: an empty board teaches the search box, and a heart fills it', async ({
  page,
  baseURL,
}) => {
  // The verification link signs the browser's context in.
  await verifiedAccount(page.request, baseURL ?? '', newEmail('empty-board'))
  await page.addInitScript(() => window.localStorage.setItem('language', 'ja'))
  await onLikePage(page)
  const likes = page.getByRole('region', { name: 'あなたのお気に入り' })
  await expect(likes).toContainText('ボードはまだ空っぽです')
  await expect(likes).toContainText('まずは上の検索から')

  const box = page.getByRole('combobox', { name: 'アニメを検索' })
  await box.fill('ソードアート')
  const first = page.getByRole('grid', { name: '検索結果' }).getByRole('row').first()
  await expect(first).toContainText('ソードアート・オンライン')
  await expect(page.getByRole('status').filter({ hasText: /^\d+件$/ })).toBeVisible()
  await first.getByRole('button', { name: /にハートをつける$/ }).click()
  await expect(likes.getByRole('article')).toHaveCount(1)
  await expect(likes).not.toContainText('ボードはまだ空っぽです')
  expect(await blockingViolations(page)).toEqual([])
})

test('the About page credits bangumi-data and its licence, in both languages', async ({ page }) => {
  await page.goto('/master')
  const source = page.getByRole('link', { name: 'bangumi-data' })
  await expect(source).toHaveAttribute('href', 'https://github.com/bangumi-data/bangumi-data')
  await expect(source).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(
    page.getByRole('link', { name: 'Creative Commons Attribution 4.0' }),
  ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/')

  await page.addInitScript(() => window.localStorage.setItem('language', 'ja'))
  await page.goto('/master')
  await expect(page.getByRole('region', { name: 'アニメのデータについて' })).toContainText(
    'bangumi-data',
  )
  await expect(page.getByRole('link', { name: 'クリエイティブ・コモンズ表示4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/deed.ja',
  )
})
