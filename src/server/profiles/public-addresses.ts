import net from 'node:net'

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
