import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/public-config'
import { isAppRoute } from '../../shared/routes'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'

type Encoding = 'br' | 'gzip'

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
  /** CSP source expressions ('sha256-…') for the inline scripts of index.html. */
  inlineScriptHashes: string[]
}

/**
 * The built client: files under /assets carry a content hash in their name and are cached
 * forever; other public files (images, icons) for an hour; every other GET that wants HTML gets
 * index.html with the public configuration embedded, revalidated on each visit so a new deploy is
 * picked up at once, and with status 404 where the app has no such page.
 */
export function clientAssets(dir: string, publicConfig: PublicConfig): ClientAssets {
  const template = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
  const inlineScriptHashes = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  )
  // `<` is escaped so no value can close the script element.
  const configJson = JSON.stringify(publicConfig).replace(/</g, '\\u003c')
  const indexHtml = template.replace(
    '</head>',
    `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${configJson}</script></head>`,
  )
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`
  // Compressed once here, as the build does for the other files: nothing is compressed per request.
  const indexEncoded: Record<Encoding, Uint8Array<ArrayBuffer>> = {
    br: new Uint8Array(
      zlib.brotliCompressSync(indexHtml, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }),
    ),
    gzip: new Uint8Array(zlib.gzipSync(indexHtml, { level: 9 })),
  }
  const files = serveStatic({ root: dir, precompressed: true })

  const routes = new Hono()
    .use('*', async (c, next) => {
      if (c.req.path.endsWith('/') || c.req.path === '/index.html') return next()
      const response = await files(c, next)
      if (!(response instanceof Response)) return
      response.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : SHORT)
      return response
    })
    .use('*', async (c, next) => {
      const wantsPage =
        (c.req.method === 'GET' || c.req.method === 'HEAD') &&
        !c.req.path.startsWith('/assets/') &&
        !c.req.path.startsWith('/api/') &&
        !path.posix.extname(c.req.path) &&
        /text\/html|\*\/\*/.test(c.req.header('Accept') ?? '*/*')
      if (!wantsPage) return next()
      c.header('Cache-Control', REVALIDATE)
      c.header('ETag', indexEtag)
      const status = isAppRoute(c.req.path) ? 200 : 404
      if (status === 200 && c.req.header('If-None-Match') === indexEtag) return c.body(null, 304)
      c.header('Vary', 'Accept-Encoding')
      const encoding = preferredEncoding(c.req.header('Accept-Encoding'))
      if (encoding === undefined) return c.html(indexHtml, status)
      c.header('Content-Encoding', encoding)
      c.header('Content-Type', 'text/html; charset=UTF-8')
      return c.body(indexEncoded[encoding], status)
    })
  return { routes, inlineScriptHashes }
}
