import dns, { type LookupAddress } from 'node:dns'
import type { IncomingMessage } from 'node:http'
import https from 'node:https'
import net, { type LookupFunction } from 'node:net'
import { Refused } from './link-refusals'
import { isPublicAddress } from './public-addresses'

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
export async function fetchOnce(
  url: URL,
  settings: Settings,
  deadline: AbortSignal,
): Promise<Answer> {
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
