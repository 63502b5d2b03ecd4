import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { malExport, SHIPPED_CATALOG_LIST } from '../support/mal-export'
import { newEmail, verifiedAccount } from './account-helpers'
import { blockingViolations } from './axe'
import { catalogTitles, onLikePage } from './anime-helpers'
import { expect, test } from './fixtures'

/**
 * A MyAnimeList export brought into the board and the board taken out as CSV, on the Like page
 * of the built server, against the shipped catalog (docs/using.md "Importing from MyAnimeList").
 */

const importer = (page: Page) => page.getByRole('region', { name: 'Import and export' })
const board = (page: Page) => page.getByRole('region', { name: 'Your likes' })

test.beforeAll(async ({ request }) => {
  await catalogTitles(request, 'death note')
})

test('a user imports a MyAnimeList export: the titles the catalog has are liked, the unknown one named; the board downloads as CSV', async ({
  page,
  baseURL,
  allowConsoleError,
}) => {
  // The verification link signs the browser's context in.
  await verifiedAccount(page.request, baseURL ?? '', newEmail('mal-import'))
  await onLikePage(page)

  // A hostile file is refused, said in the alert region, and adds nothing.
  allowConsoleError({ url: '/api/me/likes/import', status: 400 })
  const choose = importer(page).getByLabel('Choose your MyAnimeList export')
  await choose.setInputFiles({
    name: 'animelist.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]><myanimelist>&x;</myanimelist>',
    ),
  })
  await expect(importer(page).getByRole('alert')).toContainText(
    'That file declares a DOCTYPE or entities',
  )

  // MyAnimeList's own file, gzipped as it comes.
  await choose.setInputFiles({
    name: 'animelist_1765000000_-_1234567.xml.gz',
    mimeType: 'application/gzip',
    buffer: gzipSync(malExport(SHIPPED_CATALOG_LIST)),
  })
  const summary = importer(page).getByRole('status')
  await expect(summary).toContainText('Added 3 titles to your board.')
  await expect(summary).toContainText("1 title is not in Mofu's catalog yet:")
  await expect(summary.getByRole('listitem')).toHaveText([
    'Mofu no Yoru no Picnic (MyAnimeList #99000001)',
  ])
  await expect(importer(page).getByRole('alert')).toBeEmpty()
  await expect(board(page).getByRole('listitem')).toHaveCount(3)
  for (const title of ['葬送のフリーレン', 'ヴァイオレット・エヴァーガーデン', 'DEATH NOTE']) {
    await expect(board(page)).toContainText(title)
  }
  expect(await blockingViolations(page)).toEqual([])

  // The second time adds nothing: every title is there already.
  await choose.setInputFiles({
    name: 'animelist.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(malExport(SHIPPED_CATALOG_LIST)),
  })
  await expect(summary).toContainText('Added 0 titles to your board.')
  await expect(summary).toContainText('3 titles were on your board already')
  await expect(board(page).getByRole('listitem')).toHaveCount(3)

  const download = page.waitForEvent('download')
  await importer(page).getByRole('link', { name: 'Download as CSV' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/^mofu-board-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await saved.path()) ?? '', 'utf8')
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(lines[0]).toBe('Folder,Title,Other titles,Type,Began,Status,Note,Liked at,Catalog ID')
  expect(lines).toHaveLength(4)
  expect(csv).toMatch(/,DEATH NOTE,.*,dropped,/)
  expect(csv).toMatch(/,葬送のフリーレン,.*,watched,/)
  expect(csv).toMatch(/,ヴァイオレット・エヴァーガーデン,.*,watching,/)
})
