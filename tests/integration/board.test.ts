import { unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { FOLDERS_MAX } from '../../src/shared/board'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile, type TestItem } from '../support/bangumi-data-file'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * The board (docs/api.md "The board"): folders, the order of folders and of the titles in
 * them, statuses and notes, through the app on each database.
 */

const file = appWithMail('board')
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
  likes: {
    anime: { id: string }
    folderId: string | null
    orderKey: string
    status: string | null
    note: string
  }[]
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

describe('bulk changes', () => {
  it('move the titles named to the end of one folder in that order, and take hearts back', async () => {
    const user = await file.createUser()
    for (const n of [1, 2, 3, 4, 5, 6]) await heart(user, n)
    const a = await newFolder(user, 'A')
    await patchLike(user, 2, { folderId: a.id })
    const moved = await call('/api/me/likes/move', {
      cookie: user.cookie,
      body: { ids: [id(3), id(1), id(5), id(3)], folderId: a.id },
    })
    expect(moved.status).toBe(200)
    expect(await layout(user)).toEqual([
      ['', [6, 4]],
      ['A', [2, 3, 1, 5]],
    ])
    // The answer is the new board.
    expect(moved.json).toEqual(await board(user))
    await call('/api/me/likes/move', {
      cookie: user.cookie,
      body: { ids: [id(2)], folderId: a.id },
    })
    await call('/api/me/likes/move', {
      cookie: user.cookie,
      body: { ids: [id(1)], folderId: null },
    })
    expect(await layout(user)).toEqual([
      ['', [6, 4, 1]],
      ['A', [3, 5, 2]],
    ])

    const removed = await call('/api/me/likes/remove', {
      cookie: user.cookie,
      body: { ids: [id(5), id(6)] },
    })
    expect(removed.status).toBe(200)
    expect(await layout(user)).toEqual([
      ['', [4, 1]],
      ['A', [3, 2]],
    ])
    expect(removed.json).toEqual(await board(user))
  })
})

