import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { PUBLIC_FOLDERS_FREE } from '../../src/shared/board'
import { FOLDER_CARD_TITLES } from '../../src/shared/public-folders'
import { callApp, type Call } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { dataFile } from '../support/bangumi-data-file'
import type { TestUser } from '../support/test-users'

/**
 * Public folders (docs/using.md "Public folders", docs/api.md "Public folders"): a folder its
 * owner made public shows at /@handle and at /@handle/slug, page and API, with its old address
 * leading to the new one after a rename; a private folder answers exactly as one that does not
 * exist, to everyone but its owner's board, signed in or not, by id or by name.
 */

const SHELL =
  '<!doctype html><html><head><title>Mofu</title><meta name="description" content="Mofu" /></head>' +
  '<body><div id="root" data-lang="en">shell</div></body></html>'
// The built client's files the pages need: without a renderer they are drawn on the shell.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-folders-'))
fs.mkdirSync(path.join(clientDir, 'pages'))
fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL)
fs.writeFileSync(path.join(clientDir, 'pages', 'shell-standard.html'), SHELL)
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

const file = appWithMail('folders', { app: { clientDir } })
const call = (target: string, init: Call = {}) => callApp(file.subject.app, target, init)
const page = (target: string, init: Call = {}) =>
  call(target, { ...init, headers: { Accept: 'text/html', ...init.headers } })

beforeAll(async () => {
  const titles = Array.from({ length: FOLDER_CARD_TITLES + 2 }, (_, index) => ({
    title: `公開の作品${index + 1}`,
    sites: [{ site: 'bangumi', id: String(index + 1) }],
  }))
  expect(
    await catalogStore(file.subject.database).load({
      source: 'import',
      version: 'test data',
      bytes: dataFile(titles),
    }),
  ).toMatchObject({ status: 'loaded' })
})

let handles = 0
/** A user with a handle of their own. */
async function owner(): Promise<TestUser & { handle: string }> {
  const user = await file.createUser()
  handles += 1
  const handle = `shelf${handles}${Date.now().toString(36)}`
  const saved = await call('/api/me/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    body: { handle },
  })
  expect(saved.status).toBe(200)
  return { ...user, handle }
}

const newFolder = async (user: TestUser, name: string) => {
  const made = await call('/api/me/folders', { cookie: user.cookie, body: { name } })
  expect(made.status).toBe(201)
  return made.json as { id: string; name: string; slug: string; public: boolean }
}
const patchFolder = (user: TestUser, id: string, body: object) =>
  call(`/api/me/folders/${id}`, { method: 'PATCH', cookie: user.cookie, body })
const heart = async (user: TestUser, n: number, folderId: string) =>
  expect(
    (
      await call(`/api/me/likes/bgm-${n}`, {
        method: 'PUT',
        cookie: user.cookie,
        body: { folderId },
      })
    ).status,
  ).toBe(200)

