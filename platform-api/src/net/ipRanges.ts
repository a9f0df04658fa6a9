// IP addresses and ranges (CIDR), with IPv4-mapped IPv6 (::ffff:10.0.0.1)
// judged as the IPv4 address it carries: one home for the outbound guard's
// allowed ranges (safeFetch) and an API key's allow-list (apiKeys).
import ipaddr from 'ipaddr.js';

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = address.trim().replace(/^\[|\]$/g, '');
  // IPv4 only in its four-part form: ipaddr.js also reads "10.1" as 10.0.0.1, which nobody means in an allow-list.
  if (!text.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(text)) return null;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return null;
  }
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** The ipaddr.js range name of an address ('unicast' is a public address), or 'invalid'. */
export function addressRange(address: string): string {
  return parseAddress(address)?.range() ?? 'invalid';
}

/**
 * An allow-list entry in its one spelling: an address becomes its single-address range
 * (203.0.113.7 → 203.0.113.7/32), a range its network (10.1.2.3/24 → 10.1.2.0/24). null: neither.
 */
export function normalizeRange(entry: string): string | null {
  const text = entry.trim();
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text) || !parseAddress(text.slice(0, text.indexOf('/')))) return null;
    const [network, bits] = ipaddr.parseCIDR(text);
    const base = network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96 ? (network as ipaddr.IPv6).toIPv4Address() : network;
    const prefix = base === network ? bits : bits - 96;
    const start = base.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${base.toString()}/${prefix}`) : ipaddr.IPv6.networkAddressFromCIDR(`${base.toString()}/${prefix}`);
    return `${start.toString()}/${prefix}`;
  }
  const address = parseAddress(text);
  return address ? `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}` : null;
}

/** Whether the address lies in one of the ranges (CIDRs); an unparseable address lies in none. */
export function addressInRanges(address: string, ranges: readonly string[] | undefined): boolean {
  if (!ranges || ranges.length === 0) return false;
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return ranges.some((cidr) => {
    if (!ipaddr.isValidCIDR(cidr)) return false;
    const [network, bits] = ipaddr.parseCIDR(cidr);
    return network.kind() === parsed.kind() && parsed.match([network, bits]);
  });
}
