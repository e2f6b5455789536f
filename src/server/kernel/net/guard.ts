import dns from "node:dns";
import net from "node:net";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";
import { embeddedIPv4 } from "@/server/kernel/net/embedded-ipv4";
import { isForbiddenAddress } from "@/server/kernel/net/ssrf";

/**
 * The one SSRF guard for every outbound request the platform makes on a
 * customer's behalf (webhook deliveries, the crawler). The address a name
 * resolves to is checked when the socket connects (so DNS rebinding cannot
 * slip a private address past an earlier check), literal hosts are checked
 * before anything is sent, and callers that follow redirects check every hop.
 * Error messages say "blocked address" and never echo what DNS answered.
 */
export interface NetPolicy {
  /** Private and loopback ranges allowed (tests, on-premises installs). Metadata and link-local stay blocked. */
  allowPrivate: boolean;
}

export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a blocked address (private or reserved address)`);
    this.name = "BlockedAddressError";
  }
}

/** Ranges no setting opens: cloud metadata, link-local, "this network", multicast. */
const alwaysBlocked = new net.BlockList();
alwaysBlocked.addSubnet("0.0.0.0", 8, "ipv4");
alwaysBlocked.addSubnet("169.254.0.0", 16, "ipv4");
alwaysBlocked.addAddress("100.100.100.200", "ipv4"); // Alibaba Cloud metadata
alwaysBlocked.addSubnet("224.0.0.0", 4, "ipv4");
alwaysBlocked.addAddress("::", "ipv6");
alwaysBlocked.addSubnet("fe80::", 10, "ipv6");
alwaysBlocked.addAddress("fd00:ec2::254", "ipv6"); // AWS metadata over IPv6
alwaysBlocked.addSubnet("ff00::", 8, "ipv6");

/** The address itself and every IPv4 address it embeds (IPv4-mapped, 6to4, NAT64, Teredo, …): each is judged. */
function judged(address: string): Array<{ address: string; family: "ipv4" | "ipv6" }> | null {
  const family = net.isIP(address);
  if (family === 0) return null;
  if (family === 4) return [{ address, family: "ipv4" }];
  return [{ address, family: "ipv6" }, ...embeddedIPv4(address).map((v4) => ({ address: v4, family: "ipv4" as const }))];
}

export function isBlockedAddress(address: string, policy: NetPolicy): boolean {
  const ips = judged(address);
  if (!ips) return true;
  if (ips.some((ip) => alwaysBlocked.check(ip.address, ip.family))) return true;
  return policy.allowPrivate ? false : ips.some((ip) => isForbiddenAddress(ip.address));
}

/** Whether a URL's literal host is refused before any DNS (IP literals, `localhost` names). */
export function literalHostRefusal(url: URL, policy: NetPolicy): string | null {
  // A fully qualified name may end in a dot (`localhost.`): the same host for DNS, so the same rule.
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase().replace(/\.+$/, "");
  if (net.isIP(host)) return isBlockedAddress(host, policy) ? host : null;
  if (host === "metadata.google.internal") return host;
  if (!policy.allowPrivate && (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal"))) return host;
  return null;
}

export function assertLiteralHostAllowed(url: URL, policy: NetPolicy) {
  const refused = literalHostRefusal(url, policy);
  if (refused) throw new BlockedAddressError(refused);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * How long a checked DNS answer is reused for new connections to the same
 * host. A burst of deliveries opens many connections at once; each asked the
 * resolver again. Reuse is safe: only answers that passed the check are kept,
 * so a socket still only ever connects to an address checked within the last
 * 30 s, and a changed answer (rebinding to a private address) is resolved
 * and checked again once the entry is older.
 */
export const CHECKED_LOOKUP_TTL_MS = 30_000;

function answer(list: dns.LookupAddress[], hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  if (options.all) return callback(null, list);
  const first = list[0];
  if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
  callback(null, first.address, first.family);
}

/** A `lookup` for sockets that refuses blocked addresses at connect time. */
export function guardedLookup(policy: NetPolicy, ttlMs = CHECKED_LOOKUP_TTL_MS) {
  // Bounded (record 106): endpoints are few, a flood of names is not worth remembering.
  const checked = new BoundedMemo<string, { at: number; list: dns.LookupAddress[] }>(1000);
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    const key = `${options.family ?? 0}:${hostname}`;
    const cached = checked.get(key);
    if (cached && Date.now() - cached.at < ttlMs) return answer(cached.list, hostname, options, callback);
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (list.some((a) => isBlockedAddress(a.address, policy))) {
        checked.delete(key);
        return callback(new BlockedAddressError(hostname), []);
      }
      checked.set(key, { at: Date.now(), list });
      answer(list, hostname, options, callback);
    });
  };
}

/** Whether an error (or its cause) is the guard refusing an address. */
export function isBlockedError(error: unknown): boolean {
  const e = error as { cause?: unknown } | null;
  return error instanceof BlockedAddressError || (e?.cause instanceof BlockedAddressError);
}

/**
 * Why a URL stored for later outbound calls (a webhook endpoint, a crawl
 * target) is refused at creation: credentials inside it, or a literal host on
 * a private, loopback or metadata address. Null when acceptable.
 */
export function storedUrlRefusal(raw: string, field: string, policy: NetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `The ${field} field must be a valid URL.`;
  }
  if (url.username || url.password) return `The ${field} field must not contain credentials.`;
  if (literalHostRefusal(url, policy)) return `The ${field} field points to a private, loopback or metadata address.`;
  return null;
}
