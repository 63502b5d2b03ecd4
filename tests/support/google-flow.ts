import { callApp, callAuth, type Requester } from './api'
import type { OidcPeer } from './oidc-provider'

/** Cookies of one browser at the provider, kept across its redirects. */
class CookieJar {
  readonly #cookies = new Map<string, string>()

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      const value = pair.slice(index + 1).trim()
      if (value === '' || /max-age=0/i.test(line)) this.#cookies.delete(pair.slice(0, index).trim())
      else this.#cookies.set(pair.slice(0, index).trim(), value)
    }
    return response
  }
}

export interface GoogleSignInResult {
  /** The app's answer to the provider's redirect back. */
  status: number
  location: string
  /** The cookies it set (the session's, when signed in). */
  cookie: string
}

/**
 * Google sign-in as the panel starts it (POST /api/auth/sign-in/social) and a browser completes
 * it at the provider, which signs in `email`. Returns the app's answer to the callback.
 */
export async function signInWithGoogle(
  app: Requester,
  oidc: OidcPeer,
  email: string,
  ip: string,
): Promise<GoogleSignInResult> {
  const start = await callAuth(app, '/sign-in/social', {
    ip,
    body: {
      provider: 'google',
      callbackURL: '/auth/popup-done',
      errorCallbackURL: '/auth/popup-done?error=google',
      disableRedirect: true,
    },
  })
  if (start.status !== 200) throw new Error(`sign-in/social answered ${start.status}`)
  const url = String(start.json.url)
  const appCookie = start.cookie
  const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? ''

  const jar = new CookieJar()
  let current = await jar.fetch(url)
  let at = url
  for (let hops = 0; hops < 12; hops++) {
    if (current.status === 200) {
      const page = await current.text()
      const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]
      if (action === undefined) throw new Error(`stuck on a page at ${at}`)
      const fields = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)]
      const body = new URLSearchParams(fields.map(([, name = '', value = '']) => [name, value]))
      if (page.includes('name="email"')) body.set('email', email)
      at = new URL(action, at).toString()
      current = await jar.fetch(at, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
      continue
    }
    const next = current.headers.get('location')
    if (next === null) throw new Error(`expected a redirect at ${at}, got ${current.status}`)
    at = new URL(next, at).toString()
    if (at.startsWith(redirectUri)) {
      const back = new URL(at)
      const callback = await callApp(app, back.pathname + back.search, {
        ip,
        cookie: appCookie,
        origin: null,
      })
      return {
        status: callback.status,
        location: callback.headers.get('location') ?? '',
        cookie: callback.cookie,
      }
    }
    current = await jar.fetch(at)
  }
  throw new Error(`too many redirects, stuck at ${at}`)
}
