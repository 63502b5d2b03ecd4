import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * Which X-Forwarded-For entries to believe (TRUST_PROXY). Proxies append the address they got
 * the request from at the end and keep whatever the client sent before it, so only entries
 * counted from the right can be trusted: the client's own are at the left.
 */
export type TrustProxy =
  | { kind: 'none' }
  /** This many proxies in front: the entry this far from the right is the client. */
  | { kind: 'hops'; hops: number }
  /** The client is the rightmost entry that is not one of these proxies (IP or CIDR). */
  | { kind: 'proxies'; ranges: string[] }

export const TRUST_PROXY_EXPECTED =
  'expected true, false, a hop count such as 2, or comma-separated proxy addresses or CIDRs such as 10.0.0.0/8,192.0.2.7'

/** A socket's IPv4 peer on a dual-stack server reads ::ffff:a.b.c.d; one address, one bucket. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address.toLowerCase()
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address)
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null
}

/** A proxy range as BlockList takes it, or null when it is not an address or CIDR. */
function parseRange(
  text: string,
): { address: string; prefix: number | null; type: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = text.split('/')
  const type = family(address)
  if (type === null || rest.length > 0) return null
  if (prefixText === undefined) return { address, prefix: null, type }
  if (!/^\d{1,3}$/.test(prefixText)) return null
  const prefix = Number(prefixText)
  return prefix <= (type === 'ipv4' ? 32 : 128) ? { address, prefix, type } : null
}

/** TRUST_PROXY's value, or null when it is none of the forms it takes. */
export function parseTrustProxy(value: string): TrustProxy | null {
  if (value === 'false' || value === '0') return { kind: 'none' }
  if (value === 'true') return { kind: 'hops', hops: 1 }
  if (/^\d{1,2}$/.test(value)) return { kind: 'hops', hops: Number(value) }
  const ranges = value.split(',').map((range) => range.trim())
  return ranges.every((range) => parseRange(range) !== null) ? { kind: 'proxies', ranges } : null
}

function socketAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address
    return address === undefined ? undefined : plainAddress(address)
  } catch {
    // No socket: a request handed to app.fetch directly (tests).
    return undefined
  }
}

/**
 * The client's address as TRUST_PROXY says to read it. Whatever X-Forwarded-For holds, an
 * entry that is not an IP address is never used (it would be a bucket any client can join):
 * the socket's peer is, as when the header has fewer entries than there are proxies.
 */
export function clientAddressOf(trust: TrustProxy): (c: Context) => string {
  if (trust.kind === 'none') return (c) => socketAddress(c) ?? 'unknown'
  const forwarded = (c: Context) =>
    (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
  const valid = (entry: string | undefined) =>
    entry !== undefined && family(entry) !== null ? plainAddress(entry) : undefined

  if (trust.kind === 'hops') {
    return (c) => {
      const entries = forwarded(c)
      return valid(entries[entries.length - trust.hops]) ?? socketAddress(c) ?? 'unknown'
    }
  }

  const proxies = new BlockList()
  for (const text of trust.ranges) {
    const range = parseRange(text)
    if (range === null) continue
    if (range.prefix === null) proxies.addAddress(range.address, range.type)
    else proxies.addSubnet(range.address, range.prefix, range.type)
  }
  const isProxy = (address: string) => {
    const type = family(address)
    return type !== null && proxies.check(address, type)
  }
  return (c) => {
    const socket = socketAddress(c)
    // A request that did not come through a trusted proxy says nothing trustworthy in its header.
    if (socket === undefined || !isProxy(socket)) return socket ?? 'unknown'
    let client = socket
    const entries = forwarded(c)
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = valid(entries[index])
      if (entry === undefined) return socket
      client = entry
      if (!isProxy(entry)) return client
    }
    return client
  }
}
