import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed links: `<payload>.<signature>`, both base64url. The payload is the
 * link's data as JSON with its expiry (`e`, unix seconds); the signature is
 * HMAC-SHA256 over the payload, keyed by a key derived from the app secret
 * and the link's purpose, so a token made for one purpose (an invitation)
 * never passes for another (a report's "Answer this").
 */
export type SignedTokenCheck<T> = { ok: true; data: T; expiresAt: Date } | { ok: false; reason: "malformed" | "tampered" | "expired" };

const keyFor = (secret: string, purpose: string) => createHmac("sha256", secret).update(purpose).digest();
const sign = (payload: string, secret: string, purpose: string) => createHmac("sha256", keyFor(secret, purpose)).update(payload).digest("base64url");

export function signToken(purpose: string, data: Record<string, unknown>, expiresAt: Date, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ ...data, e: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url");
  return `${payload}.${sign(payload, secret, purpose)}`;
}

/** The token's data when its signature is this purpose's and it has not expired; `read` checks the data's shape (null: malformed). */
export function verifyToken<T>(purpose: string, token: string, secret: string, read: (data: Record<string, unknown>) => T | null, now = new Date()): SignedTokenCheck<T> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(sign(payload, secret, purpose));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: "tampered" };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof raw !== "object" || raw === null || typeof (raw as { e?: unknown }).e !== "number") return { ok: false, reason: "malformed" };
  const data = read(raw as Record<string, unknown>);
  if (data === null) return { ok: false, reason: "malformed" };
  const expiresAt = new Date((raw as { e: number }).e * 1000);
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, data, expiresAt };
}
