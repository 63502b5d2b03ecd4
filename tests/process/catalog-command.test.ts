import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runMofu, type MofuResult } from '../support/mofu-command'
import { dataFile, FRIEREN } from '../support/bangumi-data-file'
import { startServer, type ServerProcess } from '../support/server-process'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

/**
 * The anime catalog as an operator sees it (docs/administration.md "The anime catalog"): the
 * built server loading the shipped bangumi-data at start, and `mofu catalog status` and
 * `mofu catalog import` against it, on each database.
 */

/** Each run of the command is a Node process start (about 1 s idle, several on a busy machine). */
const SLOW = 120_000
const { version: SHIPPED_VERSION } = JSON.parse(
  await fs.readFile(
    path.resolve(import.meta.dirname, '../../node_modules/bangumi-data/package.json'),
    'utf8',
  ),
) as { version: string }

describe.each(['sqlite', 'postgres'] as const)('mofu catalog on %s', (dialect) => {
  let database: TestDatabase
  let server: ServerProcess
  let files: string
  const mofu = (...args: string[]) => runMofu(server.env, args)
  const json = (result: MofuResult) => JSON.parse(result.stdout) as Record<string, unknown>
  const status = async () => json(await mofu('catalog', 'status', '--json'))
  const write = async (name: string, bytes: Buffer | string) => {
    const file = path.join(files, name)
    await fs.writeFile(file, bytes)
    return file
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    files = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-catalog-'))
    server = await startServer({ env: { DATABASE_URL: database.url } })
  }, 60_000)

  afterAll(async () => {
    await server?.dispose()
    await Promise.all([database?.drop(), fs.rm(files, { recursive: true, force: true })])
  }, SLOW)

  it(
    'the server loads the shipped data once it runs, and a start with nothing new loads nothing',
    async () => {
      await vi.waitFor(() => expect(server.output()).toContain('"msg":"catalog loaded"'), {
        timeout: 30_000,
        interval: 100,
      })
      // A first start serves at once: the catalog loads after the server listens.
      const output = server.output()
      expect(output.indexOf('Mofu is ready')).toBeGreaterThan(-1)
      expect(output.indexOf('Mofu is ready')).toBeLessThan(output.indexOf('"msg":"catalog loaded"'))
      const shipped = await status()
      expect(shipped).toMatchObject({
        source: 'shipped',
        version: `bangumi-data ${SHIPPED_VERSION}`,
        missing: 0,
        likes: 0,
      })
      expect(shipped.titles).toBeGreaterThan(8000)
      await vi.waitFor(
        async () => {
          const search = await fetch(
            `${server.url}/api/anime/search?q=${encodeURIComponent('ふりーれん')}`,
          )
          const { results } = (await search.json()) as { results: { title: string }[] }
          expect(results[0]?.title).toBe(FRIEREN.title)
        },
        { timeout: 30_000, interval: 250 },
      )

      await server.dispose()
      server = await startServer({ env: { DATABASE_URL: database.url } })
      await vi.waitFor(() => expect(server.output()).toContain('"msg":"catalog up to date"'), {
        timeout: 30_000,
        interval: 100,
      })
      expect(server.output()).not.toContain('"msg":"catalog loaded"')
      expect(await status()).toEqual(shipped)
    },
    SLOW,
  )

  it(
    'import refuses a bad file whole and says where it is wrong',
    async () => {
      const before = await status()
      const notJson = await mofu('catalog', 'import', await write('broken.json', '{"items": ['))
      expect(notJson.code).toBe(1)
      expect(notJson.stderr).toMatch(/broken\.json is not bangumi-data; nothing changed\. not JSON/)

      const wrongType = dataFile([
        { ...FRIEREN, titleTranslate: { en: ['Frieren, renamed'] } },
        { title: 'ふしぎな番組', type: 'series' as 'tv' },
      ])
      const refused = await mofu('catalog', 'import', await write('wrong.json', wrongType))
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(
        'wrong.json is not bangumi-data; nothing changed. items[1].type:',
      )
      expect(await status()).toEqual(before)
      const frieren = await fetch(`${server.url}/api/anime/bgm-400602`)
      expect(await frieren.json()).not.toMatchObject({ translations: { en: ['Frieren, renamed'] } })

      const missing = await mofu('catalog', 'import', path.join(files, 'no-such-file.json'))
      expect(missing).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('ENOENT') as unknown,
      })
    },
    SLOW,
  )

  it(
    'import loads a newer file once, keeps the titles it lacks, and search follows',
    async () => {
      const before = await status()
      const newer = dataFile([
        { ...FRIEREN, titleTranslate: { en: ['Frieren, renamed'] } },
        { title: 'まだ見ぬ新番組', sites: [{ site: 'bangumi', id: '99999999' }] },
      ])
      const file = await write('data.json', newer)
      const imported = await mofu('catalog', 'import', file, '--json')
      expect(imported.code).toBe(0)
      expect(json(imported)).toMatchObject({
        status: 'loaded',
        titles: Number(before.titles) + 1,
        missing: Number(before.titles) - 1,
      })
      expect(await status()).toMatchObject({ source: 'import', version: 'data.json' })

      const again = await mofu('catalog', 'import', file)
      expect(again.code).toBe(0)
      expect(again.stdout).toContain('The catalog has this file already')
      expect((await status()).titles).toBe(Number(before.titles) + 1)

      expect(await (await fetch(`${server.url}/api/anime/bgm-400602`)).json()).toMatchObject({
        translations: { en: ['Frieren, renamed'] },
      })
      await vi.waitFor(
        async () => {
          const answer = await fetch(
            `${server.url}/api/anime/search?q=${encodeURIComponent('マダ見ヌ新')}`,
          )
          expect(await answer.json()).toMatchObject({ results: [{ id: 'bgm-99999999' }] })
        },
        { timeout: 30_000, interval: 500 },
      )
    },
    SLOW,
  )
})
