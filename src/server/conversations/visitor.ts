/**
 * Who is asking: the visitor row (per chatbot, by the caller's visitor key)
 * and their country from the IP, looked up offline in geoip-country's
 * database.
 */
import geoip from "geoip-country";

export function countryOf(ip: string | null): { code: string; name: string } | null {
  if (!ip) return null;
  const found = geoip.lookup(ip.replace(/^::ffff:/, ""));
  if (!found?.country) return null;
  const code = found.country.toUpperCase();
  return { code, name: found.name ?? code };
}
