import { createHash } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { transactionAsDb, type Db, type Tx } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { openSecret, sealSecret } from "@/server/kernel/lib/secret-box";

/**
 * Idempotency keys: scoped to (user, key); the fingerprint is method + path +
 * canonical JSON body. A finished request is replayed byte for byte; a
 * different request with the same key is 422; one still running is 409. Only
 * successful responses are stored: a request that failed (validation or a
 * rule) had no effect and may be retried with the same key.
 *
 * A key is claimed (an `in_flight` row, committed) before the request runs,
 * and the request's effect is tied to it so that a crash at any moment leaves
 * exactly one effect (docs/decisions/047-idempotency-survives-a-crash.md):
 * - `transaction` (the default): the whole procedure runs in ONE database
 *   transaction that also stores the response; a crash rolls both back, and
 *   the retry (once the claim is abandoned) runs it again, once.
 * - `recorded` (an answer, which waits on an LLM and cannot hold a
 *   transaction): the procedure writes the claim's `recorded_effect` in the
 *   transaction of its effect (`recordEffect`); a retry that finds it gets the
 *   recorded effect back instead of a second one.
 * Every write of a claim is conditional on its `created_at` (the moment of the
 * claim), so a request whose claim was taken over can neither complete nor
 * release the key any more.
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

/** How an operation's effect is tied to its key (see above). */
export type IdempotentEffect = "transaction" | "recorded";

/** A key this request holds: `claimedAt` tells this claim from a later takeover. */
export interface KeyClaim {
  id: string;
  claimedAt: Date;
  /** What an earlier run of the request already made (`recorded` operations): return it, make nothing. */
  recordedEffect: string | null;
}

type Claim = { kind: "claimed"; key: KeyClaim } | { kind: "replay"; id: string; completedAt: Date | null; response: StoredResponse };

async function claim(db: Db, userId: string, key: string, fingerprint: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // The claim's moment is written by us, to the millisecond a Date holds: later writes compare it exactly.
      const row = await db.idempotencyKey.create({ data: { userId, key, fingerprint, state: "in_flight", createdAt: new Date() } });
      return { kind: "claimed", key: { id: row.id, claimedAt: row.createdAt, recordedEffect: null } };
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
    // The effect is there (its process died before storing the response, or is about to store it): answer with it.
    if (existing.recordedEffect !== null) {
      return { kind: "claimed", key: { id: existing.id, claimedAt: existing.createdAt, recordedEffect: existing.recordedEffect } };
    }
    if (age > IN_FLIGHT_TAKEOVER_MS) {
      const claimedAt = new Date();
      const taken = await db.idempotencyKey.updateMany({
        where: { id: existing.id, state: "in_flight", createdAt: existing.createdAt, recordedEffect: null },
        data: { createdAt: claimedAt },
      });
      if (taken.count === 1) return { kind: "claimed", key: { id: existing.id, claimedAt, recordedEffect: null } };
    }
    throw new AppError("IDEMPOTENCY_IN_FLIGHT");
  }
  throw new AppError("IDEMPOTENCY_IN_FLIGHT");
}

/**
 * `recorded` operations: writes what the request made onto its claim. Run it
 * in the transaction of the effect (`execute` runs one statement of it, on a
 * pg client or a Prisma transaction); it throws, rolling the effect back, when
 * the claim was taken over by a retry meanwhile.
 */
export async function recordEffect(execute: (text: string, values: unknown[]) => Promise<number>, key: KeyClaim, effect: string): Promise<void> {
  const recorded = await execute(
    `UPDATE idempotency_keys SET recorded_effect = $3
      WHERE id = $1::uuid AND created_at = $2::timestamptz AND state = 'in_flight' AND recorded_effect IS NULL`,
    [key.id, key.claimedAt, effect],
  );
  if (recorded !== 1) throw new AppError("IDEMPOTENCY_IN_FLIGHT", "A retry with the same Idempotency-Key took this request over; its answer is the one kept.");
}

/**
 * Stores the response on the claim, its shown-once fields sealed; false when the claim is no longer this
 * request's (taken over, or completed by another retry).
 */
async function complete(db: Db | Tx, key: KeyClaim, response: StoredResponse, shownOnce: readonly string[] | undefined): Promise<boolean> {
  const stored = await db.idempotencyKey.updateMany({
    where: { id: key.id, state: "in_flight", createdAt: key.claimedAt },
    data: { state: "completed", responseStatus: response.status, responseBody: sealShownOnce(response.body, shownOnce), completedAt: new Date() },
  });
  return stored.count === 1;
}