describe('two sessions moving at once', () => {
  /** Another session of the same user: a second browser, signed in with the password. */
  const secondSession = async (user: TestUser): Promise<TestUser> => {
    const answer = await callAuth(file.subject.app, '/sign-in/email', {
      ip: user.ip,
      body: { email: user.email, password: TEST_PASSWORD },
    })
    expect(answer.status).toBe(200)
    return { ...user, cookie: answer.cookie }
  }

  it('keep every title exactly once, in a total order with no key twice in a folder', async () => {
    const first = await file.createUser()
    const second = await secondSession(first)
    const titles = Array.from({ length: 12 }, (_, index) => index + 1)
    for (const n of titles) await heart(first, n)
    const folders = [null, (await newFolder(first, 'A')).id, (await newFolder(second, 'B')).id]
    // A fixed sequence of moves (a linear congruential generator), the same on every run.
    let seed = 53
    const next = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    const moves = Array.from({ length: 120 }, (_, index) => {
      const after = next(3) === 0 ? null : id(titles[next(titles.length)] ?? 1)
      const session = index % 2 === 0 ? first : second
      return patchLike(session, titles[next(titles.length)] ?? 1, {
        folderId: folders[next(folders.length)],
        place: { after },
      })
    })
    // Folder B goes while the moves run: its titles to Unsorted, a move into it not found.
    moves.splice(
      60,
      0,
      call(`/api/me/folders/${folders[2]}`, { method: 'DELETE', cookie: second.cookie }),
    )
    const statuses = (await Promise.all(moves)).map((answer) => answer.status)
    // A place after a title that is in another folder (or the title itself) is not found.
    expect(statuses.every((status) => [200, 204, 404].includes(status))).toBe(true)
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(20)

    const { folders: left, likes } = await board(first)
    expect(left.map((folder) => folder.name)).toEqual(['A'])
    expect(likes.map((like) => like.anime.id).sort()).toEqual(titles.map(id).sort())
    expect(likes.every((like) => like.folderId === null || like.folderId === folders[1])).toBe(true)
    for (const folder of folders) {
      const keys = likes.filter((like) => like.folderId === folder).map((like) => like.orderKey)
      expect(new Set(keys).size).toBe(keys.length)
      expect(keys).toEqual([...keys].sort())
    }
    expect(await board(second)).toEqual({ folders: left, likes, pinned: [] })
  })

  it('put many titles first at once, each with a key of its own', async () => {
    const first = await file.createUser()
    const second = await secondSession(first)
    const titles = Array.from({ length: 16 }, (_, index) => index + 1)
    for (const n of titles) await heart(first, n)
    const a = await newFolder(first, 'A')
    const answers = await Promise.all(
      titles.map((n) =>
        patchLike(n % 2 === 0 ? first : second, n, { folderId: a.id, place: { after: null } }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(titles.map(() => 200))
    const { likes } = await board(second)
    expect(likes.filter((like) => like.folderId === a.id)).toHaveLength(titles.length)
    expect(new Set(likes.map((like) => like.orderKey)).size).toBe(titles.length)
  })

  it('still places a title between two that share a key, as two writes at once could leave', async () => {
    const user = await file.createUser()
    for (const n of [1, 2, 3, 4]) await heart(user, n)
    // 4, 3, 2, 1 in Unsorted, with 3 and 2 given the same key.
    const key = (await board(user)).likes[1]?.orderKey ?? ''
    await file.subject.database.db
      .updateTable('likes')
      .set({ order_key: key })
      .where('user_id', '=', user.uid)
      .where('anime_id', '=', id(2))
      .execute()
    expect(await layout(user)).toEqual([['', [4, 2, 3, 1]]])
    expect((await patchLike(user, 1, { place: { after: id(2) } })).status).toBe(200)
    expect(await layout(user)).toEqual([['', [4, 2, 1, 3]]])
    const keys = (await board(user)).likes.map((like) => like.orderKey)
    expect(new Set(keys).size).toBe(4)
  })
})

describe("another user's folders and likes", () => {
  it('are not found by any board route, and nothing changes', async () => {
    const [sakura, kaede] = [await file.createUser(), await file.createUser()]
    const hers = await newFolder(sakura, 'Hers')
    await heart(sakura, 1, { folderId: hers.id })
    await heart(sakura, 3)
    const mine = await newFolder(kaede, 'Mine')
    await heart(kaede, 2)
    const [before, beforeKaede] = [await board(sakura), await board(kaede)]

    const tries = [
      call(`/api/me/folders/${hers.id}`, {
        method: 'PATCH',
        cookie: kaede.cookie,
        body: { name: 'Taken over' },
      }),
      call(`/api/me/folders/${hers.id}`, { method: 'DELETE', cookie: kaede.cookie }),
      patchFolder(kaede, mine.id, { place: { after: hers.id } }),
      heart(kaede, 4, { folderId: hers.id }),
      patchLike(kaede, 1, { status: 'watched' }),
      patchLike(kaede, 3, { folderId: null }),
      patchLike(kaede, 2, { folderId: hers.id }),
      patchLike(kaede, 2, { place: { after: id(3) } }),
      call('/api/me/likes/move', {
        cookie: kaede.cookie,
        body: { ids: [id(2)], folderId: hers.id },
      }),
      call('/api/me/likes/move', { cookie: kaede.cookie, body: { ids: [id(1)], folderId: null } }),
      call('/api/me/likes/remove', { cookie: kaede.cookie, body: { ids: [id(2), id(1)] } }),
      call('/api/me/folders/no%20such%20folder', {
        method: 'PATCH',
        cookie: kaede.cookie,
        body: { name: 'x' },
      }),
    ]
    for (const answer of await Promise.all(tries)) {
      expect(answer.status, answer.text).toBe(404)
      expect(answer.json.code).toBe('NOT_FOUND')
    }
    expect(await board(sakura)).toEqual(before)
    expect(await board(kaede)).toEqual(beforeKaede)
  })

  it('need a session', async () => {
    for (const [method, path] of [
      ['POST', '/api/me/folders'],
      ['PATCH', '/api/me/folders/x'],
      ['DELETE', '/api/me/folders/x'],
      ['PATCH', `/api/me/likes/${id(1)}`],
      ['POST', '/api/me/likes/move'],
      ['POST', '/api/me/likes/remove'],
    ] as const) {
      expect((await call(path, { method, body: {} })).status).toBe(401)
    }
  })
})

describe('bad bodies', () => {
  it('answer 400 naming the field, and change nothing', async () => {
    const user = await file.createUser()
    const a = await newFolder(user, 'A')
    await heart(user, 1)
    const before = await board(user)
    const bad: [string, string, unknown, string][] = [
      ['PATCH', `/api/me/likes/${id(1)}`, { status: 'loved' }, 'status'],
      ['PATCH', `/api/me/likes/${id(1)}`, { note: 'x'.repeat(501), status: 'want' }, 'note'],
      ['PATCH', `/api/me/likes/${id(1)}`, { folderId: a.id, place: { after: 5 } }, 'place.after'],
      ['PATCH', `/api/me/likes/${id(1)}`, { folderId: '' }, 'folderId'],
      ['PUT', `/api/me/likes/${id(2)}`, { status: 'nope' }, 'status'],
      ['POST', '/api/me/folders', { name: '  ' }, 'name'],
      ['POST', '/api/me/folders', { name: 'x'.repeat(41) }, 'name'],
      ['PATCH', `/api/me/folders/${a.id}`, { name: 'B', place: { after: [] } }, 'place.after'],
      ['POST', '/api/me/likes/move', { ids: [], folderId: null }, 'ids'],
      ['POST', '/api/me/likes/move', { ids: ['not an id'], folderId: null }, 'ids.0'],
      ['POST', '/api/me/likes/move', { ids: [id(1)] }, 'folderId'],
      ['POST', '/api/me/likes/remove', { ids: id(1) }, 'ids'],
    ]
    for (const [method, path, body, field] of bad) {
      const answer = await call(path, { method, cookie: user.cookie, body })
      expect(answer.status, `${method} ${path}`).toBe(400)
      expect(answer.json).toMatchObject({ code: 'INVALID_INPUT', issues: [{ field }] })
    }
    expect(await board(user)).toEqual(before)

    const ja = await call(`/api/me/likes/${id(1)}`, {
      method: 'PATCH',
      cookie: user.cookie,
      body: { note: 'x'.repeat(501) },
      headers: { 'Accept-Language': 'ja' },
    })
    expect(ja.json).toMatchObject({
      issues: [{ field: 'note', message: '500文字以内にしてください' }],
    })
    const text = await call(`/api/me/likes/${id(2)}`, {
      method: 'PUT',
      cookie: user.cookie,
      raw: '{"status":"want"}',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(text.status).toBe(415)
    expect(await board(user)).toEqual(before)
  })
})

describe('limits', () => {
  it(`keep a board to ${FOLDERS_MAX} folders`, async () => {
    const user = await file.createUser()
    await file.subject.database.db
      .insertInto('folders')
      .values(
        Array.from({ length: FOLDERS_MAX }, (_, index) => ({
          id: `made-${user.uid}-${index}`,
          user_id: user.uid,
          name: `Folder ${index}`,
          name_key: `folder ${index}`,
          order_key: `a${String(index).padStart(3, '0')}`,
          created_at: new Date().toISOString(),
          slug: `folder-${index}`,
        })),
      )
      .execute()
    const full = await call('/api/me/folders', { cookie: user.cookie, body: { name: 'One more' } })
    expect(full.status).toBe(409)
    expect(full.json).toEqual({
      code: 'BOARD_FULL',
      message: 'Your board is full: delete a folder or take back some hearts first.',
    })
    await call(`/api/me/folders/made-${user.uid}-0`, { method: 'DELETE', cookie: user.cookie })
    expect((await newFolder(user, 'One more')).name).toBe('One more')
  })
})

describe('the board in the export', () => {
  it("holds the folders and each like's folder, order, status and note; deleting the account deletes them", async () => {
    const user = await file.createUser()
    const a = await newFolder(user, 'A')
    const b = await newFolder(user, 'B')
    await patchFolder(user, b.id, { place: { after: null } })
    await heart(user, 1)
    await heart(user, 2, { folderId: a.id, status: 'watching', note: 'Episode 3' })
    await heart(user, 3, { folderId: a.id })
    const exported = await callApp(file.subject.app, '/api/me/export', { cookie: user.cookie })
    expect(exported.status).toBe(200)
    const files = unzipSync(new Uint8Array(exported.bytes))
    const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
      folders: unknown
      likes: unknown
    }
    const { folders, likes } = await board(user)
    expect(data.folders).toEqual(
      folders.map((folder) => ({
        id: folder.id,
        name: folder.name,
        orderKey: folder.orderKey,
        createdAt: expect.any(String) as unknown,
        public: false,
        slug: folder.name.toLowerCase(),
      })),
    )
    expect(folders.map((folder) => folder.name)).toEqual(['B', 'A'])
    expect(data.likes).toEqual(
      [
        [1, null, null, ''],
        [3, a.id, null, ''],
        [2, a.id, 'watching', 'Episode 3'],
      ].map(([n, folderId, status, note], index) => ({
        animeId: id(Number(n)),
        title: `ボードの作品${n}`,
        folderId,
        orderKey: likes[index]?.orderKey,
        likedAt: expect.any(String) as unknown,
        status,
        note,
        pinKey: null,
      })),
    )

    const folderCount = async () =>
      (
        await file.subject.database.db
          .selectFrom('folders')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', user.uid)
          .executeTakeFirstOrThrow()
      ).count
    expect(Number(await folderCount())).toBe(2)
    const deleted = await call('/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: TEST_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    expect(Number(await folderCount())).toBe(0)
  })
})
