import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { createTransport } from 'nodemailer'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startOidcProvider, type OidcPeer, type TokenEndpointAuthMethod } from './oidc-provider'
import { startS3Server, type S3Peer } from './s3-server'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture'

describe('SMTP capture', () => {
  let smtp: SmtpCapture

  beforeEach(async () => {
    smtp = await startSmtpCapture()
  })

  afterEach(async () => {
    await smtp.close()
  })

  function transport() {
    return createTransport(smtp.url)
  }

  it('captures and parses a message sent with nodemailer', async () => {
    const arriving = smtp.waitForMail('Yuki@Example.test', { subject: /verify/i })
    await transport().sendMail({
      from: 'Mofu <no-reply@mofu.test>',
      to: 'yuki@example.test',
      subject: 'Verify your e-mail',
      text: 'Open http://mofu.test/verify?token=abc to continue.',
      html: '<p>Open <a href="http://mofu.test/verify?token=abc">this link</a>.</p>',
    })

    const mail = await arriving
    expect(mail.from).toBe('no-reply@mofu.test')
    expect(mail.to).toEqual(['yuki@example.test'])
    expect(mail.subject).toBe('Verify your e-mail')
    expect(mail.text).toContain('http://mofu.test/verify?token=abc')
    expect(mail.html).toContain('<a href="http://mofu.test/verify?token=abc">')
    expect(mail.raw).toContain('Subject: Verify your e-mail')
    expect(smtp.messages).toHaveLength(1)

    await expect(smtp.waitForMail('yuki@example.test')).resolves.toBe(mail)
    smtp.clear()
    expect(smtp.messages).toHaveLength(0)
  })

  it('rejects waitForMail after the timeout with the mail it did see', async () => {
    await transport().sendMail({
      from: 'no-reply@mofu.test',
      to: 'someone@example.test',
      subject: 'Hello',
      text: 'hi',
    })
    await expect(smtp.waitForMail('nobody@example.test', { timeoutMs: 200 })).rejects.toThrow(
      /No mail to nobody@example\.test within 200 ms.*someone@example\.test: Hello/,
    )
    await expect(
      smtp.waitForMail('someone@example.test', { subject: /reset/, timeoutMs: 200 }),
    ).rejects.toThrow(/subject matching \/reset\//)
  })

  it('makes sending fail while refusing, and accepts again afterwards', async () => {
    smtp.setRefuse(true)
    await expect(
      transport().sendMail({
        from: 'no-reply@mofu.test',
        to: 'yuki@example.test',
        subject: 'Refused',
        text: 'never delivered',
      }),
    ).rejects.toThrow(/451/)
    expect(smtp.messages).toHaveLength(0)

    smtp.setRefuse(false)
    await transport().sendMail({
      from: 'no-reply@mofu.test',
      to: 'yuki@example.test',
      subject: 'Accepted',
      text: 'delivered',
    })
    await expect(smtp.waitForMail('yuki@example.test')).resolves.toMatchObject({
      subject: 'Accepted',
    })
  })
})

/** Just enough of a browser: one origin, cookies by name, redirects followed by hand. */
class CookieJar {
  readonly #cookies = new Map<string, string>()

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = this.header()
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.store(response)
    return response
  }
}

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  userinfo_endpoint: string
  jwks_uri: string
  code_challenge_methods_supported?: string[]
  token_endpoint_auth_methods_supported?: string[]
  scopes_supported?: string[]
  claims_supported?: string[]
}

interface TokenResponse {
  access_token: string
  id_token: string
  token_type: string
}

const CLIENT_ID = 'mofu-web'
const CLIENT_SECRET = 'test-client-secret-0123456789'
const REDIRECT_URI = 'http://127.0.0.1:5999/api/auth/oauth2/callback/google'

function location(response: Response, base: string): string {
  const value = response.headers.get('location')
  if (!value) throw new Error(`expected a redirect, got ${response.status}`)
  return new URL(value, base).toString()
}

async function discover(oidc: OidcPeer): Promise<Discovery> {
  const response = await fetch(oidc.discoveryUrl)
  expect(response.status).toBe(200)
  return (await response.json()) as Discovery
}

interface Flow {
  verifier: string
  challenge: string
  state: string
  nonce: string
}

function newFlow(): Flow {
  const verifier = randomBytes(32).toString('base64url')
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  }
}

function authorizationUrl(discovery: Discovery, flow: Flow): string {
  const url = new URL(discovery.authorization_endpoint)
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: flow.challenge,
    code_challenge_method: 'S256',
  }).toString()
  return url.toString()
}

