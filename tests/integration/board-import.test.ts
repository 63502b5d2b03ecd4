import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { ImportResultSchema, LIKES_MAX } from '../../src/shared/board'
import {
  MAL_IMPORT_ERROR_CODES,
  MAL_IMPORT_MAX_BYTES,
  MAL_IMPORT_MESSAGES,
} from '../../src/shared/mal-import'
import { catalogStore } from '../../src/server/catalog/catalog-store'
import { createLimiter, databaseCounters, LIMITS } from '../../src/server/http/limiter'
import { callApp } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import {
  dataFile,
  FRIEREN,
  GATE,
  GATE_KEEPERS,
  SPY_FAMILY,
  STEINS_GATE,
  type TestItem,
} from '../support/bangumi-data-file'
import { malExport, type MalExportEntry } from '../support/mal-export'
import { createTestApp } from '../support/test-app'
import type { TestUser } from '../support/test-users'

/**
 * Importing a MyAnimeList export into the board and downloading the board as CSV (docs/api.md
 * "Import from MyAnimeList", "The board as CSV"), through the app on each database: what an
 * honest export brings, and hostile files refused with the board left as it was.
 */

const file = appWithMail('board-import')
const call = (path: string, init: Parameters<typeof callApp>[2] = {}) =>
  callApp(file.subject.app, path, init)

const withMal = (item: TestItem, malId: string): TestItem => ({
  ...item,
  sites: [...(item.sites ?? []), { site: 'mal', id: malId }],
})
// Frieren carries MyAnimeList id 52991 already; Gate Keepers has none.
const CATALOG = [
  FRIEREN,
  withMal(STEINS_GATE, '9253'),
  withMal(GATE, '28907'),
  GATE_KEEPERS,
  withMal(SPY_FAMILY, '50265'),
]

/** A realistic list: four titles the catalog has, one it has not, every status. */
const LIST: MalExportEntry[] = [
  { id: 9253, title: 'Steins;Gate', status: 'Completed', episodes: 24, score: 10 },
  { id: 52991, title: 'Sousou no Frieren', status: 'Watching', episodes: 28, watched: 20 },
  { id: 5114, title: 'Fullmetal Alchemist: Brotherhood', status: 'Plan to Watch', episodes: 64 },
  { id: 28907, title: 'Gate: Jieitai Kanochi nite, Kaku Tatakaeri', status: 'Dropped' },
  { id: 50265, title: 'Spy x Family', status: 'On-Hold', episodes: 12, watched: 6 },
]
const UNMATCHED = [{ malId: '5114', title: 'Fullmetal Alchemist: Brotherhood' }]

beforeAll(async () => {
  await catalogStore(file.subject.database).load({
    source: 'import',
    version: 'test data',
    bytes: dataFile(CATALOG),
  })
})

const importFile = (user: Pick<TestUser, 'cookie'>, body: Buffer | string, type = 'text/xml') =>
  call('/api/me/likes/import', {
    cookie: user.cookie,
    raw: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': type },
  })

interface BoardLike {
  anime: { id: string }
  folderId: string | null
  status: string | null
  note: string
}
const boardOf = async (user: Pick<TestUser, 'cookie'>) => {
  const answer = await call('/api/me/likes', { cookie: user.cookie })
  expect(answer.status).toBe(200)
  return answer.json.likes as BoardLike[]
}
const statuses = (likes: BoardLike[]) => likes.map((like) => [like.anime.id, like.status])

/** The limit of 10 imports an hour, counted afresh, for tests that send many files. */
const limiter = () => createLimiter(databaseCounters(file.subject.database.db))
const forgetImports = (user: TestUser) => limiter().clear(LIMITS.likesImport, user.uid)

