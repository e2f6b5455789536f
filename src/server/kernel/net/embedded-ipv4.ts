import ipaddr from "ipaddr.js";

/**
 * The IPv4 addresses an IPv6 address carries and can route to, so the SSRF guard judges them as what they
 * reach: IPv4-mapped `::ffff:a.b.c.d` and SIIT `::ffff:0:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96` (and the local-use `64:ff9b:1::/48`), 6to4 `2002:AABB:CCDD::/16`, and Teredo `2001:0::/32`
 * (its server, and its client stored bit-inverted in the last 32 bits). Empty for any other address.
 */
export function embeddedIPv4(address: string): string[] {
  if (!ipaddr.IPv6.isValid(address)) return [];
  const ip = ipaddr.IPv6.parse(address);
  const bytes = ip.toByteArray();
  const v4 = (at: number, invert = false) => bytes.slice(at, at + 4).map((b) => (invert ? b ^ 0xff : b)).join(".");
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const range = ip.range();
  if (range === "ipv4Mapped" || range === "rfc6145" || range === "rfc6052") return [v4(12)];
  if (range === "6to4") return [v4(2)];
  if (range === "teredo") return [v4(4), v4(12, true)];
  if (ip.match(ipaddr.IPv6.parse("64:ff9b:1::"), 48)) return [v4(12)];
  // IPv4-compatible (deprecated, still routed by some stacks): `::a.b.c.d`, except `::` and `::1` themselves.
  if (zeros(0, 12) && !zeros(12, 15)) return [v4(12)];
  return [];
}