/**
 * Follows redirects to the client. A page that only auto-submits a hidden form (oidc-provider ends
 * the previous session that way when another account signs in) is submitted as a browser would.
 */
async function followToClient(jar: CookieJar, response: Response, base: string): Promise<URL> {
  let current = response
  let url = base
  for (let hops = 0; hops < 8; hops++) {
    if (current.status === 200) {
      const page = await current.text()
      const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]
      if (!action) throw new Error(`stuck on a page at ${url}`)
      const fields = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)]
      url = new URL(action, url).toString()
      current = await jar.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields.map(([, name = '', value = '']) => [name, value])),
      })
      continue
    }
    url = location(current, url)
    if (url.startsWith(REDIRECT_URI)) return new URL(url)
    current = await jar.fetch(url)
  }
  throw new Error(`too many redirects, stuck at ${url}`)
}

/** Drives the browser half of the flow and returns the redirect back to the client. */
async function signIn(
  oidc: OidcPeer,
  discovery: Discovery,
  email: string,
  flow: Flow,
  jar = new CookieJar(),
): Promise<URL> {
  let response = await jar.fetch(authorizationUrl(discovery, flow))
  expect(response.status).toBe(303)
  const interactionUrl = location(response, oidc.issuer)
  expect(interactionUrl).toMatch(/\/interaction\//)

  response = await jar.fetch(interactionUrl)
  expect(response.status).toBe(200)
  const page = await response.text()
  expect(page).toContain('<label for="email">Email</label>')
  expect(page).toContain('<button type="submit">Sign in</button>')
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]
  if (!action) throw new Error('login form has no action')

  response = await jar.fetch(new URL(action, interactionUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  })
  expect(response.status).toBe(303)
  return followToClient(jar, response, oidc.issuer)
}

function codeFrom(callback: URL): string {
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`no code in ${callback.toString()}`)
  return code
}

async function exchange(
  discovery: Discovery,
  code: string,
  verifier: string,
  method: TokenEndpointAuthMethod,
): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  })
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
  if (method === 'client_secret_basic') {
    const credentials = `${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`
  } else {
    body.set('client_id', CLIENT_ID)
    body.set('client_secret', CLIENT_SECRET)
  }
  return fetch(discovery.token_endpoint, { method: 'POST', headers, body: body.toString() })
}

async function idTokenClaims(
  oidc: OidcPeer,
  discovery: Discovery,
  callback: URL,
  flow: Flow,
): Promise<JWTPayload> {
  const response = await exchange(
    discovery,
    codeFrom(callback),
    flow.verifier,
    'client_secret_basic',
  )
  expect(response.status).toBe(200)
  const { id_token } = (await response.json()) as TokenResponse
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri))
  const { payload } = await jwtVerify(id_token, jwks, { issuer: oidc.issuer, audience: CLIENT_ID })
  return payload
}

