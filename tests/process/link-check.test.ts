import diagnostics from 'node:diagnostics_channel'
import { EventEmitter, once } from 'node:events'
import fs from 'node:fs/promises'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createLimiter,
  type Count,
  type CounterStore,
  type Limiter,
} from '../../src/server/http/limiter'
import {
  checkLink,
  LINK_CHECK_LIMITS,
  LINK_CHECK_MAX_BYTES,
  type LinkCheck,
  type LinkCheckOptions,
} from '../../src/server/profiles/link-check'
import { startDnsServer, type DnsServer } from '../support/dns-server'
import { selfSigned } from '../support/self-signed'

/**
 * The link check as an attacker would test it: they write the link, answer its DNS queries and
 * run the server behind it. Every peer is real (HTTPS servers on 127.0.0.1, a DNS server over
 * UDP), and each refusal is proven by what did not happen: no request started in this process
 * and no connection on the peer a careless fetch would have reached.
 */

const PUBLIC_URL = 'https://mofu.links.test'
const PROFILE = `${PUBLIC_URL}/@alice`
const REL_ME = `<!doctype html><title>Alice</title><a rel="me" href="${PROFILE}">Mofu</a>`

interface Peer {
  port: number
  /** TCP connections accepted, TLS or not. */
  connections: number
  requests: { path: string; headers: IncomingHttpHeaders }[]
  /** Each path's response once closed; `closes` emits it under the path. */
  closed: Map<string, Closed>
  closes: EventEmitter
  close(): Promise<void>
}

interface Closed {
  /** performance.now() when it closed. */
  at: number
  /** Whether the peer had ended it itself: false when the client cut it off first. */
  ended: boolean
}

type Route = (request: IncomingMessage, response: ServerResponse) => void

