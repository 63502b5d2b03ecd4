import dns from 'node:dns'
import net from 'node:net'

/**
 * A host name as the URL parser writes it (lower case, IDNs in punycode). An address is no
 * name: the allow list lets named hosts past the address check, never an address.
 */
export function hostName(entry: string): string | null {
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i.test(entry)) return null
  try {
    const { hostname } = new URL(`https://${entry}/`)
    return net.isIP(hostname) === 0 ? hostname : null
  } catch {
    return null
  }
}

/** A DNS server as the resolver that will ask it reads one: 1.2.3.4, 1.2.3.4:53, [::1]:53. */
export function dnsServer(entry: string): string | null {
  try {
    new dns.Resolver().setServers([entry])
    return entry
  } catch {
    return null
  }
}
