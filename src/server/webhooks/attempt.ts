/**
 * Attempts of queued deliveries (the `deliver_webhook` job). A job carries a
 * few dozen delivery ids (dispatch.ts, DELIVERIES_PER_JOB): they are claimed
 * with one statement, sent side by side over the kept-alive connections, and
 * the successes recorded with one statement; failures, rarer, are recorded
 * one by one with their retry. Every guarantee of a single attempt holds per
 * delivery: at most one attempt per lease across any number of workers, a
 * deactivated endpoint is not called, a blocked address is never retried.
 */
import { poolOf, type Db, type Tx } from "@/server/kernel/db/client";
import { NOT_SENT, RETRIES_EXHAUSTED } from "@/server/webhooks/events";
import { nextAttemptDelay } from "@/server/webhooks/retry";
import { webhookHeaders } from "@/server/webhooks/signature";
import { env } from "@/server/kernel/env";
import { OutboundError } from "@/server/kernel/net/client";
import { deactivateGone, enqueueDeliveries } from "@/server/webhooks/dispatch";
import { postWebhook } from "@/server/webhooks/http-client";

/** The lease outlives the timeout by a wide margin: it only has to expire when a worker died mid-attempt. */
const LEASE_MARGIN_MS = 10_000;

export type AttemptOutcome = { state: "delivered" | "skipped" } | { state: "retrying" | "exhausted" | "gone"; error: string };

interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  active: boolean;
}

interface Response {
  status: number | null;
  error: string | null;
  retryAfter: number | null;
  /** The guard refused the address: not sent, never retried (docs/decisions/016-ssrf-guard.md). */
  blocked: boolean;
}

/**
 * Claims the next attempt of those deliveries that are due: at most one
 * attempt per lease, across any number of workers. A row another worker is
 * claiming right now is skipped rather than waited for (it is being
 * attempted), and rows are never locked in two orders, so two workers with
 * overlapping jobs neither deadlock nor send twice.
 */