async function startPeer(
  tls: { key: string; cert: string },
  routes: Record<string, Route>,
): Promise<Peer> {
  const server = https.createServer(tls, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://peer')
    peer.requests.push({ path: url.pathname, headers: request.headers })
    response.on('close', () => {
      const closed = { at: performance.now(), ended: response.writableEnded }
      peer.closed.set(url.pathname, closed)
      peer.closes.emit(url.pathname, closed)
    })
    const route = routes[url.pathname] ?? ((_request, answer) => answer.writeHead(404).end())
    route(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const peer: Peer = {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    connections: 0,
    requests: [],
    closed: new Map(),
    closes: new EventEmitter(),
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
  server.on('connection', () => (peer.connections += 1))
  return peer
}

const html =
  (body: string, headers: Record<string, string> = {}): Route =>
  (_request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(body)

const redirect =
  (location: (request: IncomingMessage) => string, headers: Record<string, string> = {}): Route =>
  (request, response) =>
    response.writeHead(302, { Location: location(request), ...headers }).end()

/** A counter store in memory, so each test has limits of its own. */
function memoryCounters(): CounterStore & { counts: Map<string, Count> } {
  const counts = new Map<string, Count>()
  return {
    counts,
    async add(key, amount, windowMs) {
      const now = Date.now()
      const current = counts.get(key)
      const next =
        current !== undefined && current.resetAt > now
          ? { count: current.count + amount, resetAt: current.resetAt }
          : { count: amount, resetAt: now + windowMs }
      counts.set(key, next)
      return next
    },
    async takeBack(key) {
      const current = counts.get(key)
      if (current !== undefined && current.count > 0 && current.resetAt > Date.now())
        current.count -= 1
    },
    async clear(key) {
      counts.delete(key)
    },
  }
}

let dir: string
let tlsFiles: { key: string; cert: string }
let dns: DnsServer
/** The peer a link may reach: its name is on the allow list, as a test's or intranet's host. */
let allowed: Peer
/** The peer an attacker wants reached: anything on the server's own host. */
let forbidden: Peer
let requestsStarted = 0
const countRequest = () => (requestsStarted += 1)

const ALLOWED_HOST = 'allowed.links.test'
/** Another name on the allow list, for the same peer. */
const OTHER_HOST = 'other.links.test'
const allowedUrl = (pathname: string) => `https://${ALLOWED_HOST}:${allowed.port}${pathname}`

function options(overrides: Partial<LinkCheckOptions> = {}): LinkCheckOptions {
  return {
    publicUrl: PUBLIC_URL,
    limits: { limiter: createLimiter(memoryCounters()), userId: 'alice' },
    allowHosts: [ALLOWED_HOST, OTHER_HOST],
    ca: tlsFiles.cert,
    dnsServers: [dns.server],
    timeoutMs: 2_000,
    ...overrides,
  }
}

/** Waits for a path's response to close on the peer, and answers how and when it did. */
async function closedOn(peer: Peer, pathname: string): Promise<Closed> {
  const closed = peer.closed.get(pathname)
  if (closed !== undefined) return closed
  const [later] = (await once(peer.closes, pathname)) as [Closed]
  return later
}

/** The `end` of a request's query: how many ms after it arrived a slow page ends. */
const endsAfter = (request: IncomingMessage) =>
  Number(new URL(request.url ?? '', 'https://peer').searchParams.get('end'))

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-link-check-'))
  const files = await selfSigned(dir, [`DNS:${ALLOWED_HOST}`, 'DNS:*.links.test', 'IP:127.0.0.1'])
  tlsFiles = {
    key: await fs.readFile(files.key, 'utf8'),
    cert: await fs.readFile(files.cert, 'utf8'),
  }
  dns = await startDnsServer()
  forbidden = await startPeer(tlsFiles, { '/': html(REL_ME) })
  const chain = (left: number): Route =>
    redirect(() => (left === 1 ? '/rel-me' : `/redirect-${left - 1}`))
  allowed = await startPeer(tlsFiles, {
    '/rel-me': html(REL_ME),
    '/redirect-1': chain(1),
    '/redirect-2': chain(2),
    '/redirect-3': chain(3),
    '/redirect-4': chain(4),
    '/to': redirect(
      (request) => new URL(request.url ?? '', 'https://peer').searchParams.get('location') ?? '/',
    ),
    '/cookie': redirect(() => '/rel-me', { 'Set-Cookie': 'session=attacker; Path=/; Secure' }),
    // A page that links back, a space at a time until it ends at `end`: read to the end, the
    // link is verified.
    '/slow-body': (request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' })
      response.write('<!doctype html>')
      const drip = setInterval(() => response.write(' '), 100)
      const end = setTimeout(() => response.end(REL_ME), endsAfter(request))
      response.on('close', () => {
        clearInterval(drip)
        clearTimeout(end)
      })
    },
    // The same page, answered whole at `end`.
    '/slow-head': (request, response) => {
      const answer = setTimeout(() => html(REL_ME)(request, response), endsAfter(request))
      response.on('close', () => clearTimeout(answer))
    },
    '/endless': (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' })
      const chunk = Buffer.alloc(64 * 1024, ' ')
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
      }
      response.on('drain', pump)
      pump()
    },
    '/declared-over': (_request, response) => {
      response.writeHead(200, {
        'Content-Type': 'text/html',
        'Content-Length': String(LINK_CHECK_MAX_BYTES + 1),
      })
      response.write('<!doctype html>')
    },
    // The link back comes last: read past the limit, the page would be verified.
    '/over': html(REL_ME.padStart(LINK_CHECK_MAX_BYTES + 1, ' ')),
    '/exactly': html(REL_ME.padStart(LINK_CHECK_MAX_BYTES, ' ')),
    '/no-rel': html(`<a href="${PROFILE}">Mofu</a>`),
    '/other-profile': html(`<a rel="me" href="${PUBLIC_URL}/@mallory">Mofu</a>`),
    '/http-profile': html(`<a rel="me" href="${PROFILE.replace('https:', 'http:')}">Mofu</a>`),
    '/trailing-slash': html(`<a rel="me" href="${PROFILE}/">Mofu</a>`),
    '/link-element': html(`<head><link rel="Authn ME" href="${PROFILE}#top"></head>`),
    '/base': html(`<base href="${PUBLIC_URL}/"><a rel="me" href="@alice">Mofu</a>`),
    '/hidden': html(
      `<!-- <a rel="me" href="${PROFILE}"> --><script>'<a rel="me" href="${PROFILE}">'</script>`,
    ),
    '/json': html(JSON.stringify({ rel: 'me', href: PROFILE, html: REL_ME }), {
      'Content-Type': 'application/json',
    }),
    '/gzip': html(REL_ME, { 'Content-Encoding': 'gzip' }),
  })
  dns.names.set(ALLOWED_HOST, (type) => (type === 'A' ? ['127.0.0.1'] : []))
  dns.names.set(OTHER_HOST, (type) => (type === 'A' ? ['127.0.0.1'] : []))
  dns.names.set('loopback.links.test', (type) => (type === 'A' ? ['127.0.0.1'] : ['::1']))
  dns.names.set('sub.allowed.links.test', (type) => (type === 'A' ? ['127.0.0.1'] : []))
  diagnostics.subscribe('http.client.request.start', countRequest)
})

afterAll(async () => {
  diagnostics.unsubscribe('http.client.request.start', countRequest)
  await Promise.all([allowed.close(), forbidden.close(), dns.close()])
  await fs.rm(dir, { recursive: true, force: true })
})

beforeEach(() => {
  requestsStarted = 0
  for (const peer of [allowed, forbidden]) {
    peer.connections = 0
    peer.requests.length = 0
    peer.closed.clear()
  }
  dns.queries.length = 0
})

function expectNothingSent() {
  expect(requestsStarted).toBe(0)
  expect(forbidden.connections).toBe(0)
  expect(allowed.connections).toBe(0)
}

/**
 * Addresses that are not globally routable unicast, each refused as the link's host and as the
 * DNS answer for its name.
 */
const FORBIDDEN_ADDRESSES = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.1',
  '192.0.0.170',
  '192.0.2.1',
  '192.88.99.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.1',
  '203.0.113.1',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:8.8.8.8',
  '::127.0.0.1',
  '::ffff:0:127.0.0.1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::10.0.0.1',
  '64:ff9b::169.254.169.254',
  '64:ff9b:1::1',
  '2002:7f00:1::1',
  '2002:a9fe:a9fe::1',
  '2002:c0a8:101::1',
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:2::1',
  '2001:db8::1',
  '3fff::1',
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fec0::1',
  'ff02::1',
  'ff0e::1',
  '100::1',
  '5f00::1',
  '4000::1',
]

