import { env } from "@/server/env";

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
 * The client's IP: behind a trusted reverse proxy (TRUST_PROXY=true) the one
 * it forwards (`X-Forwarded-For`'s first hop, else `X-Real-IP`); otherwise the
 * TCP peer as scripts/serve.ts passes it on — never a header the client sets.
 */
export function clientIp(headers: Headers, trustProxy: boolean = env().TRUST_PROXY): string | null {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
    const real = headers.get("x-real-ip")?.trim();
    if (real) return real;
  }
  return peerAddress(headers);
}
