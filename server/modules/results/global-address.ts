import { BlockList, isIP } from 'node:net';

/**
 * IANA's special-purpose address registries: none of these is a public server on
 * the internet, so a fetch on an admin's say-so (SSRF) must never reach them.
 * BlockList applies the IPv4 rules to IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) too.
 */
const special = new BlockList();
for (const [network, prefix] of [
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
] as const) {
  special.addSubnet(network, prefix, 'ipv4');
}
special.addAddress('255.255.255.255', 'ipv4');
// Inside global unicast: IETF protocol assignments (Teredo, benchmarking, ORCHID…), documentation, 6to4.
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
] as const) {
  special.addSubnet(network, prefix, 'ipv6');
}

/** IPv6 outside 2000::/3 (loopback, NAT64, discard, unique-local, link-local, multicast…) is never global. */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** True only for an address a public server on the internet can have. */
export function isGlobalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !special.check(address, 'ipv4');
  // A zone (fe80::1%eth0) only exists on link-local addresses.
  if (family !== 6 || address.includes('%')) return false;
  // An IPv4-mapped address is its IPv4 address on the wire: the IPv4 rules decide.
  if (ipv4Mapped.check(address, 'ipv6')) return !special.check(address, 'ipv6');
  return globalUnicast.check(address, 'ipv6') && !special.check(address, 'ipv6');
}
