import { createHash, randomBytes } from "node:crypto";
import type { Team, User, Webhook } from "@/generated/prisma/client";
import { CHATBOT_ACCESS_COLUMNS, chatbotAccessJoins, chatbotAccessOfRow, type ChatbotAccess } from "@/server/access/chatbots";
import { AGENCY_CLIENT, AGENCY_WEBHOOK, ownedAgencySql, type Agency, type AgencyResource, type AgencyScope } from "@/server/access/agency";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { modelOfRow, splitPrefixed } from "@/server/kernel/db/rows";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { cachedToken, syncTokenCaches, rememberToken, tokenCacheMark } from "@/server/access/token-cache";

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

/**
 * Revokes one of the caller's own tokens (another user's is not found); revoking twice keeps the first time.
 * Returns once every instance's token cache has dropped the token (access/token-cache `syncTokenCaches`).
 */
export async function revokeApiToken(db: Db, userId: string, id: string) {
  const { revoked, changed } = await markApiTokenRevoked(db, userId, id);
  if (changed) await syncTokenCaches(db);
  return revoked;
}

/** The revocation's write alone, for a caller that commits it with more (its audit entry) and then calls `syncTokenCaches`. */
export async function markApiTokenRevoked(db: Db, userId: string, id: string) {
  const token = await db.apiToken.findFirst({ where: { id, userId } });
  if (!token) throw new AppError("NOT_FOUND", "API token not found.");
  if (token.revokedAt) return { revoked: token, changed: false };
  const revoked = await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
  return { revoked, changed: true };
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

/** The token and its user's columns (each `AS` its TokenUserRow name). */
const TOKEN_USER_COLUMNS = `t.id AS token_id, t.last_used_at AS token_last_used_at, u.id AS id, u.name AS name, u.email AS email,
  u.password_hash AS password_hash, u.social_id AS social_id, u.social_type AS social_type, u.current_team_id AS current_team_id,
  u.profile_photo_path AS profile_photo_path, u.sessions_valid_after AS sessions_valid_after, u.created_at AS created_at, u.updated_at AS updated_at`;
const ACTIVE_TOKEN = "WHERE t.token_hash = $1 AND t.revoked_at IS NULL";
/** The same, each named `token__…`, beside another table's columns in one row. */
const TOKEN_USER_COLUMNS_PREFIXED = TOKEN_USER_COLUMNS.replace(/ AS (\w+)/g, " AS token__$1");

/**
 * The user of a token kept in process memory (access/token-cache: dropped by
 * every instance when the token is revoked or its user changes), or
 * undefined when it is not cached: then one of the look-ups below.
 */
export async function authenticateTokenFromCache(db: Db, token: string): Promise<{ user: User; tokenId: string } | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const entry = cachedToken(db, hashToken(token));
  if (!entry) return undefined;
  const now = Date.now();
  if (entry.lastUsedAt === null || now - entry.lastUsedAt > LAST_USED_RESOLUTION_MS) {
    entry.lastUsedAt = now;
    await db.apiToken.update({ where: { id: entry.tokenId }, data: { lastUsedAt: new Date(now) } });
  }
  return { user: entry.user, tokenId: entry.tokenId };
}

/**
 * The user behind an active token, or null for a malformed, unknown or revoked
 * one. Every `/v1` request not answered from the cache starts here, so it is one indexed statement on the
 * pg pool (Prisma would send two: the token, then its user).
 */
export async function authenticateToken(db: Db, token: string): Promise<{ user: User; tokenId: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const cached = await authenticateTokenFromCache(db, token);
  if (cached) return cached;
  const hash = hashToken(token);
  const mark = tokenCacheMark(db);
  const { rows } = await poolOf(db).query<TokenUserRow>({ name: "auth_token", text: `SELECT ${TOKEN_USER_COLUMNS} FROM api_tokens t JOIN users u ON u.id = t.user_id ${ACTIVE_TOKEN}`, values: [hash] });
  return rows[0] ? await authenticated(db, rows[0], hash, mark) : null;
}

/**
 * `authenticateToken` and, in the same statement, the chatbot a REST call is
 * about (its `{chatbot_id}`) with the token user's role in it
 * (access/chatbots: the same columns and rule as `readableChatbot`): a
 * chatbot-scoped request then starts with one round trip instead of two.
 * `chatbot` is null when the chatbot is not found or not visible to the user.
 */
