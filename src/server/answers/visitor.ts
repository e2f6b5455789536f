/**
 * Who is asking: the visitor row (per chatbot, by the caller's visitor key)
 * and their country from the IP, looked up offline in geoip-country's
 * database. `X-Forwarded-For` is believed only when TRUST_PROXY=true.
 */
import geoip from "geoip-country";
import { env } from "@/server/env";

export function clientIp(headers: Headers, socketIp: string | null = null): string | null {
  if (env().TRUST_PROXY) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
    const real = headers.get("x-real-ip")?.trim();
    if (real) return real;
  }
  return socketIp;
}

export function countryOf(ip: string | null): { code: string; name: string } | null {
  if (!ip) return null;
  const found = geoip.lookup(ip.replace(/^::ffff:/, ""));
  if (!found?.country) return null;
  const code = found.country.toUpperCase();
  return { code, name: found.name ?? code };
}
