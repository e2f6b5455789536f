/**
 * From outbox to receiver (DESIGN §9). The outbox event, its deliveries and
 * their queue jobs are each written in one transaction with what caused them,
 * and an attempt claims its delivery with a lease before calling out; a
 * sweeper re-queues any delivery whose lease ran out (a worker died), so a
 * crash at any point loses nothing: at-least-once, receivers dedupe on
 * `webhook-id`.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db, Tx } from "@/server/db/client";
import { NOT_SENT, RETRIES_EXHAUSTED, subscribes } from "@/server/domain/webhook-events";
import { nextAttemptDelay, parseRetryAfter } from "@/server/domain/webhook-retry";
import { webhookHeaders } from "@/server/domain/webhook-signature";
import { env } from "@/server/env";
import { isoOffset } from "@/server/lib/timestamps";
import { isBlockedError } from "@/server/net/guard";
import { BlockedAddressError, postWebhook } from "@/server/webhooks/http-client";

export const DELIVERY_RETENTION_DAYS = 30;
const LEASE_MARGIN_MS = 10_000;

/** The documented payload envelope; `id` is the delivery id. */
export function envelope(
  id: string,
  event: string,
  at: Date,
  scope: { teamId: string; externalReference: string | null; chatbotId: string | null },
  data: Prisma.InputJsonValue,
) {
  return { id, event, timestamp: isoOffset(at), team_id: scope.teamId, external_reference: scope.externalReference, chatbot_id: scope.chatbotId, data };
}

/** Queue one attempt job per delivery, in the caller's transaction. */
export async function enqueueDeliveries(tx: Tx | Db, ids: string[], runAt: Date | null = null) {
  if (!ids.length) return;
  await tx.$executeRaw`
    SELECT graphile_worker.add_job('deliver_webhook', json_build_object('id', id), run_at := ${runAt}::timestamptz,
                                   max_attempts := 25, job_key := 'delivery:' || id, job_key_mode := 'replace')
      FROM unnest(${ids}::text[]) AS id`;
}

