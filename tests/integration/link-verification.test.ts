import fs from 'node:fs/promises'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LINK_CHECK_LIMITS } from '../../src/server/profiles/link-check'
import { callApp } from '../support/api'
import { selfSigned } from '../support/self-signed'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestApp, type TestApp } from '../support/test-app'
import { createTestUser, newVisitor, type TestUser } from '../support/test-users'

/**
 * Links that prove themselves (docs/api.md "Profile and handles"): POST
 * /api/me/profile/links/check fetches each link's page, and the links whose pages link back to
 * /@handle with rel="me" are the profile's verifiedLinks, for as long as the handle and the
 * link's address stay. The page is served by an HTTPS peer on the loopback address, which the operator
 * setting (allowHosts, ca) opens the check up to, as LINK_CHECK_* does for a server.
 */

const PUBLIC_URL = 'http://localhost:3000'

let smtp: SmtpCapture
let subject: TestApp
let dir: string
/** The site the links go to, and another one: another port is another origin. */
let peer: https.Server
let peerPort: number
let elsewhere: https.Server
let elsewherePort: number
/** Every address the peers were asked for, as the link check wrote it. */
const requested: string[] = []

/**
 * /me?to=ADDRESS links back to ADDRESS with rel="me"; /to?location=ADDRESS redirects there, as
 * an open redirect does; any other page links nowhere.
 */
function linkPeer(tls: { key: string; cert: string }, port: () => number) {
  return https.createServer(tls, (request, response) => {
    requested.push(`https://localhost:${port()}${request.url ?? '/'}`)
    const url = new URL(request.url ?? '/', 'https://localhost')
    if (url.pathname === '/to') {
      response.writeHead(302, { Location: url.searchParams.get('location') ?? '/' }).end()
      return
    }
    const to = url.searchParams.get('to') ?? ''
    response.setHeader('Content-Type', 'text/html; charset=utf-8')
    response.end(
      url.pathname === '/me'
        ? `<!doctype html><p>Also me: <a rel="me" href="${to}">Mofu</a></p>`
        : `<!doctype html><p>Also me: <a href="${to}">Mofu</a></p>`,
    )
  })
}

const listen = async (server: https.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  smtp = await startSmtpCapture()
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-link-verification-'))
  const files = await selfSigned(dir, ['DNS:localhost'])
  const [key, cert] = await Promise.all([
    fs.readFile(files.key, 'utf8'),
    fs.readFile(files.cert, 'utf8'),
  ])
  peer = linkPeer({ key, cert }, () => peerPort)
  elsewhere = linkPeer({ key, cert }, () => elsewherePort)
  peerPort = await listen(peer)
  elsewherePort = await listen(elsewhere)
  subject = await createTestApp({
    smtpUrl: smtp.url,
    app: { publicUrl: PUBLIC_URL, linkCheck: { allowHosts: ['localhost'], ca: cert } },
  })
}, 60_000)
afterAll(async () => {
  await subject?.dispose()
  await smtp?.close()
  await new Promise((resolve) => peer?.close(resolve))
  await new Promise((resolve) => elsewhere?.close(resolve))
  await fs.rm(dir, { recursive: true, force: true })
})

const newUser = (): Promise<TestUser> => createTestUser(subject.app, smtp, newVisitor('verify'))

const pageAt = (pathname: string, handle: string, port = peerPort) =>
  `https://localhost:${port}${pathname}?to=${encodeURIComponent(`${PUBLIC_URL}/@${handle}`)}`

/** The peers' address that redirects to `location`. */
const redirectTo = (location: string) =>
  `https://localhost:${peerPort}/to?location=${encodeURIComponent(location)}`

/** How many times the peers were asked for each of these addresses. */
const timesAsked = (urls: readonly string[]) =>
  urls.map((url) => requested.filter((asked) => asked === url).length)

const call = (who: TestUser, url: string, method = 'GET', body?: unknown) =>
  callApp(subject.app, url, { method, cookie: who.cookie, ip: who.ip, body })

const check = (who: TestUser) => call(who, '/api/me/profile/links/check', 'POST', {})

/** A new user with a handle starting `prefix` and one link, to a page that links back to it. */
async function linkingBack(prefix: string) {
  const who = await newUser()
  const handle = `${prefix}${Date.now().toString(36)}`
  const linksBack = pageAt('/me', handle)
  const saved = await call(who, '/api/me/profile', 'PATCH', {
    handle,
    links: [{ label: 'Blog', url: linksBack }],
  })
  expect(saved.status, saved.text).toBe(200)
  return { who, handle, linksBack }
}

