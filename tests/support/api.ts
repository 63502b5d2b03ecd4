import { randomInt } from 'node:crypto'

/**
 * Requests to the app as a browser or an API client sends them, in-process through app.request()
 * or over HTTP to a running server: one way to write the client address, Origin, cookie and body
 * and to read the answer, so each test states only what it sends and what it expects.
 */

/** The connection a request came on, as @hono/node-server hands it to the app. */
export interface Connection {
  incoming: { socket: { remoteAddress: string } }
}

/** Anything that answers requests by path: the app in-process, or a server process over HTTP. */
export interface Requester {
  request(path: string, init?: RequestInit, connection?: Connection): Response | Promise<Response>
  /** The Origin its auth routes accept; the test apps' PUBLIC_URL when absent. */
  origin?: string
}

/** A Requester for a running server at `baseUrl`, whose PUBLIC_URL is `publicUrl`. */
export const overHttp = (baseUrl: string, publicUrl = baseUrl): Requester => ({
  request: (path, init, connection) => {
    if (connection !== undefined) throw new Error('overHttp: the socket is the real one')
    return fetch(new URL(path, baseUrl), init)
  },
  origin: new URL(publicUrl).origin,
})

/** The `name=value` pairs of every cookie a response sets, ready for a Cookie header. */
export function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ')
}

/** Cookie headers (or none) joined into one. */
export const joinCookies = (...cookies: (string | undefined)[]) =>
  cookies.filter((cookie) => cookie !== undefined && cookie !== '').join('; ')

/** A Cookie header with the last value set for each name, as a browser keeps them. */
export const keptCookies = (cookie: string) =>
  [...new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair])).values()].join('; ')

/**
 * The next of the client addresses calls take when they name none, in 100.64.0.0/10, a range no
 * test names. They go in turn, so no two calls of one worker share an address; the first is
 * drawn at random, so runs sharing the test Redis (which keeps Better Auth's per-address limits)
 * rarely meet either.
 */
let nextAddress = randomInt(2 ** 22)

/** A client address no other call has had: its per-address limits count this call alone. */
export function freshAddress(): string {
  const n = nextAddress
  nextAddress = (nextAddress + 1) % 2 ** 22
  return `100.${64 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`
}

/** What a request sends besides its path. */
export interface Call {
  /** GET without a body, POST with one, unless given. */
  method?: string
  /**
   * The client address, as X-Forwarded-For: the one the app's per-address limits count. A
   * fresh one for each call unless given: a test about those limits, or a user who signs in and
   * goes on from one place, gives one.
   */
  ip?: string
  /** The address of the connection's far end, for the app in-process; none unless given. */
  socket?: string
  cookie?: string
  /** The Origin header: the requester's own unless given; null sends none. */
  origin?: string | null
  /** Sent as JSON, with a JSON Content-Type. */
  body?: unknown
  /** Sent as it is (text, bytes, a form), with whatever Content-Type `headers` give. */
  raw?: BodyInit
  /** Further headers; they win over the ones the fields above make. */
  headers?: Record<string, string>
}

/** An answer, read once. */
export interface Answer {
  status: number
  headers: Headers
  bytes: Buffer
  text: string
  /**
   * The body parsed when the answer's Content-Type says JSON and it is an object or array, {}
   * for any other body (a compressed or binary one is never read as JSON).
   */
  json: Record<string, unknown>
  /** The cookies the answer set, ready for a Cookie header. */
  cookie: string
}

/**
 * Sends one request to `path` and reads the answer. A redirect is answered, not followed: the
 * test sees what the app said.
 */
export async function callApp(app: Requester, path: string, call: Call = {}): Promise<Answer> {
  const { ip = freshAddress(), socket, cookie, body, raw } = call
  const origin = call.origin === undefined ? (app.origin ?? 'http://localhost:3000') : call.origin
  const response = await app.request(
    path,
    {
      method: call.method ?? (body === undefined && raw === undefined ? 'GET' : 'POST'),
      headers: {
        'X-Forwarded-For': ip,
        ...(origin === null ? {} : { Origin: origin }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie === undefined ? {} : { Cookie: cookie }),
        ...call.headers,
      },
      body: body === undefined ? raw : JSON.stringify(body),
      redirect: 'manual',
    },
    socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } },
  )
  const bytes = Buffer.from(await response.arrayBuffer())
  const text = bytes.toString()
  const saysJson = /\bjson\b/i.test(response.headers.get('Content-Type') ?? '')
  const json = (saysJson && /^[[{]/.test(text) ? JSON.parse(text) : {}) as Record<string, unknown>
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    text,
    json,
    cookie: cookiesOf(response.headers),
  }
}

/** callApp() for a path of Better Auth's, which the app serves under /api/auth. */
export const callAuth = (app: Requester, path: string, call: Call = {}) =>
  callApp(app, `/api/auth${path}`, call)