describe('a folder', () => {
  it('is private when made, and its slug comes from its name', async () => {
    const user = await owner()
    expect(await newFolder(user, 'Summer 2024!')).toMatchObject({
      public: false,
      slug: 'summer-2024',
    })
    expect(await newFolder(user, '夏 アニメ')).toMatchObject({ slug: '夏-アニメ' })
    expect(await newFolder(user, 'ＳＵＭＭＥＲ・2024')).toMatchObject({ slug: 'summer-2024-2' })
    expect(await newFolder(user, '★☆★')).toMatchObject({ slug: 'folder' })
  })

  it("shows on /@handle as a card of its first titles in its owner's order, counting them all", async () => {
    const user = await owner()
    const shelf = await newFolder(user, 'Shelf')
    const all = FOLDER_CARD_TITLES + 2
    // Each title hearted lands first.
    for (let n = 1; n <= all; n++) await heart(user, n, shelf.id)
    expect((await patchFolder(user, shelf.id, { public: true })).status).toBe(200)

    const [card] = (await call(`/api/profiles/${user.handle}`)).json.folders as {
      count: number
      titles: { id: string }[]
    }[]
    expect(card?.count).toBe(all)
    expect(card?.titles.map((title) => title.id)).toEqual(
      Array.from({ length: FOLDER_CARD_TITLES }, (_, index) => `bgm-${all - index}`),
    )
    const folder = await call(`/api/profiles/${user.handle}/folders/shelf`)
    expect(folder.json).toMatchObject({ count: all })
    expect((folder.json.titles as { id: string }[]).map((title) => title.id)).toEqual(
      Array.from({ length: all }, (_, index) => `bgm-${all - index}`),
    )
  })

  it('made public shows at /@handle and on its own page, page and API, to anyone', async () => {
    const user = await owner()
    const best = await newFolder(user, 'Best of')
    await heart(user, 2, best.id)
    await heart(user, 1, best.id)
    expect(await patchFolder(user, best.id, { public: true })).toMatchObject({
      status: 200,
      json: { public: true, slug: 'best-of' },
    })

    const profile = await call(`/api/profiles/${user.handle}`)
    expect(profile.json.folders).toEqual([
      expect.objectContaining({ name: 'Best of', slug: 'best-of', count: 2 }),
    ])
    const folder = await call(`/api/profiles/${user.handle}/folders/best-of`)
    expect(folder.status).toBe(200)
    expect(folder.json).toMatchObject({
      name: 'Best of',
      count: 2,
      owner: { username: user.handle },
    })
    expect((folder.json.titles as { id: string }[]).map((title) => title.id)).toEqual([
      'bgm-1',
      'bgm-2',
    ])
    // No status or note of the owner's goes out.
    expect(folder.text).not.toMatch(/status|note/)

    const served = await page(`/@${user.handle}/best-of`)
    expect(served.status).toBe(200)
    expect(served.text).toContain(`<title>Best of (@${user.handle}) · Mofu</title>`)
    expect(served.text).toContain('<meta property="og:title" content="Best of (@')
    expect(served.text).toContain(
      `<link rel="canonical" href="http://localhost:3000/@${user.handle}/best-of" />`,
    )
    // Any other spelling of the address leads to its one address.
    const spelled = await page(`/@${user.handle.toUpperCase()}/Best-Of?x=1`)
    expect(spelled.status).toBe(301)
    expect(spelled.headers.get('location')).toBe(`/@${user.handle}/best-of?x=1`)
  })

  it('keeps every text of its name as text in the page it is drawn on', async () => {
    const user = await owner()
    const name = `</title><script>alert(1)</script>$&`
    const hostile = await newFolder(user, name)
    await patchFolder(user, hostile.id, { public: true })
    const served = await page(`/@${user.handle}/${encodeURIComponent(hostile.slug)}`)
    expect(served.status).toBe(200)
    expect(served.text).not.toContain('<script>alert(1)')
    expect(served.text).toContain(
      `<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&amp; (@${user.handle}) · Mofu</title>`,
    )
    expect(served.text).toContain('content="&lt;/title>&lt;script>alert(1)&lt;/script>$&amp; (@')
    expect(served.text).toContain('\\u003c/title>\\u003cscript>alert(1)\\u003c/script>$&')
  })

  it('renamed, leads from its old address to its new one, page and API', async () => {
    const user = await owner()
    const folder = await newFolder(user, 'Old name')
    await patchFolder(user, folder.id, { public: true })
    expect((await patchFolder(user, folder.id, { name: 'New name' })).json).toMatchObject({
      slug: 'new-name',
    })
    const moved = await page(`/@${user.handle}/old-name?from=share`)
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(`/@${user.handle}/new-name?from=share`)
    expect(moved.headers.get('cache-control')).toBe('no-cache')
    const api = await call(`/api/profiles/${user.handle}/folders/old-name`)
    expect(api.status).toBe(301)
    expect(api.headers.get('location')).toBe(`/api/profiles/${user.handle}/folders/new-name`)
    // Another folder may take the old name: its address is that folder's then.
    const other = await newFolder(user, 'Old name')
    await patchFolder(user, other.id, { public: true })
    expect((await page(`/@${user.handle}/old-name`)).status).toBe(200)
  })

  it('follows its owner to a new handle', async () => {
    const user = await owner()
    const folder = await newFolder(user, 'Moving')
    await patchFolder(user, folder.id, { public: true })
    const renamed = `${user.handle}x`
    await call('/api/me/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      body: { handle: renamed },
    })
    const moved = await page(`/@${user.handle}/moving`)
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(`/@${renamed}/moving`)
  })

  it('public at most PUBLIC_FOLDERS_FREE at once', async () => {
    const user = await owner()
    for (let n = 0; n < PUBLIC_FOLDERS_FREE; n += 1) {
      const folder = await newFolder(user, `Shelf ${n}`)
      expect((await patchFolder(user, folder.id, { public: true })).status).toBe(200)
    }
    const one = await newFolder(user, 'One more')
    expect(await patchFolder(user, one.id, { public: true })).toMatchObject({
      status: 409,
      json: { code: 'PUBLIC_FOLDERS_FULL' },
    })
  })
})