/** Ways to write 127.0.0.1 in a URL that the URL parser turns into it. */
const LOOPBACK_SPELLINGS = [
  '2130706433',
  '0x7f000001',
  '017700000001',
  '127.1',
  '0x7f.1',
  '127.000.000.001',
  '%31%32%37.0.0.1',
  '0',
  '[0:0:0:0:0:ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
]

describe('addresses', () => {
  for (const [index, address] of FORBIDDEN_ADDRESSES.entries()) {
    const literal = address.includes(':') ? `[${address}]` : address
    it(`refuses ${address} as the link's host`, async () => {
      const result = await checkLink(`https://${literal}:${forbidden.port}/`, PROFILE, options())
      expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
      expectNothingSent()
    })

    it(`refuses ${address} as the DNS answer`, async () => {
      const name = `forbidden-${index}.links.test`
      const type = address.includes(':') ? 'AAAA' : 'A'
      dns.names.set(name, (asked) => (asked === type ? [address] : []))
      const result = await checkLink(`https://${name}:${forbidden.port}/`, PROFILE, options())
      expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
      expect(dns.queries.filter((query) => query.name === name)).toHaveLength(2)
      expectNothingSent()
    })
  }

  for (const spelling of LOOPBACK_SPELLINGS) {
    it(`refuses 127.0.0.1 written ${spelling}`, async () => {
      const result = await checkLink(`https://${spelling}:${forbidden.port}/`, PROFILE, options())
      expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
      expectNothingSent()
    })
  }

  it('refuses localhost through the system resolver', async () => {
    const result = await checkLink(
      `https://localhost:${forbidden.port}/`,
      PROFILE,
      options({ dnsServers: undefined }),
    )
    expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
    expectNothingSent()
  })

  it('refuses a name with a public and a forbidden answer', async () => {
    dns.names.set('mixed.links.test', (type) => (type === 'A' ? ['8.8.8.8'] : ['::1']))
    const result = await checkLink(
      `https://mixed.links.test:${forbidden.port}/`,
      PROFILE,
      options(),
    )
    expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
    expectNothingSent()
  })

  it('allows only the exact names on the allow list', async () => {
    for (const host of [`${ALLOWED_HOST}.`, `sub.${ALLOWED_HOST}`]) {
      const result = await checkLink(`https://${host}:${allowed.port}/rel-me`, PROFILE, options())
      expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
    }
    expectNothingSent()
  })

  it('refuses http://', async () => {
    const result = await checkLink(
      `http://${ALLOWED_HOST}:${allowed.port}/rel-me`,
      PROFILE,
      options(),
    )
    expect(result).toEqual({ verified: false, reason: 'not-https' })
    expectNothingSent()
  })
})

