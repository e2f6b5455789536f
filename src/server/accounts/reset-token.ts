import { createHash, randomBytes } from "node:crypto";

/**
 * Password reset links carry 256 random bits; the database keeps only their
 * SHA-256, so a leaked table cannot be replayed. A link works once, for
 * `PASSWORD_RESET_TTL_MS`.
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
