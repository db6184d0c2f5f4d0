import ipaddr from 'ipaddr.js';

/**
 * Only global unicast IPv6 (2000::/3) is public; ipaddr.js calls everything it has no special name
 * for "unicast", which would let IPv4-compatible addresses (::a.b.c.d) and unallocated space through.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The special-purpose range an address falls in, or 'unicast' for an ordinary public address.
 * An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries;
 * something that is not an IP address at all is 'invalid'.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.parse(address);
  const ip =
    parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  const range = ip.range();
  if (range !== 'unicast') return range;
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return 'notGlobalUnicast';
  return 'unicast';
}

/**
 * Whether the server may connect to an address on a user's behalf: not private, loopback,
 * link-local, unique-local, multicast, unspecified, carrier-grade NAT, benchmarking, reserved,
 * broadcast, nor a translation or tunnel range (NAT64, 6to4, Teredo) that could carry one of those.
 */
export const isPublicAddress = (address: string) => addressRange(address) === 'unicast';
