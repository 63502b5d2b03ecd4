// Second step of `npm run build`, after `vite build` (the client) and `vite build --ssr` (the
// prerender entry, src/client/app/prerender.tsx, into dist/prerender): writes the HTML the server
// sends. dist/client/index.html becomes the home page and dist/client/pages/ holds the other
// pages and the generic shells, each with its page rendered into #root, its title, and a preload
// of the Orbitron font the first paint uses.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

// React's production build, as the browser gets: the markup must be the same.
process.env.NODE_ENV = 'production'
const clientDir = 'dist/client'
const ssr = await import(pathToFileURL(path.resolve('dist/prerender/prerender.js')).href)

const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
const EMPTY_ROOT = '<div id="root"></div>'
const TITLE = '<title>Mofu</title>'
for (const part of [EMPTY_ROOT, TITLE]) {
  if (!template.includes(part)) throw new Error(`dist/client/index.html lacks ${part}`)
}
const font = fs
  .readdirSync(path.join(clientDir, 'assets'))
  .find((name) => /^orbitron-latin-wght-normal-[\w-]+\.woff2$/.test(name))
if (font === undefined) throw new Error('the build has no Orbitron woff2 in dist/client/assets')
const preload = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function write(file, { title, head, root }) {
  const html = template
    .replace(TITLE, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${preload}${head}</head>`)
    .replace(EMPTY_ROOT, root)
  const target = path.join(clientDir, file)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, html)
}

// Rendered first, written after: the home page overwrites the template. A script of React's
// in a page ($RC…) would mean a boundary was left to complete later: none may be there.
const pages = []
for (const pagePath of ssr.PRERENDERED_PATHS) {
  const { head, root } = await ssr.renderPage(pagePath)
  pages.push([
    ssr.pageFile(pagePath),
    {
      title: ssr.pageTitle(pagePath),
      head,
      root: `<div id="root" data-prerendered="${escapeHtml(pagePath)}">${root}</div>`,
    },
  ])
}
// A shell serves many paths; the client titles each page as it renders it.
for (const shell of Object.keys(ssr.GENERIC_SHELL_PATHS)) {
  const { head, root } = await ssr.renderShell(shell)
  pages.push([ssr.shellFile(shell), { title: 'Mofu', head, root: `<div id="root">${root}</div>` }])
}
for (const [file, page] of pages) {
  if (/<script/.test(page.root)) throw new Error(`${file}: React put a script into the page`)
  write(file, page)
}
