import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import {
  PRERENDERED_CONTACT_URL,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
} from '../../shared/public-config'
import {
  isAppRoute,
  languageFile,
  NOT_FOUND_DRAWN_PATH,
  NOT_FOUND_FILE,
  POPUP_DONE_FILE,
  prerenderedFile,
} from '../../shared/routes'
import { cookieIn, SECURE_COOKIE_PREFIX } from '../../shared/cookies'
import { MOFU_COOKIES } from '../../shared/site-cookies'
import type { Language } from '../../shared/language'
import { answerLanguage } from './language'
import { paintFirstLoader, scriptHash } from './paint-first-loader'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'

type Encoding = 'br' | 'gzip'

/** Not-found pages kept compressed, one per path and language asked for lately. */
const NOT_FOUND_KEPT = 500

/** Brotli where the client takes it, else gzip, else none; `;q=0` refuses an encoding. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return undefined
}

export interface ClientAssets {
  routes: Hono
  /** CSP source expressions ('sha256-…') for the inline scripts of the pages. */
  inlineScriptHashes: string[]
  /** The shell of pages with a part of their own (/@handle), in a language, as served. */
  shell: (language: Language) => Page
  /**
   * Markup drawn without the server's settings (the build's renderer) with them written in: the
   * contact link's configured address in place of PRERENDERED_CONTACT_URL.
   */
  withContact: (html: string) => string
  /**
   * A page of the shell with the app asked for only after the page's first paint (see
   * paintFirstLoader); its loader's hash is among inlineScriptHashes.
   */
  paintingFirst: (html: string) => string
  /** Sends a page as every page goes out: compressed, revalidated, one per language. */
  sendPage: (c: Context, page: Page, status: 200 | 404) => Response
  /** Answers 404 with the not-found page for the path asked, in the request's language. */
  sendNotFound: (c: Context) => Response
  /**
   * The build's server-side entry (dist/prerender/prerender.js), loaded on first use; undefined
   * when the build has none.
   */
  serverEntry: () => Promise<Record<string, unknown> | undefined>
}

export interface Page {
  html: string
  etag: string
  /** Compressed on first use, then kept: nothing is compressed again per request. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>
  /**
   * Made while a request waits (a profile's page), so compressed at Brotli's quality 5: a
   * twentieth of quality 11's time for about a tenth more bytes.
   */
  quick: boolean
}

/** A page to serve, with its ETag; `quick` for one made while a request waits. */
export const servedPage = (html: string, { quick = false } = {}): Page => ({
  html,
  etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  encoded: {},
  quick,
})

const SESSION_COOKIES = [
  MOFU_COOKIES.session.name,
  `${SECURE_COOKIE_PREFIX}${MOFU_COOKIES.session.name}`,
]

/** Whether the request carries a session cookie: a hint only, checked nowhere here. */
const hasSessionCookie = (c: Context) =>
  SESSION_COOKIES.some((name) => cookieIn(c.req.header('Cookie'), name) !== undefined)

/** A GET or HEAD of a browser after a page: not a file, not the API. */
export const wantsPage = (c: Context) =>
  (c.req.method === 'GET' || c.req.method === 'HEAD') &&
  !c.req.path.startsWith('/assets/') &&
  !c.req.path.startsWith('/api/') &&
  !path.posix.extname(c.req.path) &&
  /text\/html|\*\/\*/.test(c.req.header('Accept') ?? '*/*')

const compress: Record<Encoding, (page: Page) => Uint8Array<ArrayBuffer>> = {
  br: ({ html, quick }) =>
    new Uint8Array(
      zlib.brotliCompressSync(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quick ? 5 : zlib.constants.BROTLI_MAX_QUALITY,
        },
      }),
    ),
  gzip: ({ html, quick }) => new Uint8Array(zlib.gzipSync(html, { level: quick ? 6 : 9 })),
}

function sendPage(c: Context, page: Page, status: 200 | 404): Response {
  c.header('Cache-Control', REVALIDATE)
  c.header('Vary', 'Accept-Encoding, Cookie, Accept-Language')
  c.header('ETag', page.etag)
  if (status === 200 && c.req.header('If-None-Match') === page.etag) return c.body(null, 304)
  const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
  if (encoding === undefined) return c.html(page.html, status)
  c.header('Content-Encoding', encoding)
  c.header('Content-Type', 'text/html; charset=UTF-8')
  page.encoded[encoding] ??= compress[encoding](page)
  return c.body(page.encoded[encoding], status)
}

export const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

export const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** The contact link's configured address in place of the one the build wrote. */
function contactWriter(publicConfig: PublicConfig) {
  const contactHref = `href="${escapeAttribute(publicConfig.contactUrl)}"`
  // A function replacement: `$&` and the like in the address stay as they are.
  return (html: string) => html.replaceAll(`href="${PRERENDERED_CONTACT_URL}"`, () => contactHref)
}

/**
 * The HTML files of the build: index.html (the home page) and, when the build prerendered them,
 * the other pages and generic shells under pages/ (see prerenderedFile), and each in Japanese
 * beside it (index.ja.html, pages/*.ja.html), each with the public configuration embedded and
 * the configured contact address in its contact link; and
 * the Google sign-in popup's landing page. A path whose file is missing gets index.html.
 */
