import dns, { type LookupAddress } from 'node:dns'
import type { IncomingMessage } from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'
import tls from 'node:tls'
import { Parser } from 'htmlparser2'
import { LIMITS, type Limiter } from '../http/limiter'

/**
 * Links that prove themselves: a profile link is verified when its page links back to the
 * profile's address with rel="me". The fetch is the only request Mofu sends to an address a user
 * chose, so whoever wrote the link may also control its DNS answers and the server behind it;
 * everything below assumes they do.
 */

export const LINK_CHECK_TIMEOUT_MS = 5_000
export const LINK_CHECK_MAX_BYTES = 1_048_576
export const LINK_CHECK_MAX_REDIRECTS = 3

/** Counted per user and for all users together, before anything is sent. */
export const LINK_CHECK_LIMITS = { perUser: LIMITS.linkCheckUser, global: LIMITS.linkCheck }

export type LinkRefusal =
  /** The link, or a redirect's Location, is no URL. */
  | 'invalid-url'
  /** The link, or a redirect, is not https://. */
  | 'not-https'
  /** The host is, or its name resolves to, an address that is not globally routable unicast. */
  | 'forbidden-address'
  /** The name has no address, or the connection or TLS handshake failed. */
  | 'unreachable'
  /** The answer was neither a success nor a redirect with a Location. */
  | 'error-status'
  | 'too-many-redirects'
  /**
   * A redirect leads to another origin (scheme, host or port): that page speaks for its own
   * site, not for the link's, so it is not asked for.
   */
  | 'other-origin'
  /** The page is over the byte limit (declared or read). */
  | 'too-large'
  /** The whole check, look-ups and every hop included, went over the time limit. */
  | 'timeout'
  /** The page is not text/html, or comes compressed though none was asked for. */
  | 'not-html'
  /** The page has no <a> or <link> with rel="me" whose address is the profile's. */
  | 'no-link-back'

export type LinkCheck =
  | { verified: true }
  | { verified: false; reason: LinkRefusal }
  | { verified: false; reason: 'rate-limited'; retryAfterSeconds: number }

export interface LinkCheckOptions {
  /** Named in the User-Agent, so the operator of the linked site can tell who fetched it. */
  publicUrl: string
  /** Counted per user and for all users (LINK_CHECK_LIMITS) before anything is sent. */
  limits: { limiter: Limiter; userId: string }
  /**
   * Host names (exactly as the URL parser writes them) whose addresses are not checked, for
   * tests and intranets. An address literal never matches: only a name can be allowed.
   */
  allowHosts?: readonly string[]
  /** Certificates (PEM) trusted besides the usual roots, for an intranet's own CA. */
  ca?: string
  /** DNS servers (`1.2.3.4`, `1.2.3.4:53`, `[::1]:53`) asked for A and AAAA instead of the system. */
  dnsServers?: readonly string[]
  timeoutMs?: number
  maxBytes?: number
}

/** What an operator may open the check up to (LINK_CHECK_*), the same for every check. */
export type LinkCheckSettings = Pick<LinkCheckOptions, 'allowHosts' | 'ca' | 'dnsServers'>

class Refused extends Error {
  constructor(readonly reason: LinkRefusal) {
    super(reason)
    this.name = 'Refused'
  }
}

/**
 * IPv4 ranges that are not globally routable unicast (IANA's special-purpose registry), plus
 * multicast, the old 6to4 relay anycast and everything from 240/4 up to the broadcast address.
 * 0.0.0.0 and CGNAT are here because a connection to them reaches the server's own host or the
 * provider's network, not the internet.
 */
const IPV4_FORBIDDEN: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

const ipv4Forbidden = new net.BlockList()
for (const [base, prefix] of IPV4_FORBIDDEN) ipv4Forbidden.addSubnet(base, prefix, 'ipv4')

/**
 * Global unicast (2000::/3) and the NAT64 prefix, which an IPv6-only network uses to reach every
 * IPv4 host. Everything outside is refused: loopback, unspecified, unique-local, link-local,
 * multicast, and the IPv4-mapped and -compatible forms whatever they embed.
 */
const ipv6Routable = new net.BlockList()
ipv6Routable.addSubnet('2000::', 3, 'ipv6')
ipv6Routable.addSubnet('64:ff9b::', 96, 'ipv6')

/**
 * Inside those: IETF protocol assignments (Teredo, benchmarking, ORCHID), documentation, and a
 * forbidden IPv4 range reached through NAT64 or 6to4, which carry the IPv4 address inside.
 */