/** Gives the key back after a failure, unless an effect was recorded with it (a retry must return that one). */
async function release(db: Db, key: KeyClaim): Promise<void> {
  await db.idempotencyKey
    .deleteMany({ where: { id: key.id, state: "in_flight", createdAt: key.claimedAt, recordedEffect: null } })
    .catch(() => undefined);
}

/** The body with each present shown-once field rewritten by `change`; the body itself when there is none. */
function rewriteShownOnce(body: string, fields: readonly string[] | undefined, change: (value: unknown) => unknown): string {
  if (!fields?.length) return body;
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
  return JSON.stringify({ ...record, ...Object.fromEntries(present.map((f) => [f, change(record[f])])) });
}

/** The stored body with each shown-once field set to null; the body itself when there is nothing to hide. */
const withoutShownOnce = (body: string, fields: readonly string[]) => rewriteShownOnce(body, fields, () => null);

/**
 * Shown-once fields are stored sealed (kernel/lib/secret-box.ts, as LLM keys are): the idempotency table
 * never holds a webhook's signing secret readable, yet a replay within 24 h repeats it. A sealed value is
 * `{"sealed": "v1.…"}`, which no field's own value is (shown-once fields are strings).
 */
const sealShownOnce = (body: string, fields: readonly string[] | undefined) => rewriteShownOnce(body, fields, (value) => ({ sealed: sealSecret(JSON.stringify(value)) }));

const openShownOnce = (body: string, fields: readonly string[] | undefined) =>
  rewriteShownOnce(body, fields, (value) => {
    const sealed = value && typeof value === "object" && "sealed" in value && typeof value.sealed === "string" ? value.sealed : null;
    return sealed === null ? value : (JSON.parse(openSecret(sealed)) as unknown);
  });

/**
 * A replay of a response with shown-once fields (a webhook secret): within 24 h of the first answer the
 * fields are unsealed and repeated; later they become null, in the answer and in the stored row, so a key
 * found later in a log cannot fetch the secret.
 */
async function replay(db: Db, claimed: Extract<Claim, { kind: "replay" }>, shownOnce: readonly string[] | undefined): Promise<StoredResponse> {
  const old = claimed.completedAt !== null && Date.now() - claimed.completedAt.getTime() > SHOWN_ONCE_REPLAY_MS;
  if (!shownOnce?.length) return claimed.response;
  if (!old) return { status: claimed.response.status, body: openShownOnce(claimed.response.body, shownOnce) };
  const body = withoutShownOnce(claimed.response.body, shownOnce);
  if (body !== claimed.response.body) await db.idempotencyKey.update({ where: { id: claimed.id }, data: { responseBody: body } });
  return { status: claimed.response.status, body };
}

/**
 * Runs `execute` at most once per (user, key) and replays its stored response
 * afterwards. `execute` gets the Db to use — for `transaction` operations one
 * transaction (transactionAsDb) that also stores the response — and the claim.
 */
export async function withIdempotency(
  db: Db,
  scope: { userId: string; key: string; fingerprint: string; shownOnce?: readonly string[]; effect?: IdempotentEffect },
  execute: (run: { db: Db; key: KeyClaim }) => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const claimed = await claim(db, scope.userId, scope.key, scope.fingerprint);
  if (claimed.kind === "replay") return { ...(await replay(db, claimed, scope.shownOnce)), replayed: true };
  const { key } = claimed;
  let response: StoredResponse;
  try {
    failpoint("before-effect");
    response =
      (scope.effect ?? "transaction") === "transaction"
        ? await db.$transaction(async (tx) => {
            const result = await execute({ db: transactionAsDb(tx), key });
            failpoint("after-effect");
            // Taken over meanwhile (this run outlived the takeover window): roll this effect back, the other run's counts.
            if (succeeded(result) && !(await complete(tx, key, result, scope.shownOnce))) throw new AppError("IDEMPOTENCY_IN_FLIGHT");
            return result;
          })
        : await execute({ db, key }).then(async (result) => {
            failpoint("after-effect");
            // Not stored: another retry stored the same recorded effect first.
            if (succeeded(result)) await complete(db, key, result, scope.shownOnce);
            return result;
          });
  } catch (error) {
    await release(db, key);
    throw error;
  }
  if (!succeeded(response)) await release(db, key);
  return { ...response, replayed: key.recordedEffect !== null };
}

const succeeded = (response: StoredResponse) => response.status >= 200 && response.status < 300;

/** The test hook `IDEMPOTENCY_FAILPOINT`: the process dies here, as a crash would (never set in production). */
function failpoint(step: "before-effect" | "after-effect") {
  if (env().IDEMPOTENCY_FAILPOINT === step) process.kill(process.pid, "SIGKILL");
}