describe('importing a MyAnimeList export', () => {
  it('likes the titles the catalog has in the file order, statuses mapped, and names the rest', async () => {
    const user = await file.createUser()
    const answer = await importFile(user, malExport(LIST))
    expect(answer.status).toBe(200)
    expect(ImportResultSchema.parse(answer.json)).toEqual({
      imported: 4,
      alreadyLiked: 0,
      unmatched: UNMATCHED,
    })
    const likes = await boardOf(user)
    expect(statuses(likes)).toEqual([
      ['bgm-10380', 'watched'],
      ['bgm-400602', 'watching'],
      ['bgm-126173', 'dropped'],
      ['bgm-329906', 'watching'],
    ])
    expect(likes.every((like) => like.folderId === null && like.note === '')).toBe(true)
  })

  it('changes nothing the second time, and keeps the status of a title liked before', async () => {
    const user = await file.createUser()
    expect(
      (await call('/api/me/likes/bgm-10380', { method: 'PUT', cookie: user.cookie })).status,
    ).toBe(200)
    const first = await importFile(user, malExport(LIST))
    expect(first.json).toEqual({ imported: 3, alreadyLiked: 1, unmatched: UNMATCHED })
    const board = await boardOf(user)
    // The new ones come first in Unsorted, in the file's order; Steins;Gate keeps no status.
    expect(statuses(board)).toEqual([
      ['bgm-400602', 'watching'],
      ['bgm-126173', 'dropped'],
      ['bgm-329906', 'watching'],
      ['bgm-10380', null],
    ])
    const again = await importFile(user, malExport(LIST))
    expect(again.json).toEqual({ imported: 0, alreadyLiked: 4, unmatched: UNMATCHED })
    expect(await boardOf(user)).toEqual(board)
  })

  it('reads a gzipped export whatever its Content-Type, and the numeric statuses', async () => {
    const user = await file.createUser()
    const numeric = LIST.map((entry, n) => ({
      ...entry,
      status: ['2', '1', '6', '4', '3'][n] ?? '',
    }))
    const answer = await importFile(user, gzipSync(malExport(numeric)), 'application/octet-stream')
    expect(answer.json).toEqual({ imported: 4, alreadyLiked: 0, unmatched: UNMATCHED })
    expect(statuses(await boardOf(user))).toEqual([
      ['bgm-10380', 'watched'],
      ['bgm-400602', 'watching'],
      ['bgm-126173', 'dropped'],
      ['bgm-329906', 'watching'],
    ])
  })

  it('gives a title listed twice one like, an unknown status none, and a list of nothing nothing', async () => {
    const user = await file.createUser()
    const answer = await importFile(
      user,
      malExport([
        { id: 52991, title: 'Frieren', status: 'Rewatching someday' },
        { id: 52991, title: 'Frieren again', status: 'Completed' },
      ]),
    )
    expect(answer.json).toEqual({ imported: 1, alreadyLiked: 0, unmatched: [] })
    expect(statuses(await boardOf(user))).toEqual([['bgm-400602', null]])
    const empty = await importFile(user, malExport([]))
    expect(empty.json).toEqual({ imported: 0, alreadyLiked: 0, unmatched: [] })
  })

  it('asks for a session, and counts 10 imports an hour for each user', async () => {
    expect((await call('/api/me/likes/import', { raw: malExport(LIST) })).status).toBe(401)
    const user = await file.createUser()
    for (let n = 0; n < 10; n += 1) {
      expect((await importFile(user, malExport([]))).status).toBe(200)
    }
    const refused = await importFile(user, malExport(LIST))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await boardOf(user)).toEqual([])
    await forgetImports(user)
  })

  it(`adds nothing when the board would pass ${LIKES_MAX} titles`, async () => {
    const app = await createTestApp({ smtpUrl: file.smtp.url })
    try {
      const many: TestItem[] = Array.from({ length: LIKES_MAX + 1 }, (_, n) => ({
        title: `Title ${n}`,
        sites: [
          { site: 'bangumi', id: String(900_000 + n) },
          { site: 'mal', id: String(100_000 + n) },
        ],
      }))
      await catalogStore(app.database).load({
        source: 'import',
        version: 'many',
        bytes: dataFile(many),
      })
      const user = await file.createUser(app)
      const list = many.map((_, n) => ({
        id: 100_000 + n,
        title: `Title ${n}`,
        status: 'Completed',
      }))
      const refused = await callApp(app.app, '/api/me/likes/import', {
        cookie: user.cookie,
        raw: malExport(list),
      })
      expect(refused.status).toBe(422)
      expect(refused.json).toEqual({
        code: MAL_IMPORT_ERROR_CODES.tooManyLikes,
        message: MAL_IMPORT_MESSAGES.tooManyLikes,
      })
      const likes = await callApp(app.app, '/api/me/likes', { cookie: user.cookie })
      expect(likes.json.likes).toEqual([])
      const fits = await callApp(app.app, '/api/me/likes/import', {
        cookie: user.cookie,
        raw: malExport(list.slice(0, LIKES_MAX)),
      })
      expect(fits.json).toMatchObject({ imported: LIKES_MAX })
    } finally {
      await app.dispose()
    }
  }, 120_000)
})

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE myanimelist [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>
<anime><series_animedb_id>52991</series_animedb_id><series_title>&lol9;</series_title>
<my_status>Completed</my_status></anime></myanimelist>`

const XXE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE myanimelist [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>
<anime><series_animedb_id>52991</series_animedb_id><series_title>&x;</series_title>
<my_status>Completed</my_status></anime></myanimelist>`

/** An export whose gzip is a few kilobytes and whose XML is past the cap: a comment of spaces. */
const gzipBomb = () =>
  gzipSync(
    Buffer.concat([
      Buffer.from(malExport(LIST).replace('</myanimelist>', '<!--')),
      Buffer.alloc(MAL_IMPORT_MAX_BYTES, ' '),
      Buffer.from('--></myanimelist>'),
    ]),
  )

/** Under 10 MB, and more elements than the reading thread's heap holds. */
const TINY_ELEMENTS = `<?xml version="1.0"?><myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${'<x/>'.repeat(2_400_000)}</myanimelist>`

const REFUSALS: {
  name: string
  body: () => Buffer | string
  status: number
  refusal: keyof typeof MAL_IMPORT_ERROR_CODES
}[] = [
  { name: 'billion laughs', body: () => BILLION_LAUGHS, status: 400, refusal: 'hostile' },
  { name: 'an external entity', body: () => XXE, status: 400, refusal: 'hostile' },
  {
    name: 'a DOCTYPE alone',
    body: () => malExport(LIST).replace('<myanimelist>', '<!DOCTYPE myanimelist><myanimelist>'),
    status: 400,
    refusal: 'hostile',
  },
  {
    name: 'a gzipped external entity',
    body: () => gzipSync(XXE),
    status: 400,
    refusal: 'hostile',
  },
  {
    name: 'over 10 MB as sent',
    body: () => Buffer.alloc(MAL_IMPORT_MAX_BYTES + 1, '<'),
    status: 413,
    refusal: 'tooLarge',
  },
  { name: 'a gzip bomb', body: gzipBomb, status: 413, refusal: 'tooLarge' },
  {
    name: 'millions of empty elements, more than any export holds',
    body: () => TINY_ELEMENTS,
    status: 413,
    refusal: 'tooLarge',
  },
  { name: 'an empty body', body: () => '', status: 400, refusal: 'empty' },
  {
    name: 'CSV',
    body: () => 'anime_id,title\n52991,Frieren\n',
    status: 400,
    refusal: 'notXml',
  },
  {
    name: 'truncated XML',
    body: () => malExport(LIST).slice(0, 1500),
    status: 400,
    refusal: 'notXml',
  },
  {
    name: 'a broken gzip',
    body: () => gzipSync(malExport(LIST)).subarray(0, 200),
    status: 400,
    refusal: 'notXml',
  },
  {
    name: 'a wrong root',
    body: () => '<?xml version="1.0"?><html><body>Frieren</body></html>',
    status: 422,
    refusal: 'notExport',
  },
  { name: 'a manga list', body: () => malExport(LIST, 2), status: 422, refusal: 'notExport' },
  {
    name: 'an id that is no number',
    body: () => malExport(LIST).replace('<series_animedb_id>9253', '<series_animedb_id>bgm-9253'),
    status: 422,
    refusal: 'notExport',
  },
]

describe('imports at once', () => {
  it('reads one file at a time with four waiting, and asks the rest to come back', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => file.createUser()))
    const big = malExport(
      Array.from({ length: 4000 }, (_, n) => ({
        id: 200_000 + n,
        title: `Title ${n}`,
        status: '2',
      })),
    )
    const answers = await Promise.all(users.map((user) => importFile(user, big)))
    const busy = answers.filter((answer) => answer.status === 503)
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(5)
    expect(busy.length).toBeGreaterThan(0)
    for (const answer of busy) {
      expect(answer.json).toEqual({
        code: MAL_IMPORT_ERROR_CODES.busy,
        message: MAL_IMPORT_MESSAGES.busy,
      })
      expect(answer.headers.get('Retry-After')).toBe('5')
    }
  }, 60_000)
})

