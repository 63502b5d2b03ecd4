import { beforeAll, describe, expect, it } from 'vitest'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile, FRIEREN, GATE, STEINS_GATE, TEST_TITLES } from '../support/bangumi-data-file'
import type { TestUser } from '../support/test-users'

/**
 * GET /api/me/likes/export.csv (docs/api.md "The board as CSV"), on each database: the session's
 * own board, RFC 4180, and no cell a spreadsheet would run as a formula.
 */

const file = appWithMail('board-csv')
const call = (path: string, init: Parameters<typeof callApp>[2] = {}) =>
  callApp(file.subject.app, path, init)

beforeAll(async () => {
  await catalogStore(file.subject.database).load({
    source: 'import',
    version: 'test data',
    bytes: dataFile(TEST_TITLES),
  })
})

/** RFC 4180 read back: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"'
        at += 1
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      at += 1
    } else field += char
  }
  expect(field, 'the file ends with CRLF').toBe('')
  return rows
}

const like = (user: TestUser, id: string) =>
  call(`/api/me/likes/${id}`, { method: 'PUT', cookie: user.cookie })

/** A folder of the user's, made last on their board. */
async function newFolder(user: TestUser, name: string): Promise<string> {
  const answer = await call('/api/me/folders', { cookie: user.cookie, body: { name } })
  expect(answer.status).toBe(201)
  return answer.json.id as string
}
const change = async (user: TestUser, animeId: string, body: Record<string, unknown>) =>
  expect(
    (await call(`/api/me/likes/${animeId}`, { method: 'PATCH', cookie: user.cookie, body })).status,
  ).toBe(200)

describe('the board as CSV', () => {
  it('is a file to save, Unsorted first then each folder in order, quoted as RFC 4180 says', async () => {
    const user = await file.createUser()
    for (const id of ['bgm-400602', 'bgm-10380', 'bgm-126173']) await like(user, id)
    await change(user, 'bgm-126173', { note: 'Rewatch with "Mika", maybe,\nin spring' })
    // The folders' order is not their titles' order: each folder's rows follow its place.
    const first = await newFolder(user, 'First')
    const best = await newFolder(user, 'Best, ever')
    await change(user, 'bgm-10380', { folderId: best, status: 'watched' })
    await change(user, 'bgm-400602', { folderId: first, status: 'watched' })

    const answer = await call('/api/me/likes/export.csv', { cookie: user.cookie })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toMatch(/^text\/csv; charset=utf-8/)
    expect(answer.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="mofu-board-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(answer.text.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = parseCsv(answer.text.slice(1))
    expect(header).toEqual([
      'Folder',
      'Title',
      'Other titles',
      'Type',
      'Began',
      'Status',
      'Note',
      'Liked at',
      'Catalog ID',
    ])
    expect(rows.map((row) => row.filter((_, n) => n !== 7))).toEqual([
      [
        '',
        GATE.title,
        '',
        'tv',
        '2015-07-03',
        '',
        'Rewatch with "Mika", maybe,\nin spring',
        'bgm-126173',
      ],
      [
        'First',
        FRIEREN.title,
        "Frieren: Beyond Journey's End / 葬送的芙莉莲",
        'tv',
        '2023-09-29',
        'watched',
        '',
        'bgm-400602',
      ],
      [
        'Best, ever',
        STEINS_GATE.title,
        'Steins;Gate / 命运石之门',
        'tv',
        '2011-04-05',
        'watched',
        '',
        'bgm-10380',
      ],
    ])
    for (const row of rows) expect(row[7]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)
  })

  it('starts every cell a spreadsheet would run as a formula with an apostrophe', async () => {
    const user = await file.createUser()
    const notes = {
      'bgm-400602': '=HYPERLINK("https://evil.example","Click")',
      'bgm-10380': '+1+cmd',
      'bgm-126173': '-2',
      'bgm-1490': '@SUM(A1:A9)',
      'bgm-329906': '=1+1',
    }
    for (const [id, note] of Object.entries(notes)) {
      await like(user, id)
      await change(user, id, { note })
    }
    await change(user, 'bgm-1490', { folderId: await newFolder(user, "=cmd|' /C calc'!A0") })
    const answer = await call('/api/me/likes/export.csv', { cookie: user.cookie })
    const rows = parseCsv(answer.text.slice(1)).slice(1)
    const noteOf = new Map(rows.map((row) => [row[8], row[6]]))
    expect(Object.fromEntries(noteOf)).toEqual({
      'bgm-400602': `'=HYPERLINK("https://evil.example","Click")`,
      'bgm-10380': "'+1+cmd",
      'bgm-126173': "'-2",
      'bgm-1490': "'@SUM(A1:A9)",
      'bgm-329906': "'=1+1",
    })
    expect(rows.find((row) => row[8] === 'bgm-1490')?.[0]).toBe("'=cmd|' /C calc'!A0")
    // Nothing a spreadsheet reads as a formula is left at the start of any cell.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it("holds the session's own titles only, and asks for a session", async () => {
    const sakura = await file.createUser()
    const kaede = await file.createUser()
    await like(sakura, 'bgm-400602')
    await like(kaede, 'bgm-10380')
    await change(kaede, 'bgm-10380', { folderId: await newFolder(kaede, 'Kaede only') })
    const answer = await call('/api/me/likes/export.csv', { cookie: sakura.cookie })
    const rows = parseCsv(answer.text.slice(1)).slice(1)
    expect(rows.map((row) => row[8])).toEqual(['bgm-400602'])
    expect(answer.text).not.toContain('Kaede only')
    const empty = await call('/api/me/likes/export.csv', {
      cookie: (await file.createUser()).cookie,
    })
    expect(parseCsv(empty.text.slice(1))).toHaveLength(1)
    expect((await call('/api/me/likes/export.csv')).status).toBe(401)
  })
})
