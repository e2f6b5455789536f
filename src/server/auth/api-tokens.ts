import { createHash, randomBytes } from "node:crypto";
import type { User } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/db/client";
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

interface TokenUserRow {
  token_id: string;
  token_last_used_at: Date | null;
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  social_id: string | null;
  social_type: string | null;
  current_team_id: string | null;
  profile_photo_path: string | null;
  sessions_valid_after: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The user behind an active token, or null for a malformed, unknown or revoked
 * one. Every `/v1` request starts here, so it is one indexed statement on the
 * pg pool (Prisma would send two: the token, then its user); revocation is
 * seen by the very next request, nothing is cached.
 */
export async function authenticateToken(db: Db, token: string): Promise<{ user: User; tokenId: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await poolOf(db).query<TokenUserRow>(
    `SELECT t.id AS token_id, t.last_used_at AS token_last_used_at,
            u.id, u.name, u.email, u.password_hash, u.social_id, u.social_type, u.current_team_id,
            u.profile_photo_path, u.sessions_valid_after, u.created_at, u.updated_at
       FROM api_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  if (!row.token_last_used_at || now - row.token_last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.token_id }, data: { lastUsedAt: new Date(now) } });
  }
  return { user: userOf(row), tokenId: row.token_id };
}

/** The Prisma `User` of a row (every field: a column added to users fails the type check here). */
function userOf(row: TokenUserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    passwordHash: row.password_hash,
    socialId: row.social_id,
    socialType: row.social_type,
    currentTeamId: row.current_team_id,
    profilePhotoPath: row.profile_photo_path,
    sessionsValidAfter: row.sessions_valid_after,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
