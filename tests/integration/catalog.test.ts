import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { openDatabase } from '../../src/server/db/database'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import {
  dataFile,
  FRIEREN,
  GATE,
  GATE_KEEPERS,
  SPY_FAMILY,
  STEINS_GATE,
  TEST_TITLES,
} from '../support/bangumi-data-file'
import { createTestApp, type TestApp } from '../support/test-app'

/**
 * The anime catalog (docs/api.md "Anime", docs/administration.md "The anime catalog"): loading
 * bangumi-data into the database, search, title pages and hearts, through the app on each
 * database.
 */

const file = appWithMail('catalog')
const call = (path: string, init: Parameters<typeof callApp>[2] = {}) =>
  callApp(file.subject.app, path, init)

const load = (
  app: Pick<TestApp, 'database'>,
  bytes: Buffer,
  source: 'shipped' | 'import' = 'import',
) => catalogStore(app.database).load({ source, version: 'test data', bytes })

/** Apps of their own, for tests that change what the catalog holds. */
const ownApps: TestApp[] = []
async function ownApp(): Promise<TestApp> {
  const app = await createTestApp({ smtpUrl: file.smtp.url })
  ownApps.push(app)
  return app
}
afterEach(async () => {
  await Promise.all(ownApps.splice(0).map((app) => app.dispose()))
})

beforeAll(async () => {
  expect(await load(file.subject, dataFile(TEST_TITLES))).toMatchObject({ status: 'loaded' })
})

const search = async (q: string, app = file.subject.app) => {
  const answer = await callApp(app, `/api/anime/search?q=${encodeURIComponent(q)}`)
  expect(answer.status).toBe(200)
  return (answer.json.results as { id: string; title: string }[]).map((result) => result.title)
}

describe('search', () => {
  it('finds a title by its Japanese, English and Chinese names, signed out', async () => {
    expect(await search('葬送のフリーレン')).toEqual([FRIEREN.title])
    expect(await search('frieren')).toEqual([FRIEREN.title])
    expect(await search('芙莉莲')).toEqual([FRIEREN.title])
  })

  it('folds katakana and hiragana, full and half width, case, punctuation and spaces', async () => {
    expect(await search('ふりーれん')).toEqual([FRIEREN.title])
    expect(await search('ﾌﾘｰﾚﾝ')).toEqual([FRIEREN.title])
    expect(await search('spy family')).toEqual([SPY_FAMILY.title])
    expect(await search('SPY×FAMILY')).toEqual([SPY_FAMILY.title])
    expect(await search('steins gate')).toEqual([STEINS_GATE.title])
    expect(await search('ＳＴＥＩＮＳ；ＧＡＴＥ')).toEqual([STEINS_GATE.title])
  })

  it('puts the exact title first, then titles it begins, then titles it is inside', async () => {
    expect(await search('げーと')).toEqual([GATE.title, GATE_KEEPERS.title, STEINS_GATE.title])
  })

  it('answers at most the number asked for, and nothing for a query of no letters', async () => {
    expect(await callApp(file.subject.app, '/api/anime/search?q=ゲート&limit=2')).toMatchObject({
      status: 200,
      json: { results: [{ title: GATE.title }, { title: GATE_KEEPERS.title }] },
    })
    expect(await search(' ・!? ')).toEqual([])
    const tooMany = await call('/api/anime/search?q=gate&limit=51')
    expect(tooMany.status).toBe(400)
    expect(tooMany.json).toMatchObject({ code: 'INVALID_INPUT', issues: [{ field: 'limit' }] })
    expect((await call('/api/anime/search')).json).toMatchObject({ code: 'INVALID_INPUT' })
  })

  it('finds what a newer catalog adds, once the instance sees the database moved on', async () => {
    const app = await ownApp()
    await load(app, dataFile([GATE]))
    expect(await search('フリーレン', app.app)).toEqual([])
    await load(app, dataFile([GATE, FRIEREN]))
    await vi.waitFor(
      async () => expect(await search('フリーレン', app.app)).toEqual([FRIEREN.title]),
      {
        timeout: 20_000,
        interval: 250,
      },
    )
  })
})

