import { env } from "@/server/kernel/env";

/**
 * The TCP peer of a request, as scripts/serve.ts (our server in front of
 * Next) hands it to the app: Next's route handlers only see headers, not the
 * socket. serve.ts sets this header on every request, replacing whatever the
 * client sent, so its value is the socket's address and cannot be forged.
 */
export const PEER_ADDRESS_HEADER = "x-acp-peer-address";

/** The peer address serve.ts recorded, or null (the app is not behind serve.ts, e.g. in-process tests). */
export function peerAddress(headers: Headers): string | null {
  return headers.get(PEER_ADDRESS_HEADER)?.trim() || null;
}

/**
 * The client as the trusted proxies saw it: `X-Forwarded-For` lists the
 * client's own claim first and each proxy appends the address it received
 * the request from, so only the last `hops` entries were written by proxies
 * we trust. The client is the entry the outermost trusted proxy appended
 * (with one proxy, the right-most); whatever the client wrote to the left of
 * it is ignored. Fewer entries than trusted hops: the left-most one.
 */
export function forwardedClient(forwardedFor: string | null, hops: number): string | null {
  if (hops < 1 || !forwardedFor) return null;
  const entries = forwardedFor
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  return entries[Math.max(0, entries.length - hops)]!;
}

/**
 * The client's IP, the one rule every part of the app uses. Behind trusted
 * reverse proxies (TRUST_PROXY = their number, `true` = 1) the address the
 * outermost of them saw (forwardedClient), else `X-Real-IP` (set, not
 * appended, by such a proxy); otherwise the TCP peer as scripts/serve.ts
 * passes it on, never a header the client sets.
 */
export function clientIp(headers: Headers, trustedHops: number = env().TRUST_PROXY): string | null {
  if (trustedHops > 0) {
    const forwarded = forwardedClient(headers.get("x-forwarded-for"), trustedHops);
    if (forwarded) return forwarded;
    const real = headers.get("x-real-ip")?.trim();
    if (real) return real;
  }
  return peerAddress(headers);
}

/**
 * The host the client asked for: `X-Forwarded-Host` only from a trusted proxy
 * (TRUST_PROXY), else the `Host` header. A header the client sets itself must
 * never make a cross-site request look same-origin.
 */
export function requestHost(headers: Headers, trustedHops: number = env().TRUST_PROXY): string | null {
  if (trustedHops > 0) {
    const forwarded = forwardedClient(headers.get("x-forwarded-host"), trustedHops);
    if (forwarded) return forwarded;
  }
  return headers.get("host");
}
