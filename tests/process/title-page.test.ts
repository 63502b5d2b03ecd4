import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { dataFile } from '../support/bangumi-data-file'
import { runMofu } from '../support/mofu-command'
import { startServer, type ServerProcess } from '../support/server-process'

/**
 * A title page as the built server draws it (docs/api.md "Anime"), from a catalog that lies:
 * whatever a title, its translation or its link holds stays text in the page, its head and the
 * data the page carries.
 */

const HOSTILE = '</title><script>alert(1)</script>"\' $& $1 <!--'

let server: ServerProcess
let files: string

beforeAll(async () => {
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-title-page-'))
  server = await startServer()
  // The shipped catalog first, so the import never meets its load.
  await vi.waitFor(() => expect(server.output()).toContain('"msg":"catalog loaded"'), {
    timeout: 30_000,
    interval: 100,
  })
  const file = path.join(files, 'data.json')
  await fs.writeFile(
    file,
    dataFile([
      {
        title: HOSTILE,
        titleTranslate: { en: [`${HOSTILE} en`] },
        officialSite: 'https://example.com/?q="><script>alert(2)</script>',
        begin: '2026-04-03T15:00:00.000Z',
        sites: [{ site: 'bangumi', id: '999999901' }],
      },
    ]),
  )
  const imported = await runMofu(server.env, ['catalog', 'import', file])
  expect(imported.code, imported.stderr).toBe(0)
}, 120_000)

afterAll(async () => {
  await server?.dispose()
  await fs.rm(files, { recursive: true, force: true })
})

it('keeps everything the data says as text: in the title, the tags and the carried data', async () => {
  const answer = await fetch(`${server.url}/anime/bgm-999999901`, {
    headers: { Accept: 'text/html' },
  })
  expect(answer.status).toBe(200)
  const html = await answer.text()
  expect(html).not.toContain('<script>alert(')
  expect(html).not.toContain('</title><script>')
  expect(html).toContain(
    '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;"\' $&amp; $1 &lt;!-- (',
  )
  expect(html).toContain(
    '<meta property="og:title" content="&lt;/title>&lt;script>alert(1)&lt;/script>&quot;\' $&amp; $1 &lt;!-- (',
  )
  const carried = /<script id="mofu-anime" type="application\/json">([^<]*)<\/script>/.exec(html)
  expect(JSON.parse(carried?.[1] ?? '')).toMatchObject({
    id: 'bgm-999999901',
    title: HOSTILE,
    officialSite: 'https://example.com/?q="><script>alert(2)</script>',
  })
  // The page's own scripts are all there is: one JSON block, and the app's.
  expect(html.match(/<script/g)?.length).toBe(
    (await (await fetch(`${server.url}/anime/bgm-400602`)).text()).match(/<script/g)?.length,
  )
})