/** Turns undispatched outbox events into deliveries, one per active subscribed endpoint. */
export async function dispatchOutbox(db: Db, batch = 200): Promise<number> {
  let created = 0;
  for (;;) {
    const count = await db.$transaction(async (tx) => {
      const events = await tx.$queryRaw<{ id: string; agency_id: string; team_id: string; chatbot_id: string | null; type: string; data: Prisma.JsonValue; created_at: Date }[]>`
        SELECT id::text, agency_id::text, team_id::text, chatbot_id::text, type, data, created_at
          FROM outbox_events WHERE dispatched_at IS NULL ORDER BY created_at, id LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
      if (!events.length) return -1;
      const agencyIds = [...new Set(events.map((e) => e.agency_id))];
      const [webhooks, teams] = await Promise.all([
        tx.webhook.findMany({ where: { teamId: { in: agencyIds }, active: true } }),
        tx.team.findMany({ where: { id: { in: [...new Set(events.map((e) => e.team_id))] } }, select: { id: true, externalReference: true } }),
      ]);
      const reference = new Map(teams.map((t) => [t.id, t.externalReference]));
      const rows: Prisma.WebhookDeliveryCreateManyInput[] = [];
      for (const e of events) {
        for (const w of webhooks) {
          if (w.teamId !== e.agency_id || !subscribes(w.events as string[] | null, e.type)) continue;
          const id = crypto.randomUUID();
          const scope = { teamId: e.team_id, externalReference: reference.get(e.team_id) ?? null, chatbotId: e.chatbot_id };
          rows.push({ id, webhookId: w.id, outboxEventId: e.id, event: e.type, payload: envelope(id, e.type, e.created_at, scope, e.data as Prisma.InputJsonValue), nextAttemptAt: new Date() });
        }
      }
      if (rows.length) await tx.webhookDelivery.createMany({ data: rows, skipDuplicates: true });
      await tx.outboxEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { dispatchedAt: new Date() } });
      await enqueueDeliveries(tx, rows.map((r) => r.id!));
      return rows.length;
    });
    if (count < 0) return created;
    created += count;
  }
}

interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  active: boolean;
}

/** Claims the delivery's next attempt: at most one attempt per lease, across any number of workers. */
async function claim(db: Db, id: string, leaseMs: number): Promise<ClaimedDelivery | null> {
  const rows = await db.$queryRaw<ClaimedDelivery[]>`
    UPDATE webhook_deliveries d SET next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
      FROM webhooks w
     WHERE d.id = ${id}::uuid AND w.id = d.webhook_id AND d.delivered_at IS NULL
       AND d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= now()
    RETURNING d.id::text, d.webhook_id::text, d.payload, d.attempts, w.url, w.secret, w.active`;
  return rows[0] ?? null;
}

/** Marks the queued retries of a deactivated endpoint as not sent; their jobs then stop. */
export async function markPendingNotSent(tx: Tx, webhookId: string, reason: string) {
  await tx.$executeRaw`
    UPDATE webhook_deliveries
       SET last_error = CASE WHEN last_error IS NULL THEN ${reason} ELSE last_error || '; ' || ${reason} END || ' ' || ${NOT_SENT},
           next_attempt_at = NULL, updated_at = now()
     WHERE webhook_id = ${webhookId}::uuid AND delivered_at IS NULL AND next_attempt_at IS NOT NULL`;
}

/** Deactivates an endpoint that answered 410 Gone. */
export async function deactivateGone(db: Db, webhookId: string) {
  await db.$transaction(async (tx) => {
    await tx.webhook.update({ where: { id: webhookId }, data: { active: false } });
    await markPendingNotSent(tx, webhookId, "Endpoint answered 410 Gone and was deactivated");
  });
}

export type AttemptOutcome = { state: "delivered" | "skipped" } | { state: "retrying" | "exhausted" | "gone"; error: string };

/** One attempt of one delivery (the `deliver_webhook` job). */
export async function attemptDelivery(db: Db, id: string): Promise<AttemptOutcome> {
  const { WEBHOOK_TIMEOUT_MS, WEBHOOK_RETRY_SCHEDULE } = env();
  // The lease outlives the timeout by a wide margin: it only has to expire when a worker died mid-attempt.
  const delivery = await claim(db, id, WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS);
  if (!delivery) return { state: "skipped" };
  if (!delivery.active) {
    await db.$executeRaw`
      UPDATE webhook_deliveries SET last_error = COALESCE(last_error || '; ', '') || 'Webhook deactivated (not sent)', next_attempt_at = NULL, updated_at = now()
       WHERE id = ${id}::uuid AND delivered_at IS NULL`;
    return { state: "skipped" };
  }
  const body = JSON.stringify(delivery.payload);
  let status: number | null = null;
  let error: string | null = null;
  let retryAfter: number | null = null;
  // A blocked address stays blocked: the delivery is not sent, never retried (DESIGN §13).
  let blocked = false;
  try {
    const res = await postWebhook(delivery.url, webhookHeaders(delivery.secret, delivery.id, body), body);
    status = res.status;
    if (status < 200 || status >= 300) {
      error = `HTTP ${status}${res.body ? `: ${res.body.replace(/\s+/g, " ").slice(0, 200)}` : ""}`;
      if (status === 429 || status === 503) retryAfter = parseRetryAfter(res.retryAfter);
    }
  } catch (e) {
    const err = e as Error & { code?: string; cause?: { code?: string; message?: string } };
    blocked = isBlockedError(err);
    if (blocked) error = `Blocked: ${err.cause instanceof BlockedAddressError ? err.cause.message : err.message}`;
    else if (err.name === "TimeoutError" || err.name === "AbortError") error = `Timed out after ${WEBHOOK_TIMEOUT_MS / 1000} s`;
    else error = `Connection failed: ${err.cause?.code ?? err.code ?? ""} ${err.cause?.message ?? err.message}`.replace(/\s+/g, " ").trim();
  }
  const attempts = delivery.attempts + 1;

  if (error === null) {
    await db.$executeRaw`
      UPDATE webhook_deliveries SET attempts = ${attempts}, response_status = ${status}, last_error = NULL, delivered_at = now(),
             next_attempt_at = NULL, updated_at = now()
       WHERE id = ${id}::uuid`;
    return { state: "delivered" };
  }
  if (status === 410) {
    await db.$executeRaw`
      UPDATE webhook_deliveries SET attempts = ${attempts}, response_status = 410, next_attempt_at = NULL, updated_at = now(),
             last_error = ${`${error}; endpoint deactivated ${RETRIES_EXHAUSTED}`}
       WHERE id = ${id}::uuid`;
    await deactivateGone(db, delivery.webhook_id);
    return { state: "gone", error };
  }
  const delay = blocked ? null : nextAttemptDelay(WEBHOOK_RETRY_SCHEDULE, attempts, retryAfter);
  const nextAt = delay === null ? null : new Date(Date.now() + delay * 1000);
  // Only while the lease is still ours: a deactivation meanwhile marked the delivery as not sent.
  const outcome = await db.$transaction(async (tx) => {
    const updated = await tx.$executeRaw`
      UPDATE webhook_deliveries SET attempts = ${attempts}, response_status = ${status}, next_attempt_at = ${nextAt},
             last_error = ${delay === null ? `${error} ${blocked ? NOT_SENT : RETRIES_EXHAUSTED}` : error}, updated_at = now()
       WHERE id = ${id}::uuid AND next_attempt_at IS NOT NULL AND delivered_at IS NULL`;
    if (updated && nextAt) await enqueueDeliveries(tx, [id], nextAt);
    return delay === null ? "exhausted" : "retrying";
  });
  return { state: outcome, error };
}

/** Re-queues deliveries whose attempt is due but has no live job (a worker died holding its lease), and late outbox events. */
export async function sweepDeliveries(db: Db): Promise<number> {
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM webhook_deliveries
     WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL AND next_attempt_at <= now()
     ORDER BY next_attempt_at LIMIT 5000`;
  await enqueueDeliveries(db, due.map((d) => d.id));
  await dispatchOutbox(db);
  return due.length;
}

export async function purgeDeliveries(db: Db): Promise<number> {
  return db.$executeRaw`DELETE FROM webhook_deliveries WHERE created_at < now() - make_interval(days => ${DELIVERY_RETENTION_DAYS})`;
}
