import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const ROOT = path.resolve(import.meta.dirname, '..')

export interface FirstLoad {
  /** Gzip level 9 of each script counted (see firstLoad), summed. */
  jsGzipBytes: number
  cssGzipBytes: number
  /** What was counted: asset paths, and '(inline script)' for each inline one. */
  files: string[]
  /**
   * Each script counted with its gzipped size, in the order the page asked for them; absent
   * from older results, which counted only what index.html references.
   */
  scripts?: { file: string; gzipBytes: number }[]
}

export interface FrontEndSizes {
  /** The first load of /, counted whole in Chromium (see firstLoad). */
  app: FirstLoad
  /**
   * The JavaScript /?account=true adds to what / loads at once (the entry and the session chunk
   * it imports right away): the account panel's chunks, gzip level 9 file by file. Absent in
   * older results.
   */
  accountPanel?: FirstLoad
  /**
   * The UI library alone (React and react-dom) hydrating one prerendered element, built and
   * counted the same way. Older results measured Preact with preact/compat here,
   * and the oldest have `reactAlone` instead.
   */
  libraryAlone: FirstLoad
}

const gzipSize = (code: Buffer | string) => zlib.gzipSync(code, { level: 9 }).length

/** The browser the e2e tests drive (playwright.config.ts): Debian's Chromium. */
const CHROMIUM = '/usr/bin/chromium'
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.json': 'application/json',
}

/** What the server answers a signed-out visitor's session check (features/account/session-check.ts). */
const SESSION_PATH = '/api/auth/get-session'

/**
 * Serves `dir` as it is built, `/` as its index.html, and the session check as the server
 * answers a signed-out visitor (`null`); anything else answers 404.
 */
async function serveBuilt(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const root = path.resolve(dir)
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    if (pathname === SESSION_PATH) {
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('null')
    }
    const file = path.resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`)
    if (!file.startsWith(`${root}${path.sep}`)) return void response.writeHead(404).end()
    fs.readFile(file).then(
      (body) =>
        response
          .writeHead(200, {
            'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          })
          .end(body),
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Set in the page before its own scripts: once #root has lost its data-prerendered mark, the
 * scripts fetched so far go to window.loadedBeforeInteractive (a script not fetched by then has
 * not run either).
 */
const RECORD_SCRIPTS_AT_INTERACTIVE = `new MutationObserver((records, observer) => {
  const root = document.getElementById('root')
  if (root === null || root.hasAttribute('data-prerendered')) return
  window.loadedBeforeInteractive = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((pathname) => pathname.endsWith('.js'))
  observer.disconnect()
}).observe(document, { subtree: true, attributeFilter: ['data-prerendered'] })`

/**
 * Every script / runs before it is interactive, counted whole: the built `dir` is loaded in
 * Chromium, and the scripts fetched (the HTML's own and every import after them: the session
 * check, the page, what they import) are listed at the moment #root loses its
 * data-prerendered mark, which the app drops once the page has hydrated. Each is counted as
 * its file gzipped at level 9, as are the HTML's inline scripts; with the stylesheets the HTML
 * links.
 */
export async function firstLoad(dir: string): Promise<FirstLoad> {
  const html = await fs.readFile(path.join(dir, 'index.html'), 'utf8')
  const server = await serveBuilt(dir)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    // As text: tsx, which runs the bench, would wrap a function in helpers the page lacks.
    await page.addInitScript({ content: RECORD_SCRIPTS_AT_INTERACTIVE })
    await page.goto(server.url)
    const loaded = await page.waitForFunction('window.loadedBeforeInteractive')
    const files = [...new Set((await loaded.jsonValue()) as string[])]
    const scripts = await Promise.all(
      files.map(async (file) => ({
        file,
        gzipBytes: gzipSize(await fs.readFile(path.join(dir, file))),
      })),
    )
    for (const [, attributes = '', code = ''] of html.matchAll(
      /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
    )) {
      if (/\bsrc=/.test(attributes) || /\btype="application\/json"/.test(attributes)) continue
      scripts.unshift({ file: '(inline script)', gzipBytes: gzipSize(code) })
    }
    let cssGzipBytes = 0
    for (const [, href = ''] of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)) {
      cssGzipBytes += gzipSize(await fs.readFile(path.join(dir, href)))
    }
    return {
      jsGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
      cssGzipBytes,
      files: scripts.map((script) => script.file),
      scripts,
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** Vite's manifest of the built client: each chunk's file and static imports, by source. */
export type Manifest = Record<string, ManifestChunk>

const MANIFEST = '.vite/manifest.json'
/** Vite names the entry chunk after the HTML that loads main.tsx. */
export const ENTRY = 'index.html'
/** main.tsx imports it at once on every page. */
export const SESSION = 'src/client/app/account/account-session.ts'
const ACCOUNT_PANEL = 'src/client/app/account/account-panel.tsx'

export async function readManifest(dir: string): Promise<Manifest> {
  return JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest
}

/** The manifest keys `keys` import statically, themselves included. */
export function withStaticImports(manifest: Manifest, keys: string[]): Set<string> {
  const found = new Set<string>()
  const visit = (key: string) => {
    if (found.has(key)) return
    const chunk = manifest[key]
    if (chunk === undefined) throw new Error(`${MANIFEST} has no ${key}`)
    found.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return found
}

/** The account panel's chunks and their static imports, less those / has loaded already. */
export async function accountPanelLoad(dir: string): Promise<FirstLoad> {
  const manifest = await readManifest(dir)
  const loaded = withStaticImports(manifest, [ENTRY, SESSION])
  const files = [...withStaticImports(manifest, [ACCOUNT_PANEL])]
    .filter((key) => !loaded.has(key))
    .map((key) => `/${manifest[key]?.file ?? key}`)
  let jsGzipBytes = 0
  for (const file of files) jsGzipBytes += gzipSize(await fs.readFile(path.join(dir, file)))
  return { jsGzipBytes, cssGzipBytes: 0, files }
}

const LIBRARY_ENTRY = `import { useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'

const root = document.getElementById('root')!
function Page() {
  useEffect(() => {
    delete root.dataset.prerendered
  }, [])
  return <h1>Mofu</h1>
}
hydrateRoot(root, <Page />)
`
const LIBRARY_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>The UI library alone</title>
<script type="module" src="/main.tsx"></script></head>
<body><div id="root" data-prerendered="/"><h1>Mofu</h1></div></body></html>
`

/**
 * React + react-dom hydrating one prerendered element and dropping the mark as the app does,
 * built by Vite as the app is (React plugin, minified, production mode) in a temporary folder
 * that borrows the project's node_modules, and counted as the app is (firstLoad).
 */
async function buildLibraryAlone(): Promise<FirstLoad> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-library-alone-'))
  try {
    await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
    await fs.writeFile(path.join(dir, 'main.tsx'), LIBRARY_ENTRY)
    await fs.writeFile(path.join(dir, 'index.html'), LIBRARY_HTML)
    const outDir = path.join(dir, 'dist')
    await build({
      root: dir,
      configFile: false,
      mode: 'production',
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, minify: true },
    })
    return await firstLoad(outDir)
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

export async function measureFrontEnd(clientDir: string): Promise<FrontEndSizes> {
  return {
    app: await firstLoad(clientDir),
    accountPanel: await accountPanelLoad(clientDir),
    libraryAlone: await buildLibraryAlone(),
  }
}