describe('a title', () => {
  it('answers every field, its links without download sites, and its likes', async () => {
    const answer = await call('/api/anime/bgm-400602')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      id: 'bgm-400602',
      title: '葬送のフリーレン',
      lang: 'ja',
      translations: FRIEREN.titleTranslate,
      type: 'tv',
      beginAt: '2023-09-29T14:00:00.000Z',
      endAt: '2024-03-22T15:00:00.000Z',
      broadcast: 'R/2023-09-29T14:00:00.000Z/P7D',
      officialSite: 'https://frieren-anime.jp/',
      sites: [
        {
          site: 'bangumi',
          name: 'Bangumi 番组计划',
          kind: 'info',
          id: '400602',
          url: 'https://bangumi.tv/subject/400602',
        },
        {
          site: 'mal',
          name: 'MyAnimeList',
          kind: 'info',
          id: '52991',
          url: 'https://myanimelist.net/anime/52991',
        },
        {
          site: 'netflix',
          name: 'Netflix',
          kind: 'onair',
          id: '81726714',
          url: 'https://www.netflix.com/title/81726714',
        },
      ],
      likes: 0,
    })
  })

  it('is 404 for an unknown id, in English and in Japanese', async () => {
    for (const id of ['bgm-1', 'nothing', '..%2F..%2Fetc']) {
      const answer = await call(`/api/anime/${id}`)
      expect(answer.status).toBe(404)
      expect(answer.json).toEqual({
        code: 'NOT_FOUND',
        message: 'No anime with this ID in the catalog.',
      })
    }
    const ja = await call('/api/anime/bgm-1', { headers: { 'Accept-Language': 'ja' } })
    expect(ja.json).toEqual({
      code: 'NOT_FOUND',
      message: 'このIDのアニメはカタログにありません。',
    })
  })
})

describe('hearts', () => {
  const put = (cookie: string, id: string) => call(`/api/me/likes/${id}`, { method: 'PUT', cookie })
  const remove = (cookie: string, id: string) =>
    call(`/api/me/likes/${id}`, { method: 'DELETE', cookie })
  const likedIds = async (cookie: string) =>
    ((await call('/api/me/likes', { cookie })).json.likes as { anime: { id: string } }[]).map(
      (like) => like.anime.id,
    )
  const likeCount = async (id: string) => (await call(`/api/anime/${id}`)).json.likes

  it('a heart sent twice at once, and again later, is one like; taking it back twice is fine', async () => {
    const user = await file.createUser()
    const answers = await Promise.all([
      put(user.cookie, 'bgm-10380'),
      put(user.cookie, 'bgm-10380'),
      put(user.cookie, 'bgm-10380'),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(answers[0]?.json).toMatchObject({
      anime: { id: 'bgm-10380', title: STEINS_GATE.title },
      folderId: null,
    })
    expect((await put(user.cookie, 'bgm-10380')).json).toEqual(answers[0]?.json)
    expect(await likedIds(user.cookie)).toEqual(['bgm-10380'])
    expect(await likeCount('bgm-10380')).toBe(1)

    expect((await remove(user.cookie, 'bgm-10380')).status).toBe(204)
    expect((await remove(user.cookie, 'bgm-10380')).status).toBe(204)
    expect(await likedIds(user.cookie)).toEqual([])
    expect(await likeCount('bgm-10380')).toBe(0)
  })

  it('a new heart lands first in Unsorted; each user sees only their own', async () => {
    const [sakura, kaede] = [await file.createUser(), await file.createUser()]
    await put(sakura.cookie, 'bgm-126173')
    await put(sakura.cookie, 'bgm-1490')
    await put(kaede.cookie, 'bgm-1490')
    expect(await likedIds(sakura.cookie)).toEqual(['bgm-1490', 'bgm-126173'])
    expect(await likedIds(kaede.cookie)).toEqual(['bgm-1490'])
    expect(await likeCount('bgm-1490')).toBe(2)
    // Taking a heart back takes back one's own only.
    await remove(kaede.cookie, 'bgm-126173')
    expect(await likedIds(sakura.cookie)).toEqual(['bgm-1490', 'bgm-126173'])
  })

  it('needs a session, and a title the catalog has', async () => {
    expect((await call('/api/me/likes/bgm-10380', { method: 'PUT' })).status).toBe(401)
    expect((await call('/api/me/likes')).status).toBe(401)
    const user = await file.createUser()
    const unknown = await put(user.cookie, 'bgm-1')
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({
      code: 'NOT_FOUND',
      message: 'No anime with this ID in the catalog.',
    })
    expect((await put(user.cookie, 'not an id')).status).toBe(404)
  })

  it('are in the account export and go with the account', async () => {
    const user = await file.createUser()
    await put(user.cookie, 'bgm-400602')
    const exported = await callApp(file.subject.app, '/api/me/export', { cookie: user.cookie })
    expect(exported.status).toBe(200)
    const { unzipSync } = await import('fflate')
    const files = unzipSync(new Uint8Array(exported.bytes))
    const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
      likes: unknown
    }
    expect(data.likes).toEqual([
      {
        animeId: 'bgm-400602',
        title: FRIEREN.title,
        folderId: null,
        orderKey: expect.any(String) as unknown,
        likedAt: expect.any(String) as unknown,
        status: null,
        note: '',
        pinKey: null,
      },
    ])
    const before = (await call('/api/anime/bgm-400602')).json.likes as number
    const deleted = await call('/api/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: 'sakura-123' },
    })
    expect(deleted.status).toBe(204)
    expect(await likeCount('bgm-400602')).toBe(before - 1)
  })
})

