/**
 * Who is asking: the visitor row (per chatbot, by the caller's visitor key)
 * and their country from the IP, looked up offline in geoip-country's
 * database.
 */
import geoip from "geoip-country";
import { env } from "@/server/env";
import { peerAddress } from "@/server/security/peer-address";

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

export function countryOf(ip: string | null): { code: string; name: string } | null {
  if (!ip) return null;
  const found = geoip.lookup(ip.replace(/^::ffff:/, ""));
  if (!found?.country) return null;
  const code = found.country.toUpperCase();
  return { code, name: found.name ?? code };
}