const ipv6Forbidden = new net.BlockList()
ipv6Forbidden.addSubnet('2001::', 23, 'ipv6')
ipv6Forbidden.addSubnet('2001:db8::', 32, 'ipv6')
ipv6Forbidden.addSubnet('3fff::', 20, 'ipv6')
for (const [base, prefix] of IPV4_FORBIDDEN) {
  const [a = 0, b = 0, c = 0, d = 0] = base.split('.').map(Number)
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16)
  ipv6Forbidden.addSubnet(`64:ff9b::${base}`, 96 + prefix, 'ipv6')
  ipv6Forbidden.addSubnet(`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix, 'ipv6')
}

/** Whether a connection to this address can only reach a host on the public internet. */
export function isPublicAddress(address: string): boolean {
  switch (net.isIP(address)) {
    case 4:
      return !ipv4Forbidden.check(address, 'ipv4')
    case 6:
      // A zone names an interface of the server's own host; no public address carries one.
      return (
        !address.includes('%') &&
        ipv6Routable.check(address, 'ipv6') &&
        !ipv6Forbidden.check(address, 'ipv6')
      )
    default:
      return false
  }
}

/** Checks a link of a profile whose public page is `profileUrl`: never throws for the link's sake. */
export async function checkLink(
  link: string,
  profileUrl: string,
  options: LinkCheckOptions,
): Promise<LinkCheck> {
  const profile = withoutFragment(new URL(profileUrl))
  const settings = {
    allowHosts: new Set(options.allowHosts ?? []),
    ca: options.ca === undefined ? undefined : [...tls.rootCertificates, options.ca],
    dnsServers: options.dnsServers,
    maxBytes: options.maxBytes ?? LINK_CHECK_MAX_BYTES,
    userAgent: `Mofu link check (+${options.publicUrl})`,
  }
  let url: URL
  try {
    url = httpsUrl(link)
  } catch (error) {
    if (error instanceof Refused) return { verified: false, reason: error.reason }
    throw error
  }

  const { limiter, userId } = options.limits
  const mine = await limiter.hit(LINK_CHECK_LIMITS.perUser, userId)
  if (!mine.allowed) {
    return { verified: false, reason: 'rate-limited', retryAfterSeconds: mine.retryAfterSeconds }
  }
  const everyone = await limiter.hit(LINK_CHECK_LIMITS.global, 'all')
  if (!everyone.allowed) {
    // The user's own count is for checks that went out; this one did not.
    await limiter.giveBack(LINK_CHECK_LIMITS.perUser, userId)
    return {
      verified: false,
      reason: 'rate-limited',
      retryAfterSeconds: everyone.retryAfterSeconds,
    }
  }

  const deadline = AbortSignal.timeout(options.timeoutMs ?? LINK_CHECK_TIMEOUT_MS)
  try {
    for (let redirects = 0; ; redirects += 1) {
      const answer = await fetchOnce(url, settings, deadline)
      if (answer.kind === 'page') {
        return linksBack(answer.html, url, profile)
          ? { verified: true }
          : { verified: false, reason: 'no-link-back' }
      }
      if (redirects === LINK_CHECK_MAX_REDIRECTS) throw new Refused('too-many-redirects')
      const next = httpsUrl(answer.location, url)
      // Otherwise an open redirect on one site would lend another site's link back to it.
      if (next.origin !== url.origin) throw new Refused('other-origin')
      url = next
    }
  } catch (error) {
    if (deadline.aborted) return { verified: false, reason: 'timeout' }
    if (error instanceof Refused) return { verified: false, reason: error.reason }
    return { verified: false, reason: 'unreachable' }
  }
}

function httpsUrl(text: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(text, base)
  } catch {
    throw new Refused('invalid-url')
  }
  if (url.protocol !== 'https:') throw new Refused('not-https')
  return url
}

function withoutFragment(url: URL): string {
  const copy = new URL(url)
  copy.hash = ''
  return copy.href
}

interface Settings {
  allowHosts: ReadonlySet<string>
  ca: string[] | undefined
  dnsServers: readonly string[] | undefined
  maxBytes: number
  userAgent: string
}

type Answer = { kind: 'page'; html: string } | { kind: 'redirect'; location: string }

/**
 * One request: the host's addresses are found and checked once, and the socket connects to
 * those very addresses (the lookup hands them over), while TLS and Host still use the name.
 */
async function fetchOnce(url: URL, settings: Settings, deadline: AbortSignal): Promise<Answer> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const addresses = await addressesOf(host, settings, deadline)
  deadline.throwIfAborted()
  const lookup: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all === true) callback(null, addresses)
    else callback(null, addresses[0].address, addresses[0].family)
  }
  return new Promise<Answer>((resolve, reject) => {
    const request = https.request({
      hostname: host,
      port: url.port === '' ? 443 : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // Built here rather than from the URL, which would send its user name and password.
      headers: {
        'User-Agent': settings.userAgent,
        Accept: 'text/html',
        'Accept-Encoding': 'identity',
      },
      agent: false,
      lookup,
      ca: settings.ca,
      // NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment must not reach this request.
      rejectUnauthorized: true,
    })
    const fail = (error: Error) => {
      request.destroy()
      reject(error)
    }
    const onDeadline = () => fail(new Refused('timeout'))
    deadline.addEventListener('abort', onDeadline, { once: true })
    request.on('close', () => deadline.removeEventListener('abort', onDeadline))
    request.on('error', reject)
    request.on('response', (response) => {
      try {
        const answer = readHead(response, settings.maxBytes)
        if (answer.kind === 'redirect') {
          request.destroy()
          resolve(answer)
        } else {
          readBody(response, settings.maxBytes).then(
            (html) => resolve({ kind: 'page', html }),
            fail,
          )
        }
      } catch (error) {
        fail(error instanceof Error ? error : new Refused('unreachable'))
      }
    })
    request.end()
  })
}

type Addresses = [LookupAddress, ...LookupAddress[]]

async function addressesOf(
  host: string,
  settings: Settings,
  deadline: AbortSignal,
): Promise<Addresses> {
  const family = net.isIP(host)
  if (family !== 0) {
    if (!isPublicAddress(host)) throw new Refused('forbidden-address')
    return [{ address: host, family }]
  }
  const [first, ...rest] = await untilDeadline(
    lookUp(host, settings.dnsServers, deadline),
    deadline,
  )
  if (first === undefined) throw new Refused('unreachable')
  const addresses: Addresses = [first, ...rest]
  // One forbidden answer refuses the name, rather than trying the others: a name that points
  // inside as well as outside is not a public page's.
  if (!settings.allowHosts.has(host) && !addresses.every(({ address }) => isPublicAddress(address)))
    throw new Refused('forbidden-address')
  return addresses
}

async function lookUp(
  host: string,
  dnsServers: readonly string[] | undefined,
  deadline: AbortSignal,
): Promise<LookupAddress[]> {
  if (dnsServers === undefined) return dns.promises.lookup(host, { all: true, verbatim: true })
  const resolver = new dns.promises.Resolver()
  resolver.setServers(dnsServers)
  const cancel = () => resolver.cancel()
  deadline.addEventListener('abort', cancel, { once: true })
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])
  deadline.removeEventListener('abort', cancel)
  return [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ]
}

function untilDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onDeadline = () => reject(new Refused('timeout'))
    if (deadline.aborted) onDeadline()
    deadline.addEventListener('abort', onDeadline, { once: true })
    promise.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onDeadline))
  })
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

function readHead(response: IncomingMessage, maxBytes: number): Answer | { kind: 'body' } {
  const status = response.statusCode ?? 0
  const location = response.headers.location
  if (REDIRECTS.has(status) && location !== undefined) return { kind: 'redirect', location }
  if (status < 200 || status > 299) throw new Refused('error-status')
  const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase()
  if (type !== 'text/html' || encoding !== 'identity') throw new Refused('not-html')
  if (Number(response.headers['content-length'] ?? 0) > maxBytes) throw new Refused('too-large')
  return { kind: 'body' }
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        response.destroy()
        reject(new Refused('too-large'))
      } else {
        chunks.push(chunk)
      }
    })
    response.on('end', () => resolve(new TextDecoder().decode(Buffer.concat(chunks))))
    response.on('error', reject)
  })
}

/**
 * Whether the page has an <a> or <link> whose rel holds "me" and whose href, resolved against
 * the page's base URL, is the profile's address. The comparison is exact but for the fragment:
 * http://, a trailing slash or another case in the path name another address.
 */
function linksBack(html: string, pageUrl: URL, profile: string): boolean {
  const hrefs: string[] = []
  let baseHref: string | undefined
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'base' && baseHref === undefined) baseHref = attributes.href
      const rel = attributes.rel?.toLowerCase().split(/[\t\n\f\r ]+/) ?? []
      if ((name === 'a' || name === 'link') && rel.includes('me') && attributes.href !== undefined)
        hrefs.push(attributes.href)
    },
  })
  parser.end(html)
  const base = (baseHref === undefined ? undefined : parsed(baseHref, pageUrl)) ?? pageUrl
  return hrefs.some((href) => {
    const url = parsed(href, base)
    return url !== undefined && withoutFragment(url) === profile
  })
}

function parsed(text: string, base: URL): URL | undefined {
  try {
    return new URL(text, base)
  } catch {
    return undefined
  }
}
