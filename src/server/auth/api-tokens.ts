import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * API tokens: `acp_` + 32 random bytes (base64url). Only the SHA-256 of the
 * whole token is stored; the token itself is shown once, at creation.
 */
export const TOKEN_PREFIX = "acp_";
const TOKEN_PATTERN = /^acp_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = 12;
/** `last_used_at` is written at most this often per token, so reads stay reads. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function generateToken(): { token: string; tokenHash: string; prefix: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, DISPLAY_PREFIX_LENGTH) };
}

export async function createApiToken(db: Db, userId: string, name: string) {
  const { token, tokenHash, prefix } = generateToken();
  const apiToken = await db.apiToken.create({ data: { userId, name, tokenHash, prefix } });
  return { token, apiToken };
}

/** The caller's own tokens, newest first. */
export function listApiTokens(db: Db, userId: string) {
  return db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
}

/** Revokes one of the caller's own tokens (another user's is not found); revoking twice keeps the first time. */
export async function revokeApiToken(db: Db, userId: string, id: string) {
  const token = await db.apiToken.findFirst({ where: { id, userId } });
  if (!token) throw new AppError("NOT_FOUND", "API token not found.");
  return token.revokedAt ? token : db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
}

/** Parses `Authorization: Bearer <token>`; undefined when absent or malformed. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1];
}

/** The user behind an active token, or null for a malformed, unknown or revoked one. */
export async function authenticateToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const record = await db.apiToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!record || record.revokedAt) return null;
  const now = Date.now();
  if (!record.lastUsedAt || now - record.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: record.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { user: record.user, tokenId: record.id };
}
