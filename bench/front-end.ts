import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const ROOT = path.resolve(import.meta.dirname, '..')

export interface FirstLoad {
  /** Gzip level 9 of each script index.html loads (module, modulepreload, inline), summed. */
  jsGzipBytes: number
  cssGzipBytes: number
  /** What was counted: asset paths, and '(inline script)' for each inline one. */
  files: string[]
}

export interface FrontEndSizes {
  app: FirstLoad
  /**
   * The JavaScript /?account=true adds to what / loads at once (the entry and the session chunk
   * it imports right away): the account panel's chunks, gzip level 9 file by file. Absent in
   * results from before issue 12.
   */
  accountPanel?: FirstLoad
  /**
   * The UI library alone (React and react-dom), rendering one element, built the same way.
   * Results from before issue 28 measured Preact with preact/compat here, and older ones have
   * `reactAlone` instead.
   */
  libraryAlone: FirstLoad
}

const gzipSize = (code: Buffer | string) => zlib.gzipSync(code, { level: 9 }).length
const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1]

/** What the first load of a built index.html fetches and runs, gzipped file by file. */
async function firstLoad(dir: string): Promise<FirstLoad> {
  const html = await fs.readFile(path.join(dir, 'index.html'), 'utf8')
  const scripts: Buffer[] = []
  const styles: Buffer[] = []
  const files: string[] = []
  const read = async (href: string) => {
    files.push(href)
    return fs.readFile(path.join(dir, href))
  }
  for (const [, attributes = '', code = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    const src = attribute(attributes, 'src')
    if (src !== undefined) {
      scripts.push(await read(src))
    } else if (!/\btype="application\/json"/.test(attributes)) {
      files.push('(inline script)')
      scripts.push(Buffer.from(code))
    }
  }
  for (const [, attributes = ''] of html.matchAll(/<link\b([^>]*)>/g)) {
    const rel = attribute(attributes, 'rel')
    const href = attribute(attributes, 'href')
    if (href === undefined) continue
    if (rel === 'modulepreload') scripts.push(await read(href))
    if (rel === 'stylesheet') styles.push(await read(href))
  }
  const total = (parts: Buffer[]) => parts.reduce((sum, part) => sum + gzipSize(part), 0)
  return { jsGzipBytes: total(scripts), cssGzipBytes: total(styles), files }
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
export const SESSION = 'src/client/app/account-session.ts'
const ACCOUNT_PANEL = 'src/client/app/account-panel.tsx'

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

const LIBRARY_ENTRY = `import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<h1>Mofu</h1>)
`
const LIBRARY_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>The UI library alone</title>
<script type="module" src="/main.tsx"></script></head>
<body><div id="root"></div></body></html>
`

/**
 * React + react-dom rendering one element, built by Vite as the app is (React plugin, minified,
 * production mode) in a temporary folder that borrows the project's node_modules.
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
