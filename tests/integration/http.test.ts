import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strictObject } from 'zod/mini'
import { ApiErrorSchema } from '../../src/shared/api-error'
import { THIS_CHECKOUT } from '../support/build-identity'
import { PACKAGE_VERSION } from '../support/package-version'
import { callApp, type Call } from '../support/api'
import { createTestApp, type TestApp } from '../support/test-app'

let clientDir: string
let subject: TestApp
const bigScript = `console.log(${JSON.stringify('mofu '.repeat(2000))})`
const inlineScript = "document.documentElement.classList.add('dark')"

beforeAll(async () => {
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-client-'))
  await fs.mkdir(path.join(clientDir, 'assets'))
  await fs.writeFile(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><script>${inlineScript}</script></head><body><div id="root"></div></body></html>`,
  )
  await fs.writeFile(path.join(clientDir, 'assets', 'app-3f9a1c.js'), bigScript)
  await fs.writeFile(
    path.join(clientDir, 'assets', 'app-3f9a1c.js.br'),
    zlib.brotliCompressSync(bigScript),
  )
  await fs.writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\n')
  // What scripts/prerender.mjs writes beside index.html (the home page).
  await fs.mkdir(path.join(clientDir, 'pages'))
  await fs.mkdir(path.join(clientDir, '.vite'))
  // And each page in Japanese beside it (*.ja.html).
  await fs.writeFile(
    path.join(clientDir, 'index.ja.html'),
    `<!doctype html><html lang="ja"><head><script>${inlineScript}</script></head><body><div id="root">ホーム</div></body></html>`,
  )
  for (const [file, marker] of [
    ['settings.html', 'settings page'],
    ['shell-standard.html', 'standard shell'],
    ['shell-player.html', 'player shell'],
    ['settings.ja.html', '設定ページ'],
    ['shell-standard.ja.html', '標準シェル'],
  ] as const) {
    await fs.writeFile(
      path.join(clientDir, 'pages', file),
      `<!doctype html><html><head><script>${inlineScript}</script></head><body><div id="root">${marker}</div></body></html>`,
    )
  }
  await fs.writeFile(path.join(clientDir, '.vite', 'manifest.json'), '{}')
  subject = await createTestApp({ app: { clientDir } })
})

afterAll(async () => {
  await subject.dispose()
  await fs.rm(clientDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  callApp(subject.app, url, { headers })

describe('health', () => {
  it('answers /healthz while the process lives', async () => {
    const response = await get('/healthz')
    expect(response.status).toBe(200)
    // Run from the checkout, not a build: the commit is read from git at start.
    expect(response.json).toEqual({
      status: 'ok',
      version: PACKAGE_VERSION,
      commit: expect.stringMatching(THIS_CHECKOUT),
    })
  })

  it('answers /readyz with 200 while the database is reachable and 503 once it is not', async () => {
    const readiness = await createTestApp()
    try {
      const ready = await callApp(readiness.app, '/readyz')
      expect(ready.status).toBe(200)
      expect(ready.json).toEqual({ status: 'ready', database: 'ok', storage: 'ok' })
      await readiness.database.close()
      const response = await callApp(readiness.app, '/readyz')
      expect(response.status).toBe(503)
      expect(response.json).toEqual({
        status: 'unavailable',
        reason: 'database unreachable',
        database: 'unreachable',
        storage: 'ok',
      })
    } finally {
      await readiness.dispose()
    }
  })
})

describe('security.txt', () => {
  it('names the operator’s contact for vulnerability reports, valid for less than a year', async () => {
    const response = await get('/.well-known/security.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8$/i)
    const fields = Object.fromEntries(
      response.text
        .trim()
        .split('\n')
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    )
    expect(fields).toEqual({
      Contact: 'mailto:hello@mofu.example',
      Expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      'Preferred-Languages': 'en, ja',
      Canonical: 'http://localhost:3000/.well-known/security.txt',
    })
    const expiresInDays = (Date.parse(fields.Expires) - Date.now()) / 86_400_000
    expect(expiresInDays).toBeGreaterThan(30)
    expect(expiresInDays).toBeLessThan(365)
  })
})

describe('security headers', () => {
  it('are on every response', async () => {
    for (const url of ['/healthz', '/', '/assets/app-3f9a1c.js', '/nope/at/all']) {
      const response = await get(url)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, url).toContain("default-src 'self'")
      expect(csp, url).toContain("frame-ancestors 'none'")
      expect(csp, url).toContain("script-src 'self'")
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('cross-origin-opener-policy'), url).toBe(
        'same-origin-allow-popups',
      )
      expect(response.headers.get('x-request-id'), url).toMatch(/^[\w-]{8,}$/)
    }
  })

  it('are the whole set, with a request id, on every kind of answer, Better Auth’s too', async () => {
    const scriptHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`
    const expected = {
      'content-security-policy': `default-src 'self'; script-src 'self' ${scriptHash}; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    }
    const answers: [string, Call][] = [
      ['/api/handles/sakura', {}],
      ['/api/me/profile', {}],
      ['/api/auth/get-session', {}],
      ['/api/auth/sign-out', { method: 'POST' }],
      ['/api/events/page-view', { method: 'POST', origin: 'https://elsewhere.example' }],
      ['/robots.txt', {}],
    ]
    for (const [url, call] of answers) {
      const response = await callApp(subject.app, url, call)
      const security = Object.fromEntries(
        Object.keys(expected).map((name) => [name, response.headers.get(name)]),
      )
      expect(security, url).toEqual(expected)
      expect(response.headers.get('strict-transport-security'), url).toBeNull()
      expect(response.headers.get('x-request-id'), url).toMatch(/^[\w-]{8,}$/)
    }
    const sent = await get('/api/auth/ok', { 'X-Request-Id': 'lb-1=' })
    expect(sent.headers.get('x-request-id')).toBe('lb-1=')
    const unfit = await get('/healthz', { 'X-Request-Id': 'a b' })
    expect(unfit.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/)
  })

  it('let the tag manager in only when GA_MEASUREMENT_ID is set', async () => {
    expect((await get('/')).headers.get('content-security-policy')).not.toContain('google')
    const withAnalytics = await createTestApp({ app: { gaMeasurementId: 'G-TEST123' } })
    try {
      const csp = (await callApp(withAnalytics.app, '/healthz')).headers.get(
        'content-security-policy',
      )
      expect(csp).toContain('https://www.googletagmanager.com')
    } finally {
      await withAnalytics.dispose()
    }
  })

  it('add HSTS only when the public URL is https', async () => {
    expect((await get('/healthz')).headers.get('strict-transport-security')).toBeNull()
    const https = await createTestApp({ app: { publicUrl: 'https://mofu.example' } })
    try {
      const response = await callApp(https.app, '/healthz')
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000')
    } finally {
      await https.dispose()
    }
  })
})

describe('client assets', () => {
  it('serve index.html for app routes, revalidated on every visit', async () => {
    for (const url of ['/', '/settings', '/anime/op/1', '/articles/spring', '/account/reset']) {
      const response = await get(url, { Accept: 'text/html' })
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type'), url).toContain('text/html')
      expect(response.headers.get('cache-control'), url).toBe('no-cache')
      expect(response.text, url).toContain('<div id="root">')
    }
    const etag = (await get('/')).headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    expect((await get('/', { 'If-None-Match': etag ?? '' })).status).toBe(304)
  })

  it('serve each path its prerendered page, or the generic shell of its layout', async () => {
    const page = async (url: string) => (await get(url, { Accept: 'text/html' })).text
    expect(await page('/settings')).toContain('<div id="root">settings page</div>')
    expect(await page('/settings/')).toContain('settings page')
    expect(await page('/@mochi')).toContain('standard shell')
    expect(await page('/anime/op/first-light')).toContain('player shell')
    expect(await page('/no-such-page')).toContain('standard shell')
    // Not built (an older build, or `vite` alone): index.html, as before.
    expect(await page('/articles/spring')).toContain('<div id="root"></div>')
    expect(await page('/privacy')).toContain('<div id="root"></div>')
    const [settings, home] = await Promise.all([get('/settings'), get('/')])
    expect(settings.headers.get('etag')).not.toBe(home.headers.get('etag'))
    expect(settings.text).toContain('<script id="mofu-config"')
  })

  it("serve each page in the request's language: the lang cookie, else Accept-Language", async () => {
    const page = async (url: string, headers: Record<string, string>) => {
      const response = await get(url, { Accept: 'text/html', ...headers })
      return { response, html: response.text }
    }
    const japanese = { Cookie: 'darkMode=true; lang=ja' }
    expect((await page('/settings', japanese)).html).toContain('設定ページ')
    expect((await page('/', japanese)).html).toContain('<html lang="ja">')
    expect((await page('/@mochi', japanese)).html).toContain('標準シェル')
    // Only a shell, no Japanese of it built: the English one.
    expect((await page('/anime/op/1', japanese)).html).toContain('player shell')
    // No cookie: the browser's languages, best first.
    const accepting = { 'Accept-Language': 'fr-CH, ja-JP;q=0.8, en;q=0.5' }
    expect((await page('/settings', accepting)).html).toContain('設定ページ')
    expect((await page('/settings', { 'Accept-Language': 'en-GB, ja' })).html).toContain(
      'settings page',
    )
    // The cookie decides over the header, either way.
    expect(
      (await page('/settings', { Cookie: 'lang=en', 'Accept-Language': 'ja' })).html,
    ).toContain('settings page')
    expect(
      (await page('/settings', { Cookie: 'lang=ja', 'Accept-Language': 'en' })).html,
    ).toContain('設定ページ')
    // Neither: English.
    const plain = await page('/settings', {})
    expect(plain.html).toContain('settings page')
    // Caches keep one copy per language, each with its own ETag.
    for (const response of [plain.response, (await page('/settings', japanese)).response]) {
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language')
    }
    const etag = (await page('/settings', japanese)).response.headers.get('etag') ?? ''
    expect(etag).not.toBe(plain.response.headers.get('etag'))
    expect((await get('/settings', { ...japanese, 'If-None-Match': etag })).status).toBe(304)
    expect((await get('/settings', { 'If-None-Match': etag })).status).toBe(200)
  })

  it('mark the page of a browser holding a session cookie, with its own ETag, so it keeps room for what is shown signed in', async () => {
    const page = async (cookie?: string) =>
      await get('/settings', {
        Accept: 'text/html',
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      })
    const plain = await page()
    expect(plain.text).not.toContain('data-session')
    for (const cookie of [
      'better-auth.session_token=abc.def',
      'lang=ja; __Secure-better-auth.session_token=abc.def',
    ]) {
      const marked = await page(cookie)
      const html = marked.text
      expect(html, cookie).toMatch(/<html data-session[ >]/)
      expect(marked.headers.get('etag'), cookie).not.toBe(plain.headers.get('etag'))
    }
    // Another cookie, or one whose name only contains the session's, is no session.
    for (const cookie of [
      'lang=en',
      'xbetter-auth.session_token=1',
      'a=better-auth.session_token',
    ]) {
      expect((await page(cookie)).text, cookie).not.toContain('data-session')
    }
  })

  it('fall back to English for a lang cookie it does not know, and reflect none of it', async () => {
    for (const junk of [
      '<script>alert(1)</script>',
      'ja-JP',
      'JA',
      'x'.repeat(5000),
      '',
      'ja ja',
    ]) {
      const response = await get('/settings', { Accept: 'text/html', Cookie: `lang=${junk}` })
      const html = response.text
      expect(response.status, junk).toBe(200)
      expect(html, junk).toContain('settings page')
      if (junk !== '') expect(html, junk).not.toContain(junk)
    }
    // A junk cookie counts as none: Accept-Language decides.
    const response = await get('/settings', {
      Accept: 'text/html',
      Cookie: 'lang=klingon',
      'Accept-Language': 'ja',
    })
    expect(response.text).toContain('設定ページ')
  })

  it('serve pages only as pages, and the build records not at all', async () => {
    for (const url of [
      '/pages/settings.html',
      '/pages/settings.ja.html',
      '/index.html',
      '/index.ja.html',
      '/.vite/manifest.json',
    ]) {
      expect((await get(url)).status, url).toBe(404)
    }
  })

  it('answer 404 with the page for paths the app does not have', async () => {
    const response = await get('/no-such-page', { Accept: 'text/html' })
    expect(response.status).toBe(404)
    expect(response.text).toContain('<div id="root">')
  })

  it('embed the public configuration and allow the inline script by its hash', async () => {
    const html = (await get('/')).text
    const config = /<script id="mofu-config" type="application\/json">(.*?)<\/script>/.exec(html)
    expect(JSON.parse(config?.[1] ?? 'null')).toEqual({
      contactUrl: 'mailto:hello@mofu.example',
      gaMeasurementId: null,
      googleSignIn: false,
      neutralAuthErrors: false,
      passkeys: true,
    })
    const hash = createHash('sha256').update(inlineScript).digest('base64')
    const csp = (await get('/')).headers.get('content-security-policy')
    expect(csp).toContain(`'sha256-${hash}'`)
    expect(/script-src[^;]*unsafe-inline/.test(csp ?? '')).toBe(false)
  })

  it('offer no passkeys under a PUBLIC_URL on an IP address, which browsers refuse for them', async () => {
    const configOf = async (app: TestApp) => {
      const html = (await callApp(app.app, '/')).text
      const config = /<script id="mofu-config" type="application\/json">(.*?)<\/script>/.exec(html)
      return JSON.parse(config?.[1] ?? 'null') as { passkeys?: unknown }
    }
    const onAddress = await createTestApp({
      app: { clientDir, publicUrl: 'http://127.0.0.1:3000' },
      shareDatabaseOf: subject,
    })
    try {
      expect((await configOf(onAddress)).passkeys).toBe(false)
    } finally {
      await onAddress.dispose()
    }
    expect((await configOf(subject)).passkeys).toBe(true)
  })

  it('cache hashed assets forever and serve them precompressed', async () => {
    const plain = await get('/assets/app-3f9a1c.js')
    expect(plain.status).toBe(200)
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.text).toBe(bigScript)

    const brotli = await get('/assets/app-3f9a1c.js', { 'Accept-Encoding': 'br' })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    const body = brotli.bytes
    expect(zlib.brotliDecompressSync(body).toString()).toBe(bigScript)
  })

  it('cache other public files briefly', async () => {
    const response = await get('/robots.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('answer 404, not the page, for missing assets and API paths', async () => {
    expect((await get('/assets/gone-123.js')).status).toBe(404)
    expect((await get('/missing.png')).status).toBe(404)
    const api = await get('/api/nothing-here', { Accept: 'application/json' })
    expect(api.status).toBe(404)
    expect(api.json).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
  })

  it('serve the page compressed to clients that accept it, Brotli first', async () => {
    const plain = (await get('/', { 'Accept-Encoding': 'identity' })).text
    expect(plain).toContain('<div id="root">')
    const gzip = await get('/', { 'Accept-Encoding': 'gzip, deflate' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gzip.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language')
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(plain)
    const brotli = await get('/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(brotli.bytes).toString()).toBe(plain)
    const refused = await get('/', { 'Accept-Encoding': 'br;q=0, gzip' })
    expect(refused.headers.get('content-encoding')).toBe('gzip')
  })
})

describe('error bodies', () => {
  const send = (url: string, call: Call = {}) => callApp(subject.app, url, call)
  const json = { 'Content-Type': 'application/json' }

  it.each([
    ['an unknown API path', () => send('/api/nothing-here'), 404, 'NOT_FOUND'],
    ['the profile without a session', () => send('/api/me/profile'), 401, 'UNAUTHENTICATED'],
    ['an unknown handle', () => send('/api/profiles/nobodyhasthisid'), 404, 'NOT_FOUND'],
    ['an unknown avatar', () => send('/media/avatars/nobody'), 404, 'NOT_FOUND'],
    [
      'a page view sent as text',
      () => send('/api/events/page-view', { raw: '{}' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a page view without its fields',
      () => send('/api/events/page-view', { raw: '{}', headers: json }),
      400,
      'INVALID_INPUT',
    ],
    [
      'a page view over its size limit',
      () =>
        send('/api/events/page-view', {
          raw: JSON.stringify({ path: 'a'.repeat(9 * 1024) }),
          headers: json,
        }),
      413,
      'BODY_TOO_LARGE',
    ],
    [
      'an auth body over its size limit',
      () =>
        send('/api/auth/sign-in/email', {
          raw: JSON.stringify({ email: 'a'.repeat(80 * 1024) }),
          headers: json,
        }),
      413,
      'BODY_TOO_LARGE',
    ],
    [
      'an auth body with a NUL',
      () =>
        send('/api/auth/sign-in/email', {
          raw: JSON.stringify({ email: 'a\u0000@example.com', password: 'x' }),
          headers: json,
        }),
      400,
      'VALIDATION_ERROR',
    ],
  ])('are { code, message } for %s', async (_label, call, status, code) => {
    const response = await call()
    expect(response.status).toBe(status)
    const body = strictObject(ApiErrorSchema.shape).parse(response.json)
    expect(body.code).toBe(code)
    expect(body.message).not.toBe('')
  })
})
