import { createHash } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * Idempotency keys (DESIGN §6): scoped to (user, key); the fingerprint is
 * method + path + canonical JSON body. A finished request is replayed byte for
 * byte; a different request with the same key is 422; one still running is
 * 409. Only successful responses are stored: a request that failed (validation
 * or a rule) had no effect and may be retried with the same key.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** A replay this long after the first response no longer repeats the fields that response showed once (a webhook secret). */
export const SHOWN_ONCE_REPLAY_MS = 24 * 60 * 60 * 1000;
/** A request "in flight" for longer than this was abandoned (its process died); the key may be taken over. */
export const IN_FLIGHT_TAKEOVER_MS = 2 * 60 * 1000;

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? {})}`).digest("hex");
}

export function validateKey(key: string | null): string | null {
  if (key === null) return null;
  const trimmed = key.trim();
  if (!trimmed || trimmed.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError("BAD_REQUEST", `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`);
  }
  return trimmed;
}

export interface StoredResponse {
  status: number;
  body: string;
}

type Claim = { kind: "claimed"; id: string } | { kind: "replay"; id: string; completedAt: Date | null; response: StoredResponse };

async function claim(db: Db, userId: string, key: string, fingerprint: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const row = await db.idempotencyKey.create({ data: { userId, key, fingerprint, state: "in_flight" } });
      return { kind: "claimed", id: row.id };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    }
    const existing = await db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
    if (!existing) continue; // deleted in between (the first request failed): claim again
    const age = Date.now() - existing.createdAt.getTime();
    if (age > IDEMPOTENCY_RETENTION_MS) {
      await db.idempotencyKey.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.fingerprint !== fingerprint) throw new AppError("IDEMPOTENCY_MISMATCH");
    if (existing.state === "completed" && existing.responseStatus !== null && existing.responseBody !== null) {
      return { kind: "replay", id: existing.id, completedAt: existing.completedAt, response: { status: existing.responseStatus, body: existing.responseBody } };
    }
    if (age > IN_FLIGHT_TAKEOVER_MS) {
      const taken = await db.idempotencyKey.updateMany({
        where: { id: existing.id, state: "in_flight", createdAt: existing.createdAt },
        data: { createdAt: new Date() },
      });
      if (taken.count === 1) return { kind: "claimed", id: existing.id };
    }
    throw new AppError("IDEMPOTENCY_IN_FLIGHT");
  }
  throw new AppError("IDEMPOTENCY_IN_FLIGHT");
}

/** The stored body with each shown-once field set to null; the body itself when there is nothing to hide. */
export function withoutShownOnce(body: string, fields: readonly string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return body;
  const record = parsed as Record<string, unknown>;
  const present = fields.filter((f) => record[f] !== undefined && record[f] !== null);
  if (!present.length) return body;
  return JSON.stringify({ ...record, ...Object.fromEntries(present.map((f) => [f, null])) });
}

/**
 * A replay of a response with shown-once fields (a webhook secret), more than
 * 24 h after it was first given: those fields become null, in the answer and
 * in the stored row, so a key found later in a log cannot fetch the secret.
 */
async function replay(db: Db, claimed: Extract<Claim, { kind: "replay" }>, shownOnce: readonly string[] | undefined): Promise<StoredResponse> {
  const old = claimed.completedAt !== null && Date.now() - claimed.completedAt.getTime() > SHOWN_ONCE_REPLAY_MS;
  if (!shownOnce?.length || !old) return claimed.response;
  const body = withoutShownOnce(claimed.response.body, shownOnce);
  if (body !== claimed.response.body) await db.idempotencyKey.update({ where: { id: claimed.id }, data: { responseBody: body } });
  return { status: claimed.response.status, body };
}

/** Runs `execute` at most once per (user, key); replays its stored response afterwards. */
export async function withIdempotency(
  db: Db,
  scope: { userId: string; key: string; fingerprint: string; shownOnce?: readonly string[] },
  execute: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const claimed = await claim(db, scope.userId, scope.key, scope.fingerprint);
  if (claimed.kind === "replay") return { ...(await replay(db, claimed, scope.shownOnce)), replayed: true };
  let response: StoredResponse;
  try {
    response = await execute();
  } catch (error) {
    await db.idempotencyKey.delete({ where: { id: claimed.id } }).catch(() => undefined);
    throw error;
  }
  if (response.status >= 200 && response.status < 300) {
    await db.idempotencyKey.update({
      where: { id: claimed.id },
      data: { state: "completed", responseStatus: response.status, responseBody: response.body, completedAt: new Date() },
    });
  } else {
    await db.idempotencyKey.delete({ where: { id: claimed.id } }).catch(() => undefined);
  }
  return { ...response, replayed: false };
}
