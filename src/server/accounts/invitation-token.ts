import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed invitation links: `<payload>.<signature>`, both base64url; the
 * payload names the invitation and its expiry, the signature is
 * HMAC-SHA256 over the payload with a key derived from the app secret.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const keyFor = (secret: string) => createHmac("sha256", secret).update("invitation-links/v1").digest();
const sign = (payload: string, secret: string) => createHmac("sha256", keyFor(secret)).update(payload).digest("base64url");

export function signInvitationToken(invitationId: string, expiresAt: Date, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ i: invitationId, e: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

export type InvitationTokenCheck = { ok: true; invitationId: string; expiresAt: Date } | { ok: false; reason: "malformed" | "tampered" | "expired" };

export function verifyInvitationToken(token: string, secret: string, now = new Date()): InvitationTokenCheck {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(sign(payload, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: "tampered" };
  let data: { i?: unknown; e?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof data.i !== "string" || typeof data.e !== "number") return { ok: false, reason: "malformed" };
  const expiresAt = new Date(data.e * 1000);
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, invitationId: data.i, expiresAt };
}
