import type { Db } from "@/server/kernel/db/client";
import { job } from "@/server/kernel/jobs/registry";
import { stripeOf } from "./connection";
import { stripeIdempotencyKey } from "./stripe/client";
import { stripeProblem } from "./stripe/errors";

/**
 * Overage to Stripe's meter, exactly once (docs/decisions/110-billing-follows-stripe-exactly-once.md).
 * A batch is first written down — its quantity is what the ledger counts as overage beyond the batches
 * before it, so answers committed late are simply in the next batch — and then sent as one meter event
 * whose `identifier` is the batch's id: a retry (a failed call, a crash before `reported_at`) is the same
 * event to Stripe, never a second charge. The meter's total therefore equals the ledger's overage.
 */
export async function cutOverageBatches(db: Db): Promise<number> {
  // One cutter at a time; its statement starts after the lock, so it sees every batch cut before.
  const rows = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(72707371, 1)::text`;
    return tx.$queryRaw<{ n: number }[]>`
    WITH subs AS (
      SELECT s.team_id, s.agency_id, s.stripe_customer_id, s.meter_event_name
        FROM billing_subscriptions s
       WHERE s.meter_event_name IS NOT NULL AND s.stripe_subscription_id IS NOT NULL
    ), due AS (
      SELECT subs.*, l.total, COALESCE(r.reported, 0) AS reported
        FROM subs
        CROSS JOIN LATERAL (SELECT COALESCE(sum(overage_delta), 0)::bigint AS total FROM credit_ledger WHERE team_id = subs.team_id) l
        LEFT JOIN LATERAL (SELECT max(overage_total) AS reported FROM billing_meter_reports WHERE team_id = subs.team_id) r ON true
       WHERE l.total > COALESCE(r.reported, 0)
    ), cut AS (
      INSERT INTO billing_meter_reports (agency_id, team_id, stripe_customer_id, event_name, quantity, overage_total)
      SELECT agency_id, team_id, stripe_customer_id, meter_event_name, (total - reported)::int, total FROM due
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM cut`;
  });
  return rows[0]?.n ?? 0;
}

/** Sends every batch not yet acknowledged by Stripe; returns how many were. */
export async function sendOverageBatches(db: Db): Promise<{ sent: number; failed: number }> {
  const pending = await db.billingMeterReport.findMany({ where: { reportedAt: null }, orderBy: { createdAt: "asc" }, take: 500 });
  let sent = 0;
  let failed = 0;
  for (const report of pending) {
    const account = await db.billingAccount.findUnique({ where: { agencyId: report.agencyId } });
    if (!account) continue;
    try {
      await stripeOf(account).billing.meterEvents.create(
        { event_name: report.eventName, payload: { stripe_customer_id: report.stripeCustomerId, value: String(report.quantity) }, identifier: report.id, timestamp: Math.floor(report.createdAt.getTime() / 1000) },
        { idempotencyKey: stripeIdempotencyKey("meter-event", report.id) },
      );
      await db.billingMeterReport.update({ where: { id: report.id }, data: { reportedAt: new Date(), attempts: { increment: 1 }, lastError: null } });
      sent++;
    } catch (error) {
      failed++;
      await db.billingMeterReport.update({ where: { id: report.id }, data: { attempts: { increment: 1 }, lastError: stripeProblem(error).message.slice(0, 500) } });
    }
  }
  return { sent, failed };
}

export async function reportOverage(db: Db) {
  const cut = await cutOverageBatches(db);
  return { cut, ...(await sendOverageBatches(db)) };
}

/** Every minute: new overage batches cut and sent, failed ones sent again (same identifier). */
export const reportOverageJob = job("billing_report_overage", async (db, _payload, helpers) => {
  const { cut, sent, failed } = await reportOverage(db);
  if (cut || sent || failed) helpers.logger.info(`overage: ${cut} batches cut, ${sent} sent, ${failed} failed (retried next run)`);
});
