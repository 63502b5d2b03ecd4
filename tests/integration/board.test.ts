import { beforeAll, describe, expect, it } from 'vitest'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile, type TestItem } from '../support/bangumi-data-file'
import type { TestUser } from '../support/test-users'

/**
 * The board (docs/api.md "The board"): folders, the order of folders and of the titles in
 * them, statuses and notes, through the app on each database.
 */

const file = appWithMail('board', 221)
const call = (path: string, init: Parameters<typeof callApp>[2] = {}) =>
  callApp(file.subject.app, path, init)

/** Twenty titles, bgm-1 to bgm-20. */
const TITLES: TestItem[] = Array.from({ length: 20 }, (_, index) => ({
  title: `ボードの作品${index + 1}`,
  sites: [{ site: 'bangumi', id: String(index + 1) }],
}))
const id = (n: number) => `bgm-${n}`

beforeAll(async () => {
  expect(
    await catalogStore(file.subject.database).load({
      source: 'import',
      version: 'test data',
      bytes: dataFile(TITLES),
    }),
  ).toMatchObject({ status: 'loaded' })
})

interface Board {
  folders: { id: string; name: string; orderKey: string }[]
  likes: { anime: { id: string }; folderId: string | null; status: string | null; note: string }[]
}

const board = async (user: TestUser) => {
  const answer = await call('/api/me/likes', { cookie: user.cookie })
  expect(answer.status).toBe(200)
  return answer.json as unknown as Board
}

/** The board as names: each folder (Unsorted as '') with its titles' numbers in order. */
const layout = async (user: TestUser) => {
  const { folders, likes } = await board(user)
  const names = new Map(folders.map((folder) => [folder.id, folder.name]))
  const shown: [string, number[]][] = [
    ['', []],
    ...folders.map((f) => [f.name, []] as [string, number[]]),
  ]
  for (const like of likes) {
    const name = like.folderId === null ? '' : (names.get(like.folderId) ?? '?')
    shown.find(([folder]) => folder === name)?.[1].push(Number(like.anime.id.slice(4)))
  }
  return shown
}

const heart = (user: TestUser, n: number, body?: object) =>
  call(`/api/me/likes/${id(n)}`, { method: 'PUT', cookie: user.cookie, body })
const newFolder = async (user: TestUser, name: string) => {
  const answer = await call('/api/me/folders', { cookie: user.cookie, body: { name } })
  expect(answer.status).toBe(201)
  return answer.json as { id: string; name: string }
}
const patchLike = (user: TestUser, n: number, body: object) =>
  call(`/api/me/likes/${id(n)}`, { method: 'PATCH', cookie: user.cookie, body })
const patchFolder = (user: TestUser, folderId: string, body: object) =>
  call(`/api/me/folders/${folderId}`, { method: 'PATCH', cookie: user.cookie, body })

describe('folders', () => {
  it('are made last, renamed, moved and deleted', async () => {
    const user = await file.createUser()
    const watching = await newFolder(user, ' Watching now ')
    expect(watching.name).toBe('Watching now')
    const later = await newFolder(user, 'Later')
    const best = await newFolder(user, 'Best')
    expect((await board(user)).folders.map((f) => f.name)).toEqual([
      'Watching now',
      'Later',
      'Best',
    ])

    expect(await patchFolder(user, best.id, { place: { after: null } })).toMatchObject({
      status: 200,
      json: { id: best.id, name: 'Best' },
    })
    expect(
      (await patchFolder(user, watching.id, { name: 'Now', place: { after: later.id } })).json,
    ).toMatchObject({ name: 'Now' })
    expect((await board(user)).folders.map((f) => f.name)).toEqual(['Best', 'Later', 'Now'])

    expect(
      (await call(`/api/me/folders/${later.id}`, { method: 'DELETE', cookie: user.cookie })).status,
    ).toBe(204)
    expect((await board(user)).folders.map((f) => f.name)).toEqual(['Best', 'Now'])
    expect(
      (await call(`/api/me/folders/${later.id}`, { method: 'DELETE', cookie: user.cookie })).status,
    ).toBe(404)
  })

  it('have names unique per user, ignoring case and width', async () => {
    const [sakura, kaede] = [await file.createUser(), await file.createUser()]
    const anime = await newFolder(sakura, 'Anime')
    for (const name of ['anime', 'ＡＮＩＭＥ', ' ANIME ']) {
      const taken = await call('/api/me/folders', { cookie: sakura.cookie, body: { name } })
      expect(taken.status).toBe(409)
      expect(taken.json).toEqual({
        code: 'FOLDER_NAME_TAKEN',
        message: 'You already have a folder with this name.',
      })
    }
    const other = await newFolder(sakura, 'Other')
    expect((await patchFolder(sakura, other.id, { name: 'aNiMe' })).status).toBe(409)
    // Its own name in another case is a rename, and another user may have the name too.
    expect((await patchFolder(sakura, anime.id, { name: 'ANIME' })).json).toMatchObject({
      name: 'ANIME',
    })
    await newFolder(kaede, 'Anime')
    const ja = await call('/api/me/folders', {
      cookie: sakura.cookie,
      body: { name: 'anime' },
      headers: { 'Accept-Language': 'ja' },
    })
    expect(ja.json).toEqual({
      code: 'FOLDER_NAME_TAKEN',
      message: '同じ名前のフォルダーがすでにあります。',
    })
  })
})