describe('loading the catalog', () => {
  it('loads new data once; the same data again changes nothing', async () => {
    const app = await ownApp()
    const bytes = dataFile(TEST_TITLES)
    expect(await load(app, bytes, 'shipped')).toEqual({
      status: 'loaded',
      titles: 5,
      missing: 0,
      generation: 1,
    })
    expect(await load(app, bytes, 'shipped')).toEqual({ status: 'unchanged' })
    expect(await catalogStore(app.database).state()).toMatchObject({
      source: 'shipped',
      version: 'test data',
      generation: 1,
    })
  })

  it('refuses a bad file whole, saying where it is wrong', async () => {
    const app = await ownApp()
    await load(app, dataFile([FRIEREN]))
    const bad = dataFile([STEINS_GATE, { ...GATE, type: 'series' as 'tv' }])
    await expect(load(app, bad)).rejects.toThrow(/^items\[1\]\.type: /)
    expect(await catalogStore(app.database).counts()).toMatchObject({ titles: 1 })
    await expect(load(app, Buffer.from('{"items": ['))).rejects.toThrow(/^not JSON/)
  })

  it('many instances starting at once load it once', async () => {
    const app = await ownApp()
    const bytes = dataFile(TEST_TITLES)
    const instances = Array.from({ length: 4 }, () => openDatabase(app.testDatabase.target))
    try {
      const outcomes = await Promise.all(
        instances.map((database) =>
          catalogStore(database).load({ source: 'shipped', version: 'test data', bytes }),
        ),
      )
      expect(outcomes.filter((outcome) => outcome.status === 'loaded')).toHaveLength(1)
      expect(outcomes.every((outcome) => outcome.status !== 'loaded' || outcome.titles === 5)).toBe(
        true,
      )
    } finally {
      await Promise.all(instances.map((database) => database.close()))
    }
    const state = await catalogStore(app.database).state()
    expect(state?.generation).toBe(1)
    expect(state?.claim).toBe('')
    expect((await catalogStore(app.database).counts()).titles).toBe(5)
  })

  it('takes over from an instance that died loading once its claim runs out', async () => {
    const app = await ownApp()
    const bytes = dataFile(TEST_TITLES)
    // What an instance killed mid-load leaves: its claim, renewed a moment ago.
    await app.database.db
      .insertInto('catalog_state')
      .values({ key: 'catalog', claim: 'a dead instance', claimed_until: Date.now() + 60_000 })
      .execute()
    expect(await load(app, bytes, 'shipped')).toEqual({ status: 'busy' })
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 })
    try {
      expect(await load(app, bytes, 'shipped')).toMatchObject({ status: 'loaded', titles: 5 })
    } finally {
      vi.useRealTimers()
    }
    expect(await catalogStore(app.database).state()).toMatchObject({ claim: '', generation: 1 })
  })

  it('keeps a liked title a newer file lacks, and a title its id when the data gives it a Bangumi id', async () => {
    const app = await ownApp()
    const noBangumiYet = { title: 'まだ番組', sites: [{ site: 'mal', id: '777' }] }
    await load(app, dataFile([FRIEREN, STEINS_GATE, noBangumiYet]))
    const user = await file.createUser(app)
    expect(
      (await callApp(app.app, '/api/me/likes/bgm-10380', { method: 'PUT', cookie: user.cookie }))
        .status,
    ).toBe(200)
    expect((await callApp(app.app, '/api/anime/mal-777')).status).toBe(200)

    const renamed = { ...FRIEREN, titleTranslate: { en: ['Frieren'] } }
    const gained = {
      ...noBangumiYet,
      sites: [{ site: 'bangumi', id: '999' }, ...noBangumiYet.sites],
    }
    expect(await load(app, dataFile([renamed, gained]))).toMatchObject({
      status: 'loaded',
      titles: 2,
      missing: 1,
    })
    expect((await callApp(app.app, '/api/anime/bgm-400602')).json).toMatchObject({
      translations: { en: ['Frieren'] },
    })
    expect((await callApp(app.app, '/api/anime/mal-777')).status).toBe(200)
    expect((await callApp(app.app, '/api/anime/bgm-999')).status).toBe(404)
    expect((await callApp(app.app, '/api/anime/bgm-10380')).json).toMatchObject({
      title: STEINS_GATE.title,
      likes: 1,
    })
    expect(
      (
        (await callApp(app.app, '/api/me/likes', { cookie: user.cookie })).json.likes as {
          anime: { id: string }
        }[]
      ).map((like) => like.anime.id),
    ).toEqual(['bgm-10380'])
  })
})
