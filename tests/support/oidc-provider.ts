import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import type {
  Adapter,
  AdapterFactory,
  AdapterPayload,
  Configuration,
  InteractionResults,
  JWK,
  Provider,
} from 'oidc-provider'

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post'

export interface OidcProviderOptions {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  /**
   * What the client is registered with. Either way the token endpoint accepts both Basic and
   * body credentials: oidc-provider v9 treats client_secret_basic and client_secret_post alike.
   */
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod
  /** Reject authorization requests without a code_challenge. */
  requirePkce?: boolean
  /**
   * When true, a browser that has signed in before is sent straight back with a code, as Google
   * does with an active session. By default every authorization request shows the login form, so
   * a test can sign in as someone else in the same browser context.
   */
  rememberSignIn?: boolean
}

export interface OidcAccount {
  sub: string
  email: string
  email_verified: true
  name: string
  picture: string
}

export interface OidcPeer {
  issuer: string
  discoveryUrl: string
  clientId: string
  clientSecret: string
  /** Accounts that have signed in so far, by `sub`. */
  accounts: ReadonlyMap<string, OidcAccount>
  /** The claims an e-mail address (lower-cased) signs in with, whether or not it has yet. */
  accountFor(email: string): OidcAccount
  close(): Promise<void>
}

const SCOPES = ['openid', 'email', 'profile']
// Only these die with their grant; an Interaction also carries a grantId but must survive a logout.
const GRANT_BOUND_MODELS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
])
const COOKIE_KEYS = ['mofu-test-oidc-cookie-key']
const ONE_DAY = 24 * 60 * 60

// A 1x1 PNG, so that `picture` points at something an app can actually download.
const PICTURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

export function oidcSubjectFor(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)
}

let providerModule: Promise<typeof import('oidc-provider')> | undefined

function loadOidcProvider(): Promise<typeof import('oidc-provider')> {
  // oidc-provider 9 warns once, at import time, that Node 20 is not a supported runtime (it wants
  // 22+). It works on 20; the warning would only be noise in every test run.
  providerModule ??= (async () => {
    const warn = console.warn
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return
      warn(...args)
    }
    try {
      return await import('oidc-provider')
    } finally {
      console.warn = warn
    }
  })()
  return providerModule
}

interface StoredPayload {
  payload: AdapterPayload
  expiresAt: number | undefined
}