describe('a DNS answer that changes between look-ups', () => {
  it('connects to the address it checked, not to a later answer', async () => {
    // 2d00::/8 is global unicast that no registry has been given: public, and nobody's.
    dns.names.set('rebinding.links.test', (type, count) =>
      count === 1 ? (type === 'AAAA' ? ['2d00::1'] : []) : type === 'A' ? ['127.0.0.1'] : ['::1'],
    )
    const result = await checkLink(
      `https://rebinding.links.test:${forbidden.port}/`,
      PROFILE,
      options({ timeoutMs: 500 }),
    )
    expect(result.verified).toBe(false)
    expect(requestsStarted).toBe(1)
    expect(forbidden.connections).toBe(0)
    expect(dns.queries).toEqual([
      { name: 'rebinding.links.test', type: 'A' },
      { name: 'rebinding.links.test', type: 'AAAA' },
    ])
  })

  it('refuses at the first forbidden answer, whatever a later one would say', async () => {
    dns.names.set('rebinding-back.links.test', (type, count) =>
      type === 'A' ? [count === 1 ? '127.0.0.1' : '8.8.8.8'] : [],
    )
    const result = await checkLink(
      `https://rebinding-back.links.test:${forbidden.port}/`,
      PROFILE,
      options(),
    )
    expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
    expect(dns.queries).toHaveLength(2)
    expectNothingSent()
  })
})

describe('redirects', () => {
  const via = (location: string) => allowedUrl(`/to?location=${encodeURIComponent(location)}`)

  // Each a page of another origin that links back: followed, its proof would be lent to the link.
  const elsewhere: [string, () => string][] = [
    ['a loopback address', () => `https://127.0.0.1:${forbidden.port}/`],
    ['a name that resolves to loopback', () => `https://loopback.links.test:${forbidden.port}/`],
    ['another port of the same host', () => `https://${ALLOWED_HOST}:${forbidden.port}/`],
    [
      'another allowed name on the same server',
      () => `https://${OTHER_HOST}:${allowed.port}/rel-me`,
    ],
  ]
  for (const [where, target] of elsewhere) {
    it(`refuses a redirect to ${where}, another origin, without following it`, async () => {
      const result = await checkLink(via(target()), PROFILE, options())
      expect(result).toEqual({ verified: false, reason: 'other-origin' })
      expect(allowed.requests.map((request) => request.path)).toEqual(['/to'])
      expect(forbidden.connections).toBe(0)
      expect(new Set(dns.queries.map((query) => query.name))).toEqual(new Set([ALLOWED_HOST]))
    })
  }

  it('refuses a redirect to http://', async () => {
    const target = `http://${ALLOWED_HOST}:${allowed.port}/rel-me`
    const result = await checkLink(via(target), PROFILE, options())
    expect(result).toEqual({ verified: false, reason: 'not-https' })
    expect(allowed.requests).toHaveLength(1)
  })

  it('follows 3 redirects, looking each host up once', async () => {
    const result = await checkLink(allowedUrl('/redirect-3'), PROFILE, options())
    expect(result).toEqual({ verified: true })
    expect(allowed.requests.map((request) => request.path)).toEqual([
      '/redirect-3',
      '/redirect-2',
      '/redirect-1',
      '/rel-me',
    ])
    expect(dns.queries.filter((query) => query.type === 'A')).toHaveLength(4)
  })

  it('refuses a fourth redirect without following it', async () => {
    const result = await checkLink(allowedUrl('/redirect-4'), PROFILE, options())
    expect(result).toEqual({ verified: false, reason: 'too-many-redirects' })
    expect(allowed.requests).toHaveLength(4)
  })
})

