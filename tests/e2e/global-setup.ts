import fs from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../support/free-port'
import { startOidcProvider } from '../support/oidc-provider'
import { startServer } from '../support/server-process'
import { selfSigned } from '../support/self-signed'
import { startSmtpCapture } from '../support/smtp-capture'

const GOOGLE_CLIENT_ID = 'mofu-e2e'
const GOOGLE_CLIENT_SECRET = 'mofu-e2e-secret'

/**
 * One built app for the whole run, with real peers: an SMTP server capturing its mail (read by
 * tests through a small HTTP mailbox, since tests run in other processes) and an OpenID Connect
 * provider standing in for Google, and a web page on https://localhost that a profile link can
 * point to (/me?to=ADDRESS links back to ADDRESS with rel="me", until a test takes the link back
 * off), which the server's link check is opened up to as an operator would for an intranet host.
 * Tests reach them through environment variables.
 */
export default async function globalSetup() {
  const port = await freePort()
  const smtp = await startSmtpCapture()
  const oidc = await startOidcProvider({
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/google`],
  })
  const mailbox = http.createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://mailbox').searchParams.get('to') ?? ''
    const mails = smtp.messages.filter((mail) => mail.to.includes(to.toLowerCase()))
    response.setHeader('Content-Type', 'application/json')
    response.end(JSON.stringify(mails.map(({ subject, text, html }) => ({ subject, text, html }))))
  })
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve))
  const linkPeer = await startLinkPeer()

  const server = await startServer({
    port,
    env: {
      CONTACT_URL: 'https://social.example/@mofu',
      // Each test names its own client address (fixtures.ts), so rate limits stay per test.
      TRUST_PROXY: 'true',
      SMTP_URL: smtp.url,
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER: oidc.issuer,
      LINK_CHECK_ALLOW_HOSTS: 'localhost',
      LINK_CHECK_CA_FILE: linkPeer.cert,
      PLANS: JSON.stringify([
        { name: 'premium', label: 'Premium', labelJa: 'プレミアム', pins: 30, publicFolders: 20 },
      ]),
      PREMIUM_TEXT: 'Premium is 3 euros a month, paid on our shop page.',
      PREMIUM_TEXT_JA: 'プレミアムは月3ユーロで、ショップのページからお支払いいただけます。',
      PREMIUM_URL: 'https://shop.example/mofu-premium',
    },
  })
  process.env.MOFU_E2E_URL = server.url
  process.env.MOFU_E2E_DATA_DIR = server.dataDir
  // The server's whole environment, so a test can run the `mofu` command on its configuration.
  process.env.MOFU_E2E_SERVER_ENV = JSON.stringify(server.env)
  process.env.MOFU_E2E_MAILBOX = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`
  process.env.MOFU_E2E_LINK_PEER = linkPeer.url
  return async () => {
    await linkPeer.close()
    await server.stop()
    await server.dispose()
    await new Promise((resolve) => mailbox.close(resolve))
    await oidc.close()
    await smtp.close()
  }
}

async function startLinkPeer() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-e2e-links-'))
  const files = await selfSigned(dir, ['DNS:localhost'])
  const [key, cert] = await Promise.all([
    fs.readFile(files.key, 'utf8'),
    fs.readFile(files.cert, 'utf8'),
  ])
  // Each page's address (path and query) and how many times it was asked for; the pages a test
  // took the link back off, through POST /unlink?page=ADDRESS (GET /asked?page=ADDRESS counts).
  const asked = new Map<string, number>()
  const unlinked = new Set<string>()
  const server = https.createServer({ key, cert }, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://localhost')
    const page = url.searchParams.get('page') ?? ''
    if (url.pathname === '/unlink' && request.method === 'POST') {
      unlinked.add(page)
      response.writeHead(204).end()
      return
    }
    if (url.pathname === '/asked') {
      response.setHeader('Content-Type', 'application/json')
      response.end(JSON.stringify({ times: asked.get(page) ?? 0 }))
      return
    }
    const address = `${url.pathname}${url.search}`
    asked.set(address, (asked.get(address) ?? 0) + 1)
    const to = (url.searchParams.get('to') ?? '').replace(/[<>"&]/g, '')
    const rel = url.pathname === '/me' && !unlinked.has(address) ? ' rel="me"' : ''
    response.setHeader('Content-Type', 'text/html; charset=utf-8')
    response.end(`<!doctype html><title>Elsewhere</title><a${rel} href="${to}">Mofu</a>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    cert: files.cert,
    close: async () => {
      await new Promise((resolve) => server.close(resolve))
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}
