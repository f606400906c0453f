import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Bits of an IPv6 address that name one client. A provider hands each customer a /64 at the
 * least (RFC 6177), and a host picks any of its 2^64 addresses at will, so per-address limits
 * keyed by the full address would limit nobody.
 */
const IPV6_CLIENT_PREFIX = 64;

/**
 * The client a request's address stands for, as every per-client limit counts it: an IPv4
 * address as it is (also when it arrives IPv4-mapped, `::ffff:a.b.c.d`, from a dual-stack
 * socket), an IPv6 address as its /64 (a zone id is the host's own, and dropped). Anything that
 * is not an address is kept as given, so it still counts as one client.
 */
export function clientKey(address: string): string {
  // Node's check is the strict one (ipaddr.js also reads forms such as `127.1`).
  if (isIP(address) !== 6) return address;
  const parsed = ipaddr.IPv6.parse(address);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  const prefix = parsed.parts.slice(0, IPV6_CLIENT_PREFIX / 16);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/${IPV6_CLIENT_PREFIX}`;
}