/**
 * Each slow page links back once it ends, some time after the check's limit: a check that went
 * on past its limit would read it and be verified. The limit's timer and the page's run in this
 * one process and fire in the order they are due, however slow the machine, so no bound here
 * leans on how fast it is.
 */
describe('time and size', () => {
  it('cuts a body that comes one byte at a time at the time limit', async () => {
    const started = performance.now()
    const result = await checkLink(
      allowedUrl('/slow-body?end=2000'),
      PROFILE,
      options({ timeoutMs: 500 }),
    )
    expect(result).toEqual({ verified: false, reason: 'timeout' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(490)
    expect(await closedOn(allowed, '/slow-body')).toMatchObject({ ended: false })
  })

  it('gives the whole check 5 s unless told otherwise', async () => {
    const started = performance.now()
    const result = await checkLink(
      allowedUrl('/slow-body?end=10000'),
      PROFILE,
      options({ timeoutMs: undefined }),
    )
    expect(result).toEqual({ verified: false, reason: 'timeout' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(4_990)
    expect(await closedOn(allowed, '/slow-body')).toMatchObject({ ended: false })
  })

  it('cuts a server that does not answer in time', async () => {
    const result = await checkLink(
      allowedUrl('/slow-head?end=2000'),
      PROFILE,
      options({ timeoutMs: 500 }),
    )
    expect(result).toEqual({ verified: false, reason: 'timeout' })
    expect(allowed.requests).toHaveLength(1)
    expect(await closedOn(allowed, '/slow-head')).toMatchObject({ ended: false })
  })

  it('counts the DNS look-up in the time limit', async () => {
    // The name's answer comes after the limit: a look-up the limit did not cut would wait for it.
    let answered = false
    dns.names.set('slow.links.test', async () => {
      await delay(2_000)
      answered = true
      return ['8.8.8.8']
    })
    const started = performance.now()
    const result = await checkLink('https://slow.links.test/', PROFILE, options({ timeoutMs: 500 }))
    expect(result).toEqual({ verified: false, reason: 'timeout' })
    expect(answered).toBe(false)
    expect(performance.now() - started).toBeGreaterThanOrEqual(490)
    expectNothingSent()
  })

  // The alternative to cutting the connection is leaving it open until the time limit.
  const LONG_LIMIT = { timeoutMs: 20_000 }

  it('cuts an endless body at the size limit', async () => {
    const started = performance.now()
    const result = await checkLink(allowedUrl('/endless'), PROFILE, options(LONG_LIMIT))
    expect(result).toEqual({ verified: false, reason: 'too-large' })
    const { at } = await closedOn(allowed, '/endless')
    expect(at - started).toBeLessThan(LONG_LIMIT.timeoutMs)
  })

  it('refuses a page that says it is over 1 MB without reading it', async () => {
    const started = performance.now()
    const result = await checkLink(allowedUrl('/declared-over'), PROFILE, options(LONG_LIMIT))
    expect(result).toEqual({ verified: false, reason: 'too-large' })
    const { at } = await closedOn(allowed, '/declared-over')
    expect(at - started).toBeLessThan(LONG_LIMIT.timeoutMs)
  })

  it('refuses a page one byte over 1 MB, and reads one of exactly 1 MB', async () => {
    expect(await checkLink(allowedUrl('/over'), PROFILE, options())).toEqual({
      verified: false,
      reason: 'too-large',
    })
    expect(await checkLink(allowedUrl('/exactly'), PROFILE, options())).toEqual({ verified: true })
  })
})

describe('what the fetch sends', () => {
  it('sends no cookie back, and no credentials from a redirect', async () => {
    const withCredentials = `https://user:secret@${ALLOWED_HOST}:${allowed.port}/cookie`
    const result = await checkLink(
      allowedUrl(`/to?location=${encodeURIComponent(withCredentials)}`),
      PROFILE,
      options(),
    )
    expect(result).toEqual({ verified: true })
    expect(allowed.requests.map((request) => request.path)).toEqual(['/to', '/cookie', '/rel-me'])
    for (const { headers } of allowed.requests) {
      expect(headers.cookie).toBeUndefined()
      expect(headers.authorization).toBeUndefined()
      expect(headers['user-agent']).toBe(`Mofu link check (+${PUBLIC_URL})`)
    }
  })
})

describe('the link back', () => {
  const cases: [string, LinkCheck][] = [
    ['/rel-me', { verified: true }],
    ['/link-element', { verified: true }],
    ['/base', { verified: true }],
    ['/no-rel', { verified: false, reason: 'no-link-back' }],
    ['/other-profile', { verified: false, reason: 'no-link-back' }],
    ['/http-profile', { verified: false, reason: 'no-link-back' }],
    ['/trailing-slash', { verified: false, reason: 'no-link-back' }],
    ['/hidden', { verified: false, reason: 'no-link-back' }],
    ['/json', { verified: false, reason: 'not-html' }],
    ['/gzip', { verified: false, reason: 'not-html' }],
    ['/missing', { verified: false, reason: 'error-status' }],
  ]
  for (const [pathname, expected] of cases) {
    it(`answers ${pathname} with ${JSON.stringify(expected)}`, async () => {
      expect(await checkLink(allowedUrl(pathname), PROFILE, options())).toEqual(expected)
    })
  }
})

describe('rate limits', () => {
  const forbiddenLink = () => `https://127.0.0.1:${forbidden.port}/`
  const withLimiter = (limiter: Limiter, userId: string) => options({ limits: { limiter, userId } })

  it('lets one user check 20 links an hour', async () => {
    const limiter = createLimiter(memoryCounters())
    for (let check = 0; check < LINK_CHECK_LIMITS.perUser.max; check += 1) {
      const result = await checkLink(forbiddenLink(), PROFILE, withLimiter(limiter, 'alice'))
      expect(result).toEqual({ verified: false, reason: 'forbidden-address' })
    }
    const refused = await checkLink(allowedUrl('/rel-me'), PROFILE, withLimiter(limiter, 'alice'))
    expect(refused).toMatchObject({ verified: false, reason: 'rate-limited' })
    expect(refused).toHaveProperty('retryAfterSeconds', 3_600)
    expect(await checkLink(allowedUrl('/rel-me'), PROFILE, withLimiter(limiter, 'bob'))).toEqual({
      verified: true,
    })
    expect(allowed.requests).toHaveLength(1)
  })

  it('lets all users together check 60 links a minute', async () => {
    const counters = memoryCounters()
    const limiter = createLimiter(counters)
    for (let check = 0; check < LINK_CHECK_LIMITS.global.max; check += 1) {
      await checkLink(forbiddenLink(), PROFILE, withLimiter(limiter, `user-${check}`))
    }
    const refused = await checkLink(allowedUrl('/rel-me'), PROFILE, withLimiter(limiter, 'carol'))
    expect(refused).toMatchObject({ verified: false, reason: 'rate-limited' })
    expect(counters.counts.get('link-check-user:carol')?.count).toBe(0)
    expectNothingSent()
  })
})
