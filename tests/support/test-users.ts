import type { CapturedMail, WaitForMailOptions } from './smtp-capture'

export const TEST_PASSWORD = 'sakura-123'
const ORIGIN = 'http://localhost:3000'

/** Where a test reads the mail the server sent: the SMTP capture, or the server's outbox. */
export interface MailSource {
  waitForMail(to: string, options?: WaitForMailOptions): Promise<Pick<CapturedMail, 'text'>>
}

export interface TestUser {
  email: string
  ip: string
  cookie: string
  uid: string
}

/** The `name=value` pairs of every cookie a response sets, ready for a Cookie header. */
export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ')
}

/** A Cookie header with the last value set for each name, as a browser keeps them. */
export const keptCookies = (cookie: string) =>
  [...new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair])).values()].join('; ')

/** Anything that answers requests by path: the app in-process, or a server process over HTTP. */
export interface Requester {
  request(path: string, init?: RequestInit): Response | Promise<Response>
  /** The Origin its auth routes accept; the test apps' PUBLIC_URL when absent. */
  origin?: string
}

/** A Requester for a running server at `baseUrl`, whose PUBLIC_URL is `publicUrl`. */
export const overHttp = (baseUrl: string, publicUrl = baseUrl): Requester => ({
  request: (path, init) => fetch(new URL(path, baseUrl), init),
  origin: new URL(publicUrl).origin,
})

async function post(app: Requester, ip: string, path: string, body: unknown) {
  return app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      Origin: app.origin ?? ORIGIN,
    },
    body: JSON.stringify(body),
  })
}

/**
 * What a person does with a verification link: open its page and give the password chosen at
 * sign-up, as the page sends it. 200 with the session cookie when the address is verified.
 */
export function openVerificationLink(
  app: Requester,
  link: string,
  password: string,
  ip: string,
): Promise<Response> {
  const token = new URL(link).searchParams.get('token')
  return post(app, ip, '/sign-up/verify', { token, password })
}

/**
 * A user made as the app makes one, over HTTP: sign up, follow the link in the verification
 * mail, sign in. `ip` is the client address rate limits count.
 */
export async function createTestUser(
  app: Requester,
  mail: MailSource,
  identity: { email: string; ip: string },
): Promise<TestUser> {
  const { email, ip } = identity
  const fail = (step: string, response: Response) =>
    new Error(`${step} for ${email} answered ${response.status}`)
  const signedUp = await post(app, ip, '/sign-up/email', {
    email,
    password: TEST_PASSWORD,
    name: '',
    callbackURL: '/',
  })
  if (signedUp.status !== 200) throw fail('sign-up', signedUp)
  const verification = await mail.waitForMail(email, { subject: /verify/i })
  const link = /https?:\/\/\S+/.exec(verification.text ?? '')?.[0] ?? ''
  const verified = await openVerificationLink(app, link, TEST_PASSWORD, ip)
  if (verified.status !== 200) throw fail('verification', verified)
  const signedIn = await post(app, ip, '/sign-in/email', { email, password: TEST_PASSWORD })
  if (signedIn.status !== 200) throw fail('sign-in', signedIn)
  const cookie = cookiesOf(signedIn.headers)
  const session = await app.request('/api/auth/get-session', {
    headers: { Cookie: cookie, 'X-Forwarded-For': ip },
  })
  const uid = ((await session.json()) as { user?: { id?: string } } | null)?.user?.id
  if (uid === undefined) throw new Error(`no session for ${email}`)
  return { email, ip, cookie, uid }
}

/** PUT /api/me/avatar as the user the cookie signs in. */
export function putAvatar(
  app: Requester,
  cookie: string,
  image: Buffer,
  type = 'image/jpeg',
): Promise<Response> {
  return Promise.resolve(
    app.request('/api/me/avatar', {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': type },
      body: new Uint8Array(image),
    }),
  )
}