describe('likes on the board', () => {
  it('move within and between folders to the place named', async () => {
    const user = await file.createUser()
    for (const n of [1, 2, 3, 4, 5]) expect((await heart(user, n)).status).toBe(200)
    expect(await layout(user)).toEqual([['', [5, 4, 3, 2, 1]]])
    const a = await newFolder(user, 'A')

    expect(await patchLike(user, 3, { place: { after: id(1) } })).toMatchObject({
      status: 200,
      json: { anime: { id: id(3) }, folderId: null },
    })
    expect(await layout(user)).toEqual([
      ['', [5, 4, 2, 1, 3]],
      ['A', []],
    ])
    expect((await patchLike(user, 1, { folderId: a.id })).json).toMatchObject({ folderId: a.id })
    await patchLike(user, 2, { folderId: a.id, place: { after: id(1) } })
    await patchLike(user, 5, { folderId: a.id, place: { after: null } })
    await patchLike(user, 4, { folderId: a.id, place: { after: id(1) } })
    expect(await layout(user)).toEqual([
      ['', [3]],
      ['A', [5, 1, 4, 2]],
    ])
    await patchLike(user, 5, { folderId: null })
    expect(await layout(user)).toEqual([
      ['', [5, 3]],
      ['A', [1, 4, 2]],
    ])
  })

  it('keep a status and a note, and land where PUT says', async () => {
    const user = await file.createUser()
    const a = await newFolder(user, 'A')
    await heart(user, 7)
    expect(
      (await heart(user, 6, { folderId: a.id, status: 'watched', note: ' Loved it\r\nAgain ' }))
        .json,
    ).toMatchObject({ folderId: a.id, status: 'watched', note: 'Loved it\nAgain' })
    expect((await patchLike(user, 7, { status: 'want', note: 'soon' })).json).toMatchObject({
      status: 'want',
      note: 'soon',
      folderId: null,
    })
    expect((await patchLike(user, 7, { status: null, note: '' })).json).toMatchObject({
      status: null,
      note: '',
    })
    // A heart of a title liked already changes nothing.
    expect((await heart(user, 6, { status: 'dropped' })).json).toMatchObject({ status: 'watched' })
  })

  it('go to the end of Unsorted in their order when their folder is deleted', async () => {
    const user = await file.createUser()
    for (const n of [1, 2, 3, 4]) await heart(user, n)
    const a = await newFolder(user, 'A')
    for (const n of [1, 3]) await patchLike(user, n, { folderId: a.id, place: { after: null } })
    expect(await layout(user)).toEqual([
      ['', [4, 2]],
      ['A', [3, 1]],
    ])
    expect(
      (await call(`/api/me/folders/${a.id}`, { method: 'DELETE', cookie: user.cookie })).status,
    ).toBe(204)
    expect(await layout(user)).toEqual([['', [4, 2, 3, 1]]])
  })
})
