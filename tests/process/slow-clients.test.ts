import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '../support/server-process'

/**
 * The built server cuts off clients that hold a connection without finishing a request
 * (docs/security.md "HTTP"): headers within 20 s, the whole request within 45 s, 5 s idle between
 * requests. Each client here trickles one byte a second, as a slowloris attack does. The server
 * checks its timeouts every second, but the moment a close is seen here also waits on this
 * worker and the server getting a core: each cut must come no sooner than its limit, from the
 * server's own timeout (its 408) where a request was unfinished, and well within a minute of it.
 */

let server: ServerProcess
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.dispose())

interface Cut {
  /** Seconds from connecting until the server closed the connection. */
  seconds: number
  received: string
}

/** How late past its limit a cut may be seen, on a machine busy with other tests. */
const LATE_S = 30
/** Past the longest limit and its lateness, the client gives up and the test fails. */
const GUARD_MS = (45 + LATE_S + 15) * 1000

/** Connects, sends `opening`, then `trickle` one character a second until the server closes. */
function slowClient(opening: string, trickle: string): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    let received = ''
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(opening))
    const drip = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(trickle)
    }, 1_000)
    socket.on('data', (chunk) => (received += chunk.toString()))
    // A write racing the close may fail; the close is what counts.
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(drip)
      resolve({ seconds: (Date.now() - started) / 1000, received })
    })
    setTimeout(() => {
      clearInterval(drip)
      socket.destroy()
      reject(
        new Error(`still connected after ${GUARD_MS / 1000} s; received ${received.slice(0, 200)}`),
      )
    }, GUARD_MS)
  })
}

describe('slow clients', () => {
  it(
    'are cut off: headers after 20 s, the request after 45 s, an idle keep-alive after 5 s',
    async () => {
      const [headers, body, idle] = await Promise.all([
        // Never ends its headers: one more header character every second.
        slowClient('GET /healthz HTTP/1.1\r\nHost: mofu\r\nX-Slow: ', 'a'),
        // Complete headers, then a body that never reaches its announced length.
        slowClient(
          'POST /api/events/page-view HTTP/1.1\r\nHost: mofu\r\nContent-Type: application/json\r\n' +
            'Content-Length: 2000\r\n\r\n{"path": "/',
          'a',
        ),
        // One whole request, then nothing.
        slowClient('GET /healthz HTTP/1.1\r\nHost: mofu\r\nConnection: keep-alive\r\n\r\n', ''),
      ])
      const timedOut = /^HTTP\/1\.1 408 /
      expect(headers.received).toMatch(timedOut)
      expect(headers.seconds).toBeGreaterThanOrEqual(19)
      expect(headers.seconds).toBeLessThan(20 + LATE_S)
      expect(body.received).toMatch(timedOut)
      expect(body.seconds).toBeGreaterThanOrEqual(44)
      expect(body.seconds).toBeLessThan(45 + LATE_S)
      expect(idle.received).toMatch(/^HTTP\/1\.1 200/)
      expect(idle.seconds).toBeGreaterThanOrEqual(4)
      expect(idle.seconds).toBeLessThan(5 + LATE_S)
      // The server still serves everyone else.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    },
    GUARD_MS + 10_000,
  )
})