describe('a hostile or wrong file', () => {
  let user: TestUser
  let other: TestUser
  beforeAll(async () => {
    user = await file.createUser()
    other = await file.createUser()
    await importFile(user, malExport(LIST.slice(0, 2)))
    await importFile(other, malExport(LIST.slice(2)))
  })

  it.each(REFUSALS)('refuses $name and changes no board', async ({ body, status, refusal }) => {
    await forgetImports(user)
    const before = await boardOf(user)
    const otherBefore = await boardOf(other)
    const answer = await importFile(user, body())
    expect(answer.status).toBe(status)
    expect(answer.json).toEqual({
      code: MAL_IMPORT_ERROR_CODES[refusal],
      message: MAL_IMPORT_MESSAGES[refusal],
    })
    expect(await boardOf(user)).toEqual(before)
    expect(await boardOf(other)).toEqual(otherBefore)
  })

  it('reads the next file as usual after one of millions of elements', async () => {
    await forgetImports(user)
    expect((await importFile(user, TINY_ELEMENTS)).status).toBe(413)
    const answer = await importFile(user, malExport(LIST))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ alreadyLiked: 2, unmatched: UNMATCHED })
    // Imported here, the rest of the file is on the board now: start the next tests as before.
    await call('/api/me/likes/bgm-126173', { method: 'DELETE', cookie: user.cookie })
    await call('/api/me/likes/bgm-329906', { method: 'DELETE', cookie: user.cookie })
  }, 60_000)

  it('says why in Japanese to a Japanese browser', async () => {
    await forgetImports(user)
    const answer = await call('/api/me/likes/import', {
      cookie: user.cookie,
      raw: XXE,
      headers: { 'Accept-Language': 'ja' },
    })
    expect(answer.json).toMatchObject({ code: MAL_IMPORT_ERROR_CODES.hostile })
    expect(answer.json.message).toMatch(/DOCTYPE.*読み込みませんでした/)
  })

  it('refuses generated bytes and mangled exports with a 4xx, never a 5xx', async () => {
    const honest = Buffer.from(malExport(LIST))
    const bytes = fc.uint8Array({ minLength: 1, maxLength: 2000 })
    const mangled = fc
      .tuple(fc.nat({ max: honest.length - 1 }), fc.uint8Array({ minLength: 1, maxLength: 8 }))
      .map(([at, junk]) =>
        Buffer.concat([honest.subarray(0, at), junk, honest.subarray(at + junk.length + 1)]),
      )
    const cases = fc.sample(
      fc.oneof(
        bytes.map((raw) => Buffer.from(raw)),
        bytes.map((raw) => Buffer.concat([Buffer.from('<?xml version="1.0"?><myanimelist>'), raw])),
        bytes.map((raw) => gzipSync(raw)),
        mangled,
        mangled.map((raw) => gzipSync(raw)),
      ),
      { seed: 53, numRuns: 60 },
    )
    const codes: string[] = Object.values(MAL_IMPORT_ERROR_CODES)
    for (const body of cases) {
      await forgetImports(user)
      const before = await boardOf(user)
      const answer = await importFile(user, body)
      expect(answer.status, body.toString('hex', 0, 40)).toBeLessThan(500)
      if (answer.status === 200) continue
      expect(codes).toContain(answer.json.code)
      expect(await boardOf(user)).toEqual(before)
    }
    expect(statuses(await boardOf(other))).toEqual([
      ['bgm-126173', 'dropped'],
      ['bgm-329906', 'watching'],
    ])
  }, 60_000)
})
