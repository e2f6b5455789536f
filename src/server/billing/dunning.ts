import type { Db } from "@/server/kernel/db/client";
import { auditedChange } from "@/server/audit";
import { job } from "@/server/kernel/jobs/registry";
import { dunningStep } from "./rules/subscription-state";
import { applyDunning } from "./stripe-sync";

/**
 * The dunning rule's clock (docs/decisions/110-billing-follows-stripe-exactly-once.md): a failed payment
 * started it when Stripe said `past_due`; once the agency's grace days have passed without `invoice.paid`
 * this pauses the client (soft or hard) with the reason "dunning".
 */
export async function runDunning(db: Db, now = new Date()): Promise<number> {
  const due = await db.billingSubscription.findMany({ where: { pastDueSince: { not: null }, status: { in: ["past_due", "unpaid"] } }, select: { teamId: true } });
  let paused = 0;
  for (const { teamId } of due) {
    await auditedChange(db, async (tx) => {
      const [locked] = await tx.$queryRaw<{ team_id: string }[]>`SELECT team_id::text FROM billing_subscriptions WHERE team_id = ${teamId}::uuid FOR UPDATE`;
      if (!locked) return;
      const sub = await tx.billingSubscription.findUniqueOrThrow({ where: { teamId } });
      const rule = await tx.billingAccount.findUnique({ where: { agencyId: sub.agencyId } });
      const team = await tx.team.findUniqueOrThrow({ where: { id: teamId }, select: { name: true, status: true, pauseReason: true } });
      if (!rule) return;
      const step = dunningStep({ status: sub.status, pastDueSince: sub.pastDueSince, workspaceStatus: team.status, pauseReason: team.pauseReason }, { graceDays: rule.graceDays, mode: rule.dunningPauseMode }, now);
      if (step.do !== "pause") return;
      await applyDunning(tx, sub.agencyId, sub, team.name, step, now);
      paused++;
    });
  }
  return paused;
}

export const dunningJob = job("billing_dunning", async (db, _payload, helpers) => {
  const paused = await runDunning(db);
  if (paused) helpers.logger.info(`dunning: ${paused} clients paused after their grace days`);
});
