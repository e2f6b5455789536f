/**
 * From outbox to receiver (docs/decisions/014-webhooks-outbox-and-delivery.md). The outbox event, its deliveries and
 * their queue jobs are each written in one transaction with what caused them,
 * and an attempt claims its delivery with a lease before calling out; a
 * sweeper re-queues any delivery whose lease ran out (a worker died), so a
 * crash at any point loses nothing: at-least-once, receivers dedupe on
 * `webhook-id`.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db, Tx } from "@/server/kernel/db/client";
import { NOT_SENT, subscribes } from "@/server/webhooks/events";
import { isoOffset } from "@/server/kernel/lib/timestamps";
import { jobName } from "@/server/kernel/jobs/registry";

export const DELIVERY_RETENTION_DAYS = 30;

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

/**
 * Deliveries per `deliver_webhook` job. One job per delivery made the queue's
 * own bookkeeping (add, fetch, complete) the bulk of the work; a job of a few
 * dozen is claimed, sent and recorded with a handful of statements, while a
 * burst still splits into enough jobs for every worker process to take some.
 */
export const DELIVERIES_PER_JOB = 25;

/** Queue the attempts of these deliveries, DELIVERIES_PER_JOB to a job, in the caller's transaction. */
export async function enqueueDeliveries(tx: Tx | Db, ids: string[], runAt: Date | null = null) {
  if (!ids.length) return;
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += DELIVERIES_PER_JOB) chunks.push(ids.slice(i, i + DELIVERIES_PER_JOB));
  // No job key: a delivery queued twice (the sweeper, a resend) is harmless, since an attempt first claims its delivery.
  await tx.$executeRaw`
    SELECT graphile_worker.add_job(${jobName("deliver_webhook")}, json_build_object('ids', chunk), run_at := ${runAt}::timestamptz, max_attempts := 25)
      FROM jsonb_array_elements(${JSON.stringify(chunks)}::jsonb) AS chunk`;
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

/** Marks the queued retries of a deactivated endpoint as not sent; their jobs then stop. */
export async function markPendingNotSent(tx: Tx, webhookId: string, reason: string) {
  // In id order, as an attempt's batch updates lock theirs (webhooks/attempt.ts): no deadlock between the two.
  await tx.$queryRaw`
    SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${webhookId}::uuid AND delivered_at IS NULL AND next_attempt_at IS NOT NULL
     ORDER BY id FOR NO KEY UPDATE`;
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