describe('checking profile links', () => {
  it('marks the links whose pages link back to /@handle with rel="me", and shows them to everyone', async () => {
    const who = await newUser()
    const handle = `proves${Date.now().toString(36)}`
    const linksBack = pageAt('/me', handle)
    const mentions = pageAt('/mention', handle)
    const toSomeoneElse = pageAt('/me', `${handle}x`)
    const saved = await call(who, '/api/me/profile', 'PATCH', {
      handle,
      links: [
        { label: 'Blog', url: linksBack },
        { label: 'Mention', url: mentions },
        { label: 'Other', url: toSomeoneElse },
      ],
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ verifiedLinks: [] })
    const links = [linksBack, mentions, toSomeoneElse]
    expect(timesAsked(links)).toEqual([0, 0, 0])

    const checked = await check(who)
    expect(checked.status, checked.text).toBe(200)
    expect(checked.json).toMatchObject({ verifiedLinks: [linksBack] })
    // Every link's page was asked for, once each.
    expect(timesAsked(links)).toEqual([1, 1, 1])
    const shown = await callApp(subject.app, `/api/profiles/${handle}`)
    expect(shown.json).toMatchObject({ verifiedLinks: [linksBack] })
  })

  it('never lends one site’s link back to an address that redirects to it from another origin', async () => {
    const who = await newUser()
    const handle = `lends${Date.now().toString(36)}`
    // An open redirect on one site, to a page of another that links back with rel="me".
    const provenElsewhere = pageAt('/me', handle, elsewherePort)
    const borrowing = redirectTo(provenElsewhere)
    // The same site moving its page: that page's own proof.
    const moved = redirectTo(pageAt('/me', handle))
    const saved = await call(who, '/api/me/profile', 'PATCH', {
      handle,
      links: [
        { label: 'Borrowed', url: borrowing },
        { label: 'Moved', url: moved },
      ],
    })
    expect(saved.status, saved.text).toBe(200)

    const checked = await check(who)
    expect(checked.status, checked.text).toBe(200)
    expect(checked.json).toMatchObject({ verifiedLinks: [moved] })
    const shown = await callApp(subject.app, `/api/profiles/${handle}`)
    expect(shown.json).toMatchObject({ verifiedLinks: [moved] })
    // The other site was never asked: the redirect to it ended the check.
    expect(timesAsked([borrowing, moved, provenElsewhere, pageAt('/me', handle)])).toEqual([
      1, 1, 0, 1,
    ])
  })

  it('counts a check only for the handle and the addresses it was made for', async () => {
    const { who, handle, linksBack } = await linkingBack('moves')
    expect((await check(who)).json).toMatchObject({ verifiedLinks: [linksBack] })

    // Another address for the link: its page has not been checked.
    const elsewhere = `${linksBack}&page=2`
    const moved = await call(who, '/api/me/profile', 'PATCH', {
      links: [{ label: 'Blog', url: elsewhere }],
    })
    expect(moved.json).toMatchObject({ verifiedLinks: [] })
    await call(who, '/api/me/profile', 'PATCH', { links: [{ label: 'Blog', url: linksBack }] })
    expect((await call(who, '/api/me/profile')).json).toMatchObject({
      verifiedLinks: [linksBack],
    })

    // Another handle: the page links back to the old one, which no longer is this profile's.
    const renamed = await call(who, '/api/me/profile', 'PATCH', { handle: `${handle}z` })
    expect(renamed.json).toMatchObject({ verifiedLinks: [] })
    expect((await check(who)).json).toMatchObject({ verifiedLinks: [] })
  })

  it('asks for a handle first, and needs a session', async () => {
    const who = await newUser()
    const refused = await check(who)
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ code: 'HANDLE_NEEDED' })
    const before = requested.length
    const anonymous = await callApp(subject.app, '/api/me/profile/links/check', {
      method: 'POST',
      body: {},
    })
    expect(anonymous.status).toBe(401)
    expect(requested.length).toBe(before)
  })

  it('stops at the per-user limit, keeping what was verified', async () => {
    const { who, linksBack } = await linkingBack('often')
    for (let round = 0; round < LINK_CHECK_LIMITS.perUser.max; round++) {
      expect((await check(who)).status).toBe(200)
    }
    const before = requested.length
    const limited = await check(who)
    expect(limited.status).toBe(429)
    expect(limited.json).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(requested.length).toBe(before)
    expect((await call(who, '/api/me/profile')).json).toMatchObject({
      verifiedLinks: [linksBack],
    })
  })
})