export async function authenticateTokenWithChatbot(
  db: Db,
  token: string,
  chatbotId: string,
): Promise<{ user: User; tokenId: string; chatbot: ChatbotAccess | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const mark = tokenCacheMark(db);
  const { rows } = await poolOf(db).query<TokenUserRow & Record<string, unknown>>({
    name: "auth_token_chatbot",
    text: `SELECT ${TOKEN_USER_COLUMNS_PREFIXED}, ${CHATBOT_ACCESS_COLUMNS}
             FROM api_tokens t JOIN users u ON u.id = t.user_id
             LEFT JOIN (chatbots c JOIN teams ct ON ct.id = c.team_id AND ct.deleted_at IS NULL) ON c.id = $2::uuid AND c.deleted_at IS NULL
             ${chatbotAccessJoins("u.id")}
             ${ACTIVE_TOKEN}`,
    values: [hash, isUuid(chatbotId) ? chatbotId : null],
  });
  const row = rows[0];
  if (!row) return null;
  const auth = await authenticated(db, splitPrefixed(row, ["token"] as const).token as unknown as TokenUserRow, hash, mark);
  return { ...auth, chatbot: chatbotAccessOfRow(auth.user.id, row, (column) => column.startsWith("token__")) };
}

/**
 * `authenticateToken` and, in the same statement, the agency the token's user
 * owns and, when asked, one of its client workspaces or webhook endpoints
 * (access/agency: the same rules as `ownedAgency`, `agencyWithClient`,
 * `agencyWithWebhook`), for the `/v1/agency/...` paths: one round trip
 * instead of two. In `scope`, null is "none": no agency, or no such client or
 * endpoint of it.
 */
export async function authenticateTokenWithAgency(
  db: Db,
  token: string,
  ids: { clientId?: string; webhookId?: string } = {},
): Promise<{ user: User; tokenId: string; scope: AgencyScope } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const mark = tokenCacheMark(db);
  // One statement per shape (only the columns asked for travel): the agency, with a client, with an endpoint.
  // (No path has both a client and an endpoint; were there one, the endpoint would be read by its procedure.)
  const resource: AgencyResource | null = ids.clientId !== undefined ? AGENCY_CLIENT : ids.webhookId !== undefined ? AGENCY_WEBHOOK : null;
  const id = resource === AGENCY_CLIENT ? ids.clientId : ids.webhookId;
  const { rows } = await poolOf(db).query<Record<string, unknown>>({
    name: `auth_token_agency${resource ? `_${resource.prefix}` : ""}`,
    text: `SELECT ${TOKEN_USER_COLUMNS_PREFIXED}, a.*${resource ? `, ${resource.columns}` : ""}
             FROM api_tokens t JOIN users u ON u.id = t.user_id
             LEFT JOIN LATERAL (${ownedAgencySql("u.id")}) a ON true
             ${resource ? `LEFT JOIN ${resource.join("$2::uuid")}` : ""}
             ${ACTIVE_TOKEN}`,
    values: [hash, ...(resource ? [id !== undefined && isUuid(id) ? id : null] : [])],
  });
  const row = rows[0];
  if (!row) return null;
  const { token: tokenUser, client, webhook, rest } = splitPrefixed(row, ["token", "client", "webhook"] as const);
  const scope: AgencyScope = {
    agency: rest.id === null ? null : modelOfRow<Agency>(rest),
    ...(resource === AGENCY_CLIENT ? { client: client ? modelOfRow<Team>(client) : null } : {}),
    ...(resource === AGENCY_WEBHOOK ? { webhook: webhook ? modelOfRow<Webhook>(webhook) : null } : {}),
  };
  return { ...(await authenticated(db, tokenUser as unknown as TokenUserRow, hash, mark)), scope };
}

/**
 * The token's user, remembered in the cache (unless a change was notified
 * since `mark`); `last_used_at` written at most once a minute, so reads stay reads.
 */
async function authenticated(db: Db, row: TokenUserRow, hash: string, mark: number | null): Promise<{ user: User; tokenId: string }> {
  const now = Date.now();
  let lastUsedAt = row.token_last_used_at?.getTime() ?? null;
  if (lastUsedAt === null || now - lastUsedAt > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: row.token_id }, data: { lastUsedAt: new Date(now) } });
    lastUsedAt = now;
  }
  const user = userOf(row);
  rememberToken(db, mark, hash, { user, tokenId: row.token_id, lastUsedAt });
  return { user, tokenId: row.token_id };
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