describe('OpenID Connect provider', () => {
  let oidc: OidcPeer | undefined

  afterEach(async () => {
    await oidc?.close()
    oidc = undefined
  })

  it('serves a discovery document for the plain-http issuer', async () => {
    oidc = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
    })
    expect(oidc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const discovery = await discover(oidc)
    expect(discovery.issuer).toBe(oidc.issuer)
    expect(discovery.authorization_endpoint).toBe(`${oidc.issuer}/auth`)
    expect(discovery.token_endpoint).toBe(`${oidc.issuer}/token`)
    expect(discovery.userinfo_endpoint).toBe(`${oidc.issuer}/me`)
    expect(discovery.jwks_uri).toBe(`${oidc.issuer}/jwks`)
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    )
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    )
    expect(discovery.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'picture']),
    )
  })

  it.each<[TokenEndpointAuthMethod, TokenEndpointAuthMethod]>([
    ['client_secret_basic', 'client_secret_basic'],
    ['client_secret_basic', 'client_secret_post'],
    ['client_secret_post', 'client_secret_basic'],
  ])(
    'completes authorization code + PKCE (registered %s, authenticating with %s)',
    async (registered, used) => {
      const peer = await startOidcProvider({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [REDIRECT_URI],
        tokenEndpointAuthMethod: registered,
        requirePkce: true,
      })
      oidc = peer
      const discovery = await discover(peer)
      const flow = newFlow()

      const callback = await signIn(peer, discovery, 'Hana.Sato@Example.test', flow)
      expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI)
      expect(callback.searchParams.get('state')).toBe(flow.state)
      expect(callback.searchParams.get('iss')).toBe(peer.issuer)
      const code = codeFrom(callback)

      const wrongVerifier = await exchange(discovery, code, newFlow().verifier, used)
      expect(wrongVerifier.status).toBe(400)
      expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' })

      const response = await exchange(discovery, code, flow.verifier, used)
      expect(response.status).toBe(200)
      const tokens = (await response.json()) as TokenResponse
      expect(tokens.token_type).toBe('Bearer')

      const expected = peer.accountFor('hana.sato@example.test')
      expect(expected).toMatchObject({
        email: 'hana.sato@example.test',
        email_verified: true,
        name: 'hana.sato',
      })
      expect(peer.accounts.get(expected.sub)).toEqual(expected)

      const { payload, protectedHeader } = await jwtVerify(
        tokens.id_token,
        createRemoteJWKSet(new URL(discovery.jwks_uri)),
        { issuer: peer.issuer, audience: CLIENT_ID },
      )
      expect(protectedHeader.alg).toBe('RS256')
      expect(payload).toMatchObject({ ...expected, nonce: flow.nonce })

      const userinfo = await fetch(discovery.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(userinfo.status).toBe(200)
      expect(await userinfo.json()).toEqual(expected)

      // Replaying a code is treated as theft: the exchange fails and the tokens it issued die.
      const replayed = await exchange(discovery, code, flow.verifier, used)
      expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' })
      const revoked = await fetch(discovery.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
      expect(revoked.status).toBe(401)

      const picture = await fetch(expected.picture)
      expect(picture.headers.get('content-type')).toBe('image/png')
      expect(
        Buffer.from(await picture.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG')
    },
  )

  it('shows the login form on every authorization unless asked to remember the sign-in', async () => {
    const peer = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
    })
    oidc = peer
    const discovery = await discover(peer)
    const jar = new CookieJar()

    for (const email of ['hana@example.test', 'kenji@example.test']) {
      const flow = newFlow()
      const callback = await signIn(peer, discovery, email, flow, jar)
      const claims = await idTokenClaims(peer, discovery, callback, flow)
      expect(claims).toMatchObject({ email, sub: peer.accountFor(email).sub })
    }
    expect(peer.accounts.size).toBe(2)
  })

  it('sends a remembered browser straight back with a code', async () => {
    const peer = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
      rememberSignIn: true,
    })
    oidc = peer
    const discovery = await discover(peer)
    const jar = new CookieJar()
    await signIn(peer, discovery, 'hana@example.test', newFlow(), jar)

    const flow = newFlow()
    const response = await jar.fetch(authorizationUrl(discovery, flow))
    expect(response.status).toBe(303)
    const callback = new URL(location(response, peer.issuer))
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI)
    const claims = await idTokenClaims(peer, discovery, callback, flow)
    expect(claims.email).toBe('hana@example.test')
  })

  it('rejects a wrong client secret', async () => {
    const peer = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
    })
    oidc = peer
    const response = await fetch(`${peer.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:wrong`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }).toString(),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: 'invalid_client' })
  })
})

describe('S3 server', () => {
  let s3: S3Peer
  let client: S3Client

  beforeEach(async () => {
    s3 = await startS3Server()
    client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
    })
  })

  afterEach(async () => {
    client.destroy()
    await s3.close()
  })

  it('stores, reads, heads and deletes an object byte for byte', async () => {
    const key = 'avatars/user-1/avatar.png'
    const body = randomBytes(64 * 1024)

    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentType: 'image/png' }),
    )

    const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
    expect(got.ContentType).toBe('image/png')
    const bytes = await got.Body?.transformToByteArray()
    expect(Buffer.from(bytes ?? []).equals(body)).toBe(true)

    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))
    expect(head.ContentLength).toBe(body.length)

    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }))

    const missing = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key })).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(missing).toBeInstanceOf(S3ServiceException)
    expect(missing).toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } })
  })

  it('round-trips a streamed body when checksums are only calculated when required', async () => {
    // With the SDK default (WHEN_SUPPORTED) a stream is sent aws-chunked with a checksum trailer,
    // and s3rver stores the chunk framing as if it were the object.
    const streaming = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    try {
      const body = randomBytes(10_000)
      await streaming.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: 'streamed.bin',
          Body: Readable.from([body]),
          ContentLength: body.length,
        }),
      )
      const got = await streaming.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: 'streamed.bin' }),
      )
      const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? [])
      expect(bytes.equals(body)).toBe(true)
    } finally {
      streaming.destroy()
    }
  })
})
