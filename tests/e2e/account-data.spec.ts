import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { unzipSync } from 'fflate'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { catalogTitles, type Found } from './anime-helpers'
import { expect, test } from './fixtures'

test('"Download my data" saves a zip of the account; a second one within a minute is refused in words', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('data')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  const button = panel(page).getByRole('button', { name: 'Download my data' })

  const download = page.waitForEvent('download')
  await button.click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/^mofu-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const files = unzipSync(new Uint8Array(await fs.readFile(await saved.path())))
  const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
    account: { email: string }
  }
  expect(data.account.email).toBe(email)
  await expect(button).toBeEnabled()

  allowConsoleError({ url: '/api/me/export', status: 429 })
  await button.click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Too many attempts. Please wait a minute and try again.',
  )
})

/** A folder of the board and its titles, in order, each with its status ('' for none) and note. */
interface ShownFolder {
  name: string
  titles: { title: string; status: string; note: string }[]
}

/** The board as /favorites shows it: each folder in order, each title as its card says. */
async function boardAsShown(page: Page): Promise<ShownFolder[]> {
  await page.goto('/favorites')
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
  const folders = page.getByRole('region', { name: / \d+ titles?$/ })
  await expect(folders.first()).toBeVisible()
  const shown: ShownFolder[] = []
  for (const folder of await folders.all()) {
    // The heading's first words that are read out: the name, before the count.
    const heading = page.locator(`[id="${(await folder.getAttribute('aria-labelledby')) ?? ''}"]`)
    const name = await heading.locator('span:not([aria-hidden="true"])').first().innerText()
    const titles: ShownFolder['titles'] = []
    for (const card of await folder.getByRole('article').all()) {
      // The note as its editor holds it, whole, rather than the card's two-line preview.
      await card.getByRole('button', { name: 'Note', exact: true }).click()
      titles.push({
        title: await card.getByRole('heading', { level: 4 }).innerText(),
        status: await card.getByRole('combobox').inputValue(),
        note: await card.getByRole('textbox').inputValue(),
      })
      await card.getByRole('button', { name: 'Note', exact: true }).click()
    }
    shown.push({ name, titles })
  }
  return shown
}

interface ExportedBoard {
  folders: { id: string; name: string; orderKey: string }[]
  likes: {
    animeId: string
    title: string
    folderId: string | null
    orderKey: string
    status: string | null
    note: string
  }[]
}

/** The board in the zip's data, in the same shape: Unsorted, then the folders as listed. */
function boardExported({ folders, likes }: ExportedBoard): ShownFolder[] {
  return [{ id: null, name: 'Unsorted' }, ...folders].map(({ id, name }) => {
    const inFolder = likes.filter((like) => like.folderId === id)
    // Listed in the board's order, which the keys say too: by key, then by title id.
    const places = inFolder.map((like) => `${like.orderKey} ${like.animeId}`)
    expect(places).toEqual(places.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    return {
      name,
      titles: inFolder.map((like) => ({
        title: like.title,
        status: like.status ?? '',
        note: like.note,
      })),
    }
  })
}

test('"Download my data" holds the board: its folders, and each title with its folder, place, status and note as the board shows them', async ({
  page,
  baseURL,
}) => {
  await verifiedAccount(page.request, baseURL ?? '', newEmail('data-board'))
  const [a, b, c, d] = (await catalogTitles(page.request, 'sword art online', 4)) as [
    Found,
    Found,
    Found,
    Found,
  ]
  for (const title of [a, b, c, d]) {
    expect((await page.request.put(`/api/me/likes/${title.id}`)).status()).toBe(200)
  }
  const folderIds: string[] = []
  for (const name of ['Watch next', 'Classics']) {
    const made = await page.request.post('/api/me/folders', { data: { name } })
    expect(made.status()).toBe(201)
    folderIds.push(((await made.json()) as { id: string }).id)
  }
  const [watchNext, classics] = folderIds
  const changes: [Found, object][] = [
    [a, { folderId: watchNext, status: 'watching', note: 'Rewatch with Mika\nfrom episode 3' }],
    [b, { folderId: watchNext, place: { after: null }, status: 'watched' }],
    [c, { folderId: classics, note: 'The one that started it' }],
    [d, { status: 'want' }],
  ]
  for (const [title, change] of changes) {
    expect((await page.request.patch(`/api/me/likes/${title.id}`, { data: change })).status()).toBe(
      200,
    )
  }

  const shown = await boardAsShown(page)
  expect(shown).toEqual([
    { name: 'Unsorted', titles: [{ title: d.title, status: 'want', note: '' }] },
    {
      name: 'Watch next',
      titles: [
        { title: b.title, status: 'watched', note: '' },
        { title: a.title, status: 'watching', note: 'Rewatch with Mika\nfrom episode 3' },
      ],
    },
    { name: 'Classics', titles: [{ title: c.title, status: '', note: 'The one that started it' }] },
  ])

  await openPanel(page)
  const download = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Download my data' }).click()
  const files = unzipSync(new Uint8Array(await fs.readFile(await (await download).path())))
  const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as ExportedBoard
  expect(boardExported(data)).toEqual(shown)
})