// Our own adapter instead of the built-in MemoryAdapter: passing none makes oidc-provider print a
// "development-only" warning, and a per-peer store keeps concurrent peers isolated.
function createMemoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, StoredPayload>()
  const sessionUids = new Map<string, string>()
  const userCodes = new Map<string, string>()
  const grants = new Map<string, Set<string>>()

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key)
      return undefined
    }
    return entry.payload
  }

  return (model: string): Adapter => {
    const keyFor = (id: string): string => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyFor(id)
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : undefined
        entries.set(key, { payload, expiresAt })
        if (model === 'Session' && payload.uid) sessionUids.set(payload.uid, id)
        if (payload.userCode) userCodes.set(payload.userCode, id)
        if (payload.grantId && GRANT_BOUND_MODELS.has(model)) {
          const members = grants.get(payload.grantId) ?? new Set<string>()
          members.add(key)
          grants.set(payload.grantId, members)
        }
      },
      async find(id) {
        return read(keyFor(id))
      },
      async findByUid(uid) {
        const id = sessionUids.get(uid)
        return id === undefined ? undefined : read(keyFor(id))
      },
      async findByUserCode(userCode) {
        const id = userCodes.get(userCode)
        return id === undefined ? undefined : read(keyFor(id))
      },
      async consume(id) {
        const payload = read(keyFor(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        entries.delete(keyFor(id))
      },
      async revokeByGrantId(grantId) {
        for (const key of grants.get(grantId) ?? []) entries.delete(key)
        grants.delete(grantId)
      },
    }
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function loginPage(uid: string, clientId: string, loginHint: string, error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in - test OpenID provider</title><link rel="icon" href="data:,"></head>
<body>
<main>
<h1>Sign in</h1>
<p>to continue to ${escapeHtml(clientId)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(loginHint)}" required autofocus>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.statusCode = status
  res.setHeader('Content-Type', type)
  res.setHeader('Cache-Control', 'no-store')
  res.end(body)
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcPeer> {
  const { clientId, clientSecret, redirectUris } = options
  const server = createServer()
  const port = await listen(server)
  const issuer = `http://127.0.0.1:${port}`
  const accounts = new Map<string, OidcAccount>()

  const accountFor = (email: string): OidcAccount => {
    const normalized = email.trim().toLowerCase()
    const sub = oidcSubjectFor(normalized)
    return {
      sub,
      email: normalized,
      email_verified: true,
      name: normalized.split('@')[0] ?? normalized,
      picture: `${issuer}/picture/${sub}.png`,
    }
  }

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey: JWK = {
    ...(await exportJWK(privateKey)),
    kid: 'mofu-test',
    alg: 'RS256',
    use: 'sig',
  }
  const allowedOrigins = new Set(redirectUris.map((uri) => new URL(uri).origin))

  const { Provider: ProviderClass, interactionPolicy } = await loadOidcProvider()
  const policy = interactionPolicy.base()
  if (!options.rememberSignIn) {
    const alwaysSignIn = new interactionPolicy.Check(
      'always_sign_in',
      'every authorization request shows the login form',
      'login_required',
      (ctx) => !ctx.oidc.result?.login,
    )
    policy.get('login')?.checks.add(alwaysSignIn)
  }

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_basic',
      },
    ],
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // With the default (true) a code flow ID token carries only `sub`, the rest only via userinfo;
    // Google puts email and profile claims in the ID token, and so do we.
    conformIdTokenClaims: false,
    cookies: { keys: COOKIE_KEYS },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => options.requirePkce ?? false },
    jwks: { keys: [signingKey] },
    findAccount(_ctx, sub) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return { accountId: sub, claims: () => ({ ...account }) }
    },
    // Explicit values for every default that otherwise logs a "you SHOULD change it" notice.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: ONE_DAY,
      Grant: ONE_DAY,
      RefreshToken: ONE_DAY,
    },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = `<!doctype html><title>OpenID provider error</title><h1>${escapeHtml(
        out.error,
      )}</h1><p>${escapeHtml(out.error_description ?? '')}</p>`
    },
  }

  const provider: Provider = new ProviderClass(issuer, configuration)
  const handleProvider = provider.callback()

  async function finishInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    accountId: string,
    login: boolean,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? SCOPES.join(' ')))
    const grantId = await grant.save()
    const result: InteractionResults = { consent: { grantId } }
    if (login) result.login = { accountId }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
  }

  async function handleInteraction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
  ): Promise<void> {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) {
      send(res, 400, 'text/plain', 'interaction mismatch')
      return
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : ''
    const client = String(details.params.client_id)

    if (req.method === 'POST') {
      const email = (await readForm(req)).get('email')?.trim() ?? ''
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        send(res, 400, 'text/html', loginPage(uid, client, email, 'Enter a valid e-mail address'))
        return
      }
      const account = accountFor(email)
      accounts.set(account.sub, account)
      await finishInteraction(req, res, account.sub, true)
      return
    }

    // Consent is granted without asking, as Google does for an app the user already approved.
    if (details.prompt.name === 'consent' && details.session?.accountId) {
      await finishInteraction(req, res, details.session.accountId, false)
      return
    }
    send(res, 200, 'text/html; charset=utf-8', loginPage(uid, client, hint))
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', issuer)
    const interaction = /^\/interaction\/([\w-]+)$/.exec(pathname)
    const picture = /^\/picture\/[0-9a-f]+\.png$/.exec(pathname)
    let handled: Promise<void>
    if (interaction?.[1] && (req.method === 'GET' || req.method === 'POST')) {
      handled = handleInteraction(req, res, interaction[1])
    } else if (picture && req.method === 'GET') {
      send(res, 200, 'image/png', PICTURE_PNG)
      return
    } else {
      handled = handleProvider(req, res)
    }
    handled.catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      send(res, 400, 'text/plain', `test OpenID provider: ${message}`)
    })
  })

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    accounts,
    accountFor,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Browsers and undici keep connections alive; close() alone would wait for them.
        server.closeAllConnections()
      })
    },
  }
}