function readPages(
  dir: string,
  publicConfig: PublicConfig,
  withContact: (html: string) => string,
): Map<string, Page> {
  // `<` is escaped so no value can close the script element.
  const configJson = JSON.stringify(publicConfig).replace(/</g, '\\u003c')
  const configScript = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${configJson}</script>`
  const pagesDir = path.join(dir, 'pages')
  const files = [
    'index.html',
    ...['index.ja.html', POPUP_DONE_FILE].filter((file) => fs.existsSync(path.join(dir, file))),
    ...(fs.existsSync(pagesDir) ? fs.readdirSync(pagesDir).map((name) => `pages/${name}`) : []),
  ]
  return new Map(
    files.map((file) => {
      const html = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace('</head>', () => `${configScript}</head>`)
      return [file, servedPage(withContact(html))]
    }),
  )
}
/**
 * The built client: files under /assets carry a content hash in their name and are cached
 * forever; other public files (images, icons) for an hour; every other GET that wants HTML gets
 * its page (prerendered at build time, see scripts/prerender.mjs) with the public configuration
 * embedded, revalidated on each visit so a new deploy is picked up at once, and with status 404
 * where the app has no such page. The page is in the request's language (the lang cookie, else
 * Accept-Language, else English: never more than the two built), so caches keep one per
 * language (Vary).
 */
export function clientAssets(dir: string, publicConfig: PublicConfig): ClientAssets {
  const withContact = contactWriter(publicConfig)
  const pages = readPages(dir, publicConfig, withContact)
  const home = pages.get('index.html')
  if (home === undefined) throw new Error(`${dir} has no index.html`)
  const paintFirst = paintFirstLoader(home.html)
  const inlineScriptHashes = [
    ...new Set([
      ...[...pages.values()].flatMap(({ html }) =>
        [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) =>
          scriptHash(code ?? ''),
        ),
      ),
      ...(paintFirst.hash === undefined ? [] : [paintFirst.hash]),
    ]),
  ]
  const files = serveStatic({ root: dir, precompressed: true })

  const routes = new Hono()
    .use('*', async (c, next) => {
      // Pages go out only as pages, with the configuration, never as files; the build's records
      // (.vite/manifest.json) not at all.
      const { path: requested } = c.req
      if (requested.endsWith('/') || requested.endsWith('.html') || requested.startsWith('/.')) {
        return next()
      }
      const response = await files(c, next)
      if (!(response instanceof Response)) return
      response.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : SHORT)
      return response
    })
    .use('*', async (c, next) => {
      if (!wantsPage(c)) return next()
      if (!isAppRoute(c.req.path)) return sendNotFound(c)
      const file = prerenderedFile(c.req.path)
      const page = pages.get(languageFile(file, answerLanguage(c))) ?? pages.get(file) ?? home
      return sendPage(c, hasSessionCookie(c) ? withSession(page) : page, 200)
    })
  // A browser with a session cookie gets its page with <html data-session>, so the page keeps
  // room from the first paint for what is shown signed in (the board on /favorites) while the
  // session check is on its way, and nothing below it moves when it comes.
  const sessionPages = new WeakMap<Page, Page>()
  const withSession = (page: Page) => {
    let marked = sessionPages.get(page)
    if (marked === undefined) {
      marked = servedPage(page.html.replace('<html', '<html data-session'))
      sessionPages.set(page, marked)
    }
    return marked
  }
  const shellFile = prerenderedFile('/@')
  const shell = (language: Language) =>
    pages.get(languageFile(shellFile, language)) ?? pages.get(shellFile) ?? home
  // It shows the path asked for (as the address bar has it, encoded), so each path has a page
  // of its own: the latest ones are kept compressed, as the paths most asked for are few.
  const notFound = new Map<string, Page>()
  const sendNotFound = (c: Context) => {
    const language = answerLanguage(c)
    const drawn = pages.get(languageFile(NOT_FOUND_FILE, language)) ?? pages.get(NOT_FOUND_FILE)
    if (drawn === undefined) return sendPage(c, shell(language), 404)
    const asked = new URL(c.req.url).pathname
    const key = `${language}\n${asked}`
    let page = notFound.get(key)
    if (page === undefined) {
      const html = drawn.html.replace(`>${NOT_FOUND_DRAWN_PATH}<`, () => `>${escapeText(asked)}<`)
      page = servedPage(html, { quick: true })
      if (notFound.size >= NOT_FOUND_KEPT) notFound.delete(notFound.keys().next().value ?? '')
      notFound.set(key, page)
    }
    return sendPage(c, page, 404)
  }
  let serverEntry: Promise<Record<string, unknown> | undefined> | undefined
  return {
    routes,
    inlineScriptHashes,
    shell,
    withContact,
    paintingFirst: paintFirst.apply,
    sendPage,
    sendNotFound,
    serverEntry: () => {
      const entry = path.resolve(dir, '..', 'prerender', 'prerender.js')
      serverEntry ??= fs.existsSync(entry)
        ? import(pathToFileURL(entry).href).then((module: Record<string, unknown>) => module)
        : Promise.resolve(undefined)
      return serverEntry
    },
  }
}
