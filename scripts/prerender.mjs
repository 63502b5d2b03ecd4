// Second step of `npm run build`, after `vite build` (the client) and `vite build --ssr` (the
// prerender entry, src/client/app/prerender.tsx, into dist/prerender): writes the HTML the server
// sends. dist/client/index.html becomes the home page and dist/client/pages/ holds the other
// pages and the generic shells, each with its page rendered into #root, its title, and a preload
// of the Orbitron font the first paint uses. Every page is written in each language: English as
// named, Japanese beside it as *.ja.html, with <html lang> and #root's data-lang saying which.
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
const LANG = '<html lang="en"'
const DESCRIPTION = `<meta name="description" content="${ssr.description('en')}" />`
for (const part of [EMPTY_ROOT, TITLE, LANG, DESCRIPTION]) {
  if (!template.includes(part)) throw new Error(`dist/client/index.html lacks ${part}`)
}
const font = fs
  .readdirSync(path.join(clientDir, 'assets'))
  .find((name) => /^orbitron-latin-wght-normal-[\w-]+\.woff2$/.test(name))
if (font === undefined) throw new Error('the build has no Orbitron woff2 in dist/client/assets')
const preload = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin>`

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function write(file, { language, title, head, root }) {
  const html = template
    .replace(LANG, `<html lang="${language}"`)
    .replace(
      DESCRIPTION,
      `<meta name="description" content="${escapeHtml(ssr.description(language))}" />`,
    )
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
for (const language of ssr.LANGUAGES) {
  for (const pagePath of ssr.PRERENDERED_PAGE_PATHS) {
    const { head, root } = await ssr.renderPage(pagePath, language)
    pages.push([
      ssr.languageFile(ssr.pageFile(pagePath), language),
      {
        language,
        title: ssr.localTitle(pagePath, language),
        head,
        root: `<div id="root" data-prerendered="${escapeHtml(pagePath)}" data-lang="${language}">${root}</div>`,
      },
    ])
  }
  // The not-found page carries its path once, where the server writes the one asked for; the
  // client draws it afresh, as a shell (it looks the path up first at /@handle).
  {
    const { head, root } = await ssr.renderPage(ssr.NOT_FOUND_DRAWN_PATH, language)
    const drawn = root.split(`>${ssr.NOT_FOUND_DRAWN_PATH}<`).length - 1
    if (drawn !== 1) throw new Error(`the not-found page shows its path ${drawn} times, not once`)
    pages.push([
      ssr.languageFile(ssr.NOT_FOUND_FILE, language),
      {
        language,
        title: ssr.localTitle(ssr.NOT_FOUND_DRAWN_PATH, language),
        head,
        root: `<div id="root" data-lang="${language}">${root}</div>`,
      },
    ])
  }
  // A shell serves many paths; the client titles each page as it renders it.
  for (const shell of Object.keys(ssr.GENERIC_SHELL_PATHS)) {
    const { head, root } = await ssr.renderShell(shell, language)
    pages.push([
      ssr.languageFile(ssr.shellFile(shell), language),
      {
        language,
        title: 'Mofu',
        head,
        root: `<div id="root" data-lang="${language}">${root}</div>`,
      },
    ])
  }
}
for (const [file, page] of pages) {
  if (/<script/.test(page.root)) throw new Error(`${file}: React put a script into the page`)
  write(file, page)
}
