import { readFileSync } from 'node:fs'
import net from 'node:net'

/**
 * The kernel's range of ephemeral ports, from which it picks the local port of every outgoing
 * connection. A port handed out from inside it can be taken between the pick and the listen by
 * any connection a starting server makes (to PostgreSQL, Redis, S3), which fails that start with
 * EADDRINUSE; ports below it are only ever bound on purpose.
 */
export function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
    if (low !== undefined && high !== undefined && Number.isInteger(low) && Number.isInteger(high))
      return { low, high }
  } catch {
    // Not Linux: the range IANA gives for dynamic ports.
  }
  return { low: 49152, high: 65535 }
}

const LOWEST = 20_000

/** Whether 127.0.0.1:port can be listened on right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A TCP port nothing listens on right now, for a process that needs its port up front: chosen
 * outside the ephemeral range, so that no outgoing connection can take it before that process
 * listens on it.
 */
export async function freePort(): Promise<number> {
  const { low, high } = ephemeralRange()
  const [from, to] = low - LOWEST >= 2_000 ? [LOWEST, low] : [high + 1, 65_536]
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from))
    if (await canListen(port)) return port
  }
  throw new Error(`no free TCP port between ${from} and ${to - 1}`)
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