describe('a private folder', () => {
  it('answers to everyone else as one that does not exist, by id or by name', async () => {
    const user = await owner()
    const stranger = await owner()
    const hidden = await newFolder(user, 'Secret stash')
    await heart(user, 3, hidden.id)
    const shown = await newFolder(user, 'Was public')
    await patchFolder(user, shown.id, { public: true })
    await patchFolder(user, shown.id, { name: 'Now private' })
    await patchFolder(user, shown.id, { public: false })

    const unknown = await page(`/@${user.handle}/no-such-folder`)
    expect(unknown.status).toBe(404)
    const unknownApi = await call(`/api/profiles/${user.handle}/folders/no-such-folder`)
    expect(unknownApi.status).toBe(404)
    // The private folder by its slug, its old slug, its id and its name, signed out and signed
    // in (the stranger, and the owner too: only the board shows a private folder).
    const asked = ['secret-stash', 'Secret stash', hidden.id, 'was-public', 'now-private']
    for (const cookie of [undefined, stranger.cookie, user.cookie]) {
      for (const slug of asked) {
        const served = await page(`/@${user.handle}/${encodeURIComponent(slug)}`, { cookie })
        expect([slug, served.status, served.text]).toEqual([slug, 404, unknown.text])
        const api = await call(`/api/profiles/${user.handle}/folders/${encodeURIComponent(slug)}`, {
          cookie,
        })
        expect([slug, api.status, api.json]).toEqual([slug, 404, unknownApi.json])
      }
      const profile = await call(`/api/profiles/${user.handle}`, { cookie })
      expect(profile.json.folders).toEqual([])
      expect(profile.text).not.toContain('Secret')
    }
    // The board's routes are the owner's alone: another user's change is refused as unknown.
    const changed = await patchFolder(stranger, hidden.id, { public: true })
    expect(changed.status).toBe(404)
    expect((await call(`/api/profiles/${user.handle}/folders/secret-stash`)).status).toBe(404)
  })
})

describe('the pinned titles', () => {
  it('show on /@handle in their pinned order, with no status or note of the owner', async () => {
    const user = await owner()
    const stranger = await owner()
    for (const n of [1, 2, 3]) {
      const liked = await call(`/api/me/likes/bgm-${n}`, {
        method: 'PUT',
        cookie: user.cookie,
        body: { status: 'watching', note: `Private thought ${n}` },
      })
      expect(liked.status).toBe(200)
    }
    const pin = (n: number, body?: object) =>
      call(`/api/me/likes/bgm-${n}/pin`, { method: 'PUT', cookie: user.cookie, body })
    expect((await call(`/api/profiles/${user.handle}`)).json.pinned).toEqual([])
    expect((await pin(3)).status).toBe(200)
    expect((await pin(1)).status).toBe(200)
    expect((await pin(2, { place: { after: null } })).status).toBe(200)

    for (const cookie of [undefined, stranger.cookie, user.cookie]) {
      const profile = await call(`/api/profiles/${user.handle}`, { cookie })
      expect(profile.status).toBe(200)
      expect((profile.json.pinned as { id: string }[]).map((title) => title.id)).toEqual([
        'bgm-2',
        'bgm-3',
        'bgm-1',
      ])
      expect(profile.json.pinned).toEqual(
        expect.arrayContaining([expect.objectContaining({ title: '公開の作品1' })]),
      )
      expect(profile.text).not.toMatch(/status|note|watching|Private thought|pinKey/)
    }

    // Unpinned, or its heart taken back, a title leaves the page.
    expect(
      (await call('/api/me/likes/bgm-3/pin', { method: 'DELETE', cookie: user.cookie })).status,
    ).toBe(204)
    expect(
      (await call('/api/me/likes/bgm-2', { method: 'DELETE', cookie: user.cookie })).status,
    ).toBe(204)
    const after = await call(`/api/profiles/${user.handle}`)
    expect((after.json.pinned as { id: string }[]).map((title) => title.id)).toEqual(['bgm-1'])
  })
})
