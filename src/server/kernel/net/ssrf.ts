import net from "node:net";
import { embeddedIPv4 } from "./embedded-ipv4";

/**
 * Addresses a webhook must never reach (SSRF): private, loopback, link-local,
 * shared/CGNAT, multicast, reserved and cloud metadata ranges, IPv4 and IPv6
 * (including every IPv6 form that embeds an IPv4 address: embedded-ipv4.ts).
 */
const blockList = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blockList.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blockList.addSubnet(prefix, bits, "ipv6");
}

export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockList.check(address, "ipv4");
  if (family === 6) return blockList.check(address, "ipv6") || embeddedIPv4(address).some((v4) => blockList.check(v4, "ipv4"));
  return true; // not an IP address at all
}
