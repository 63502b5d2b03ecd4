import http from 'node:http'
import https from 'node:https'
import type { Requester } from '../support/api'

/** One answer, read whole. */
export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  body?: Buffer | string
  /** The request is aborted and rejected with a HangError after this long. */
  timeoutMs: number
}

/** A request that had no answer within its time. */
export class HangError extends Error {}

export interface Client {
  /** The address its connections come from, which nginx appends to X-Forwarded-For. */
  address: string
  request(path: string, options: RequestOptions): Promise<Answer>
  close(): void
}

/**
 * A visitor of its own: its connections (kept alive, as a browser's) come from `address`, one of
 * the 127.0.0.0/8 loopback addresses, so nginx sees as many client addresses as the test has
 * visitors and Mofu's per-address limits count each apart, as they would on the Internet.
 * `url` is where to connect (http:// straight to an instance, or https:// to nginx, trusting
 * `ca` and naming `publicUrl`'s host).
 */
export function clientFrom(
  address: string,
  target: { url: string; publicUrl?: string; ca?: string },
): Client {
  const url = new URL(target.url)
  const publicUrl = new URL(target.publicUrl ?? target.url)
  const secure = url.protocol === 'https:'
  const agent = secure
    ? new https.Agent({ keepAlive: true, localAddress: address, ca: target.ca })
    : new http.Agent({ keepAlive: true, localAddress: address })
  const send = secure ? https.request : http.request
  return {
    address,
    request(path, options) {
      return new Promise<Answer>((resolve, reject) => {
        const request = send(
          {
            agent,
            host: '127.0.0.1',
            port: url.port,
            servername: publicUrl.hostname,
            method: options.method ?? 'GET',
            path,
            headers: { Host: publicUrl.host, ...options.headers },
          },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => {
              clearTimeout(timer)
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks),
              })
            })
            response.on('error', reject)
          },
        )
        // The whole exchange, not an idle socket: an answer trickling in slowly hangs too.
        const timer = setTimeout(
          () => request.destroy(new HangError(`no answer within ${options.timeoutMs} ms`)),
          options.timeoutMs,
        )
        request.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
        request.end(options.body)
      })
    },
    close: () => agent.destroy(),
  }
}

/** The Fetch-shaped view of a client that the shared test helpers (createTestUser) take. */
export function asRequester(client: Client, origin: string, timeoutMs: number): Requester {
  return {
    origin,
    async request(path, init = {}) {
      const headers = new Headers(init.headers)
      const answer = await client.request(path, {
        method: init.method,
        headers: Object.fromEntries(headers.entries()),
        body:
          typeof init.body === 'string'
            ? init.body
            : init.body instanceof Uint8Array
              ? Buffer.from(init.body)
              : undefined,
        timeoutMs,
      })
      const responseHeaders = new Headers()
      for (const [name, value] of Object.entries(answer.headers)) {
        for (const one of Array.isArray(value) ? value : [value ?? '']) {
          responseHeaders.append(name, one)
        }
      }
      const empty = answer.status === 204 || answer.status === 304
      return new Response(empty ? null : new Uint8Array(answer.body), {
        status: answer.status,
        headers: responseHeaders,
      })
    },
  }
}

/** The loopback address that stands for the client address `ip` (10.a.b.c): 127.a.b.c. */
export const loopbackFor = (ip: string) => `127.${ip.split('.').slice(1).join('.')}`

/**
 * A Requester through nginx whose calls come from the client addresses they name: the address a
 * call gives as its X-Forwarded-For (`ip` in callApp), 10.a.b.c, becomes its connection's own,
 * 127.a.b.c, since nginx puts that address after whatever the client wrote and Mofu reads it
 * there. So per-address limits count each of a test's visitors apart, as on the Internet.
 */
export function addressedRequester(
  target: { url: string; publicUrl: string; ca: string },
  timeoutMs: number,
): Requester & { close(): void } {
  const clients = new Map<string, Requester & { client: Client }>()
  // A call naming no address comes with a fresh one outside 10.0.0.0/8 (callApp's): it goes
  // from the default address, over the one connection those calls share.
  const from = (ip: string | null) => {
    const address = loopbackFor(ip?.startsWith('10.') === true ? ip : '10.0.0.1')
    let requester = clients.get(address)
    if (requester === undefined) {
      const client = clientFrom(address, target)
      requester = { ...asRequester(client, target.publicUrl, timeoutMs), client }
      clients.set(address, requester)
    }
    return requester
  }
  return {
    origin: new URL(target.publicUrl).origin,
    request(path, init = {}) {
      const headers = new Headers(init.headers)
      const ip = headers.get('X-Forwarded-For')
      headers.delete('X-Forwarded-For')
      return from(ip).request(path, { ...init, headers })
    },
    close() {
      for (const { client } of clients.values()) client.close()
    },
  }
}
