import { BlockList, isIP } from 'node:net'

/**
 * The addresses the link-details fetcher never connects to: everything that is not a public
 * unicast address of the internet. A writer's bookmark must not make the server reach what only
 * it can reach (its own ports, the cloud's metadata service at 169.254.169.254, the office LAN).
 * The ranges are IANA's special-purpose registries (RFC 6890 and its updates); the IPv6 forms
 * that carry an IPv4 address inside (mapped, compatible, NAT64, 6to4, Teredo) are refused whole,
 * since the address they lead to is not the one they show.
 */
const REFUSED_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
]

const REFUSED_IPV6: readonly (readonly [string, number])[] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
]

// One list per family: a BlockList holding ::/96 or ::ffff:0:0/96 matches every IPv4 address too.
const refusedIpv4 = new BlockList()
for (const [network, prefix] of REFUSED_IPV4) refusedIpv4.addSubnet(network, prefix, 'ipv4')
const refusedIpv6 = new BlockList()
for (const [network, prefix] of REFUSED_IPV6) refusedIpv6.addSubnet(network, prefix, 'ipv6')

/**
 * Whether `address` (an IP address as text, `8.8.8.8` or `2606:4700::1111`, without brackets)
 * is a public unicast one the fetcher may connect to. Anything that is not an IP address is not.
 * A zone (`fe80::1%eth0`) is link-local by definition.
 */
export function isPublicAddress(address: string): boolean {
  if (address.includes('%')) return false
  const family = isIP(address)
  if (family === 0) return false
  return family === 4 ? !refusedIpv4.check(address, 'ipv4') : !refusedIpv6.check(address, 'ipv6')
}
