import { signToken, verifyToken } from "@/server/kernel/security/signed-token";

/**
 * Signed invitation links (kernel/security/signed-token.ts): the payload names
 * the invitation and its expiry, signed for the invitation links' purpose.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const PURPOSE = "invitation-links/v1";

export function signInvitationToken(invitationId: string, expiresAt: Date, secret: string): string {
  return signToken(PURPOSE, { i: invitationId }, expiresAt, secret);
}

export type InvitationTokenCheck = { ok: true; invitationId: string; expiresAt: Date } | { ok: false; reason: "malformed" | "tampered" | "expired" };

export function verifyInvitationToken(token: string, secret: string, now = new Date()): InvitationTokenCheck {
  const check = verifyToken(PURPOSE, token, secret, (data) => (typeof data.i === "string" ? data.i : null), now);
  return check.ok ? { ok: true, invitationId: check.data, expiresAt: check.expiresAt } : check;
}