async function claim(db: Db, ids: string[], leaseMs: number): Promise<ClaimedDelivery[]> {
  // Plain pg, not Prisma: this and recordDelivered are the two statements of every job, and Prisma's
  // per-statement work was the largest share of a worker's CPU in a burst.
  const { rows } = await poolOf(db).query<ClaimedDelivery>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries
        WHERE id = ANY($1::uuid[]) AND delivered_at IS NULL AND next_attempt_at IS NOT NULL AND next_attempt_at <= now()
        ORDER BY id FOR UPDATE SKIP LOCKED)
     UPDATE webhook_deliveries d SET next_attempt_at = now() + make_interval(secs => $2), updated_at = now()
       FROM due, webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
     RETURNING d.id::text, d.webhook_id::text, d.payload, d.attempts, w.url, w.secret, w.active`,
    [ids, leaseMs / 1000],
  );
  return rows;
}

async function send(delivery: ClaimedDelivery, timeoutMs: number): Promise<Response> {
  const body = JSON.stringify(delivery.payload);
  try {
    const res = await postWebhook(delivery.url, webhookHeaders(delivery.secret, delivery.id, body), body);
    if (res.status >= 200 && res.status < 300) return { status: res.status, error: null, retryAfter: null, blocked: false };
    const error = `HTTP ${res.status}${res.body ? `: ${res.body.replace(/\s+/g, " ").slice(0, 200)}` : ""}`;
    const retryAfter = res.status === 429 || res.status === 503 ? res.retryAfter : null;
    return { status: res.status, error, retryAfter, blocked: false };
  } catch (e) {
    const err = e as Error;
    const failure = err instanceof OutboundError ? err.kind : "unreachable";
    if (failure === "blocked") return { status: null, error: `Blocked: ${err.message}`, retryAfter: null, blocked: true };
    const code = err instanceof OutboundError ? (err.detail.code ?? "") : "";
    const error = failure === "timeout" ? `Timed out after ${timeoutMs / 1000} s` : `Connection failed: ${code} ${err.message}`.replace(/\s+/g, " ").trim();
    return { status: null, error, retryAfter: null, blocked: false };
  }
}

/**
 * Multi-row updates lock their rows in id order first, as deactivation
 * (`markPendingNotSent`) does, so the two can never deadlock each other.
 */
async function updateInIdOrder(db: Db, ids: string[], update: (tx: Tx) => Promise<unknown>) {
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM webhook_deliveries WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
    await update(tx);
  });
}

/** The endpoint was deactivated after these deliveries were queued: not sent, and their jobs stop. */
async function recordNotSent(db: Db, ids: string[]) {
  await updateInIdOrder(db, ids, (tx) => tx.$executeRaw`
    UPDATE webhook_deliveries SET last_error = COALESCE(last_error || '; ', '') || 'Webhook deactivated (not sent)', next_attempt_at = NULL, updated_at = now()
     WHERE id = ANY(${ids}::uuid[]) AND delivered_at IS NULL`);
}

/**
 * One statement: the CTE locks the rows in id order (as `updateInIdOrder` and deactivation do) before
 * the update writes them, without the four round trips of a transaction.
 */
async function recordDelivered(db: Db, delivered: { delivery: ClaimedDelivery; status: number }[]) {
  await poolOf(db).query(
    `WITH locked AS MATERIALIZED (SELECT id FROM webhook_deliveries WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE)
     UPDATE webhook_deliveries d SET attempts = o.attempts, response_status = o.status, last_error = NULL, delivered_at = now(),
            next_attempt_at = NULL, updated_at = now()
       FROM locked, unnest($1::uuid[], $2::int[], $3::int[]) AS o(id, attempts, status)
      WHERE d.id = locked.id AND d.id = o.id`,
    [delivered.map((s) => s.delivery.id), delivered.map((s) => s.delivery.attempts + 1), delivered.map((s) => s.status)],
  );
}

async function recordFailure(db: Db, delivery: ClaimedDelivery, res: Response & { error: string }): Promise<AttemptOutcome> {
  const { id } = delivery;
  const { status, error, blocked } = res;
  const attempts = delivery.attempts + 1;
  if (status === 410) {
    await db.$executeRaw`
      UPDATE webhook_deliveries SET attempts = ${attempts}, response_status = 410, next_attempt_at = NULL, updated_at = now(),
             last_error = ${`${error}; endpoint deactivated ${RETRIES_EXHAUSTED}`}
       WHERE id = ${id}::uuid`;
    await deactivateGone(db, delivery.webhook_id);
    return { state: "gone", error };
  }
  const delay = blocked ? null : nextAttemptDelay(env().WEBHOOK_RETRY_SCHEDULE, attempts, res.retryAfter);
  const nextAt = delay === null ? null : new Date(Date.now() + delay * 1000);
  // Only while the lease is still ours: a deactivation meanwhile marked the delivery as not sent.
  await db.$transaction(async (tx) => {
    const updated = await tx.$executeRaw`
      UPDATE webhook_deliveries SET attempts = ${attempts}, response_status = ${status}, next_attempt_at = ${nextAt},
             last_error = ${delay === null ? `${error} ${blocked ? NOT_SENT : RETRIES_EXHAUSTED}` : error}, updated_at = now()
       WHERE id = ${id}::uuid AND next_attempt_at IS NOT NULL AND delivered_at IS NULL`;
    if (updated && nextAt) await enqueueDeliveries(tx, [id], nextAt);
  });
  return delay === null ? { state: "exhausted", error } : { state: "retrying", error };
}

/** One attempt of each of these deliveries that is due; the outcome of every id asked for. */
export async function attemptDeliveries(db: Db, ids: string[]): Promise<Map<string, AttemptOutcome>> {
  const outcomes = new Map<string, AttemptOutcome>(ids.map((id) => [id, { state: "skipped" }]));
  if (!ids.length) return outcomes;
  const { WEBHOOK_TIMEOUT_MS } = env();
  const claimed = await claim(db, ids, WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
  const inactive = claimed.filter((d) => !d.active).map((d) => d.id);
  if (inactive.length) await recordNotSent(db, inactive);

  const sent = await Promise.all(claimed.filter((d) => d.active).map(async (delivery) => ({ delivery, res: await send(delivery, WEBHOOK_TIMEOUT_MS) })));
  const delivered = sent.flatMap(({ delivery, res }) => (res.error === null ? [{ delivery, status: res.status! }] : []));
  if (delivered.length) await recordDelivered(db, delivered);
  for (const { delivery } of delivered) outcomes.set(delivery.id, { state: "delivered" });
  for (const { delivery, res } of sent) {
    if (res.error !== null) outcomes.set(delivery.id, await recordFailure(db, delivery, { ...res, error: res.error }));
  }
  return outcomes;
}

