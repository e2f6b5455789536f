import { describe, expect, it } from "vitest";
import { INVITATION_TTL_MS, signInvitationToken, verifyInvitationToken } from "./invitation-token";

const secret = "s".repeat(40);
const id = "9b2f3f8e-3c1d-4a57-9a4e-0f6f0c1b2a3d";
const now = new Date("2026-11-21T10:00:00Z");
const expires = new Date(now.getTime() + INVITATION_TTL_MS);

describe("invitation tokens", () => {
  it("round-trips the invitation id and expiry (7 days)", () => {
    const token = signInvitationToken(id, expires, secret);
    expect(verifyInvitationToken(token, secret, now)).toEqual({ ok: true, invitationId: id, expiresAt: expires });
    expect(expires.toISOString()).toBe("2026-11-28T10:00:00.000Z");
  });

  it("rejects a link after it expires", () => {
    const token = signInvitationToken(id, expires, secret);
    expect(verifyInvitationToken(token, secret, new Date(expires.getTime() + 1000))).toEqual({ ok: false, reason: "expired" });
  });

  it("rejects a tampered payload, a tampered signature and another secret", () => {
    const token = signInvitationToken(id, expires, secret);
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ i: "another-id", e: Math.floor(expires.getTime() / 1000) })).toString("base64url");
    expect(verifyInvitationToken(`${forged}.${signature}`, secret, now)).toEqual({ ok: false, reason: "tampered" });
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(verifyInvitationToken(`${payload}.${flipped}`, secret, now)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyInvitationToken(token, "t".repeat(40), now)).toEqual({ ok: false, reason: "tampered" });
  });

  it.each(["", "abc", "a.b.c", "."])("rejects malformed %j", (token) => {
    expect(verifyInvitationToken(token, secret, now).ok).toBe(false);
  });
});
