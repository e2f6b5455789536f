import type { BillingSubscription } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { recordAudit, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { emitEvent } from "@/server/webhooks";
import { applyPlanAllowance, endOverage, pauseForDunning, resumeAfterDunning } from "@/server/workspaces";
import { allowanceFor, dunningStep, isEnded, replacesStored } from "./rules/subscription-state";
import type { Stripe } from "./stripe/client";

/**
 * Stripe's word, applied (docs/decisions/110-billing-follows-stripe-exactly-once.md): a subscription read
 * from Stripe replaces the stored one only when it is newer (`replacesStored`), then the workspace gets
 * the plan's allowance, the dunning rule runs, and a change is announced (`client.subscription_updated`)
 * and audited — all in the caller's transaction, the one that also records the Stripe event as taken.
 */
export const STRIPE_ACTOR: AuditActor = { userId: null, tokenId: null, name: "Stripe" };

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const customerId = (c: string | { id: string } | null) => (typeof c === "string" ? c : (c?.id ?? null));

/** The stored subscription a Stripe subscription belongs to: by its id, or (first sight, from Checkout) by the client named in its metadata. */
async function storedFor(tx: Db, agencyId: string, sub: Stripe.Subscription): Promise<BillingSubscription | null> {
  const clientId = sub.metadata?.client_id;
  const rows = await tx.$queryRaw<{ team_id: string }[]>`
    SELECT team_id::text FROM billing_subscriptions
     WHERE agency_id = ${agencyId}::uuid AND (stripe_subscription_id = ${sub.id} OR (stripe_subscription_id IS NULL AND team_id::text = ${clientId ?? ""}))
     ORDER BY (stripe_subscription_id = ${sub.id}) DESC NULLS LAST LIMIT 1 FOR UPDATE`;
  return rows[0] ? tx.billingSubscription.findUnique({ where: { teamId: rows[0].team_id } }) : null;
}

export async function applyStripeSubscription(tx: Db, agency: Agency, sub: Stripe.Subscription, readAt: Date) {
  const stored = await storedFor(tx, agency.id, sub);
  if (!stored || !replacesStored(stored, { status: sub.status, readAt })) return;
  const plan = await tx.billingPlan.findUniqueOrThrow({ where: { id: stored.planId } });
  const item = sub.items.data.find((i) => i.price.recurring?.usage_type !== "metered") ?? sub.items.data[0];
  const metered = sub.items.data.find((i) => i.price.recurring?.usage_type === "metered");
  const periodStart = seconds(item?.current_period_start);
  const periodEnd = seconds(item?.current_period_end);
  const reference = `stripe:${sub.id}`;
  const allowance = allowanceFor({ messageAllowance: plan.messageAllowance, overagePer100: metered ? plan.overagePer100 : null, includedIntegrations: plan.includedIntegrations }, sub.status, periodStart, stored.currentPeriodStart);
  if (allowance) await applyPlanAllowance(tx, agency, stored.teamId, allowance, reference);
  if (isEnded(sub.status)) await endOverage(tx, stored.teamId);

  const rule = await tx.billingAccount.findUniqueOrThrow({ where: { agencyId: agency.id }, select: { graceDays: true, dunningPauseMode: true } });
  const team = await tx.team.findUniqueOrThrow({ where: { id: stored.teamId }, select: { name: true, status: true, pauseReason: true } });
  const step = dunningStep({ status: sub.status, pastDueSince: stored.pastDueSince, workspaceStatus: team.status, pauseReason: team.pauseReason }, { graceDays: rule.graceDays, mode: rule.dunningPauseMode }, readAt);
  const pastDueSince = await applyDunning(tx, agency.id, stored, team.name, step, readAt);

  const next = {
    status: sub.status,
    stripeSubscriptionId: sub.id,
    stripeCustomerId: customerId(sub.customer) ?? stored.stripeCustomerId,
    stripePriceId: item?.price.id ?? stored.stripePriceId,
    stripeOveragePriceId: metered?.price.id ?? null,
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    pastDueSince,
    syncedAt: readAt,
    ...(sub.status !== "incomplete" ? { checkoutUrl: null } : {}),
  };
  await tx.billingSubscription.update({ where: { teamId: stored.teamId }, data: next });
  const changed = stored.status !== next.status || stored.cancelAtPeriodEnd !== next.cancelAtPeriodEnd || stored.currentPeriodEnd?.getTime() !== next.currentPeriodEnd?.getTime();
  if (!changed) return;
  const client = await tx.team.findUniqueOrThrow({ where: { id: stored.teamId }, select: { externalReference: true } });
  await emitEvent(tx, {
    agencyId: agency.id,
    teamId: stored.teamId,
    chatbotId: null,
    type: "client.subscription_updated",
    data: {
      client_id: stored.teamId,
      external_reference: client.externalReference,
      subscription: { id: sub.id, status: sub.status, plan_id: plan.id, cancel_at_period_end: next.cancelAtPeriodEnd, current_period_start: periodStart?.toISOString() ?? null, current_period_end: periodEnd?.toISOString() ?? null },
      previous_status: stored.status,
    },
  });
  await recordAudit(tx, {
    agencyId: agency.id,
    teamId: stored.teamId,
    actor: STRIPE_ACTOR,
    action: "subscription.updated",
    target: { type: "subscription", id: sub.id, name: team.name },
    before: { status: stored.status, cancel_at_period_end: stored.cancelAtPeriodEnd, current_period_end: stored.currentPeriodEnd?.toISOString() ?? null },
    after: { status: next.status, cancel_at_period_end: next.cancelAtPeriodEnd, current_period_end: next.currentPeriodEnd?.toISOString() ?? null },
  });
}

/** Carries out the dunning rule's step; returns the dunning clock's start (null: not running). */
export async function applyDunning(tx: Db, agencyId: string, stored: Pick<BillingSubscription, "teamId" | "pastDueSince">, name: string, step: ReturnType<typeof dunningStep>, now: Date): Promise<Date | null> {
  const target = { type: "client", id: stored.teamId, name };
  switch (step.do) {
    case "start-clock":
      return now;
    case "stop-clock":
      return null;
    case "pause":
      if (await pauseForDunning(tx, stored.teamId, step.mode)) {
        await recordAudit(tx, { agencyId, teamId: stored.teamId, actor: STRIPE_ACTOR, action: "client.dunning_paused", target, before: { status: "active" }, after: { status: "paused", pause_mode: step.mode, reason: "dunning" } });
      }
      return stored.pastDueSince ?? now;
    case "resume":
      if (await resumeAfterDunning(tx, stored.teamId)) {
        await recordAudit(tx, { agencyId, teamId: stored.teamId, actor: STRIPE_ACTOR, action: "client.dunning_resumed", target, before: { status: "paused", reason: "dunning" }, after: { status: "active" } });
      }
      return null;
    case "none":
      return stored.pastDueSince;
  }
}

/** An invoice as Stripe reports it, kept for the client's home and the revenue (paid ones). */
export async function recordInvoice(tx: Db, agencyId: string, teamId: string, invoice: Stripe.Invoice) {
  const data = {
    agencyId,
    teamId,
    status: invoice.status ?? "draft",
    currency: invoice.currency,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    number: invoice.number,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    periodStart: seconds(invoice.period_start),
    periodEnd: seconds(invoice.period_end),
    paidAt: seconds(invoice.status_transitions?.paid_at),
    createdAt: new Date(invoice.created * 1000),
  };
  await tx.billingInvoice.upsert({ where: { id: invoice.id }, create: { id: invoice.id, ...data }, update: data });
}
