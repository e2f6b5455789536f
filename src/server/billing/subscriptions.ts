import { randomUUID } from "node:crypto";
import type { BillingPlan, BillingSubscription, Team } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { auditedChange, recordAudit, type AuditActor } from "@/server/audit";
import { brandForAgency, siteBaseUrl } from "@/server/branding";
import type { Db } from "@/server/kernel/db/client";
import { AppError, validationError } from "@/server/kernel/errors";
import { isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { sendMail } from "@/server/kernel/mail/mailer";
import { checkoutLinkMail } from "@/server/kernel/mail/templates";
import { requireBilling, stripeOf } from "./connection";
import { formatMoney } from "./rules/money";
import { isEnded, servesPlan } from "./rules/subscription-state";
import { stripeIdempotencyKey } from "./stripe/client";
import { viaStripe } from "./stripe/errors";
import { applyStripeSubscription } from "./stripe-sync";

/**
 * A client's subscription (`/v1/agency/clients/{client_id}/subscription`, the client page's panel): a
 * Stripe Customer and either a Checkout Session (mode `subscription`) whose link goes to the client's
 * admins, or with `send_invoice` a subscription Stripe invoices by e-mail. Its state afterwards is
 * Stripe's, taken from Stripe's events (stripe-sync.ts, webhook.ts).
 */
export interface SubscribeInput {
  plan_id: string;
  billing_email: string;
  collection?: "charge_automatically" | "send_invoice";
  days_until_due?: number;
}

export function serializeSubscription(sub: BillingSubscription & { plan: BillingPlan }, overageSoFar = 0) {
  const upcoming = servesPlan(sub.status) && !sub.cancelAtPeriodEnd && sub.currentPeriodEnd;
  return {
    client_id: sub.teamId,
    status: sub.status,
    plan: { id: sub.plan.id, name: sub.plan.name, amount: sub.plan.amount, currency: sub.plan.currency, interval: sub.plan.interval, message_allowance: sub.plan.messageAllowance, overage_per_100: sub.plan.overagePer100 },
    collection: sub.collection as "charge_automatically" | "send_invoice",
    billing_email: sub.billingEmail,
    checkout_url: sub.status === "incomplete" ? sub.checkoutUrl : null,
    current_period_start: isoMicroOrNull(sub.currentPeriodStart),
    current_period_end: isoMicroOrNull(sub.currentPeriodEnd),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    past_due_since: isoMicroOrNull(sub.pastDueSince),
    next_invoice: upcoming
      ? {
          date: isoMicroOrNull(sub.currentPeriodEnd),
          currency: sub.plan.currency,
          // The plan's price, and the overage reported in this period at its price per 100 (rounded up, as the metered price bills it).
          amount_due: sub.plan.amount + (sub.plan.overagePer100 ?? 0) * Math.ceil(overageSoFar / 100),
        }
      : null,
    stripe: { customer_id: sub.stripeCustomerId, subscription_id: sub.stripeSubscriptionId },
  };
}

/** Overage answers this period, as the ledger counts them. */
async function overageThisPeriod(db: Db, sub: BillingSubscription): Promise<number> {
  if (!sub.currentPeriodStart || !sub.meterEventName) return 0;
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT COALESCE(sum(overage_delta), 0)::bigint AS n FROM credit_ledger WHERE team_id = ${sub.teamId}::uuid AND created_at >= ${sub.currentPeriodStart}`;
  return Number(row?.n ?? 0);
}

export async function getSubscription(db: Db, client: Team) {
  const sub = await db.billingSubscription.findUnique({ where: { teamId: client.id }, include: { plan: true } });
  if (!sub) throw new AppError("NOT_FOUND", "This client has no subscription.");
  return serializeSubscription(sub, await overageThisPeriod(db, sub));
}

async function mailCheckoutLink(db: Db, agency: Agency, client: Team, plan: BillingPlan, billingEmail: string, url: string) {
  const admins = await db.membership.findMany({ where: { teamId: client.id, role: "admin" }, include: { user: { select: { email: true } } } });
  const recipients = [...new Set([...admins.map((a) => a.user.email), billingEmail])];
  const price = `${formatMoney(plan.amount, plan.currency)} per ${plan.interval}`;
  for (const to of recipients) await sendMail(checkoutLinkMail(brandForAgency(agency), { to, workspaceName: client.name, planName: plan.name, price, checkoutUrl: url }));
}

export async function subscribeClient(db: Db, agency: Agency, client: Team, input: SubscribeInput, actor: AuditActor, requestKey: string | null) {
  const account = await requireBilling(db, agency.id);
  const plan = /^[0-9a-f-]{36}$/i.test(input.plan_id) ? await db.billingPlan.findFirst({ where: { id: input.plan_id, agencyId: agency.id, archivedAt: null } }) : null;
  if (!plan) throw validationError({ plan_id: ["No plan of this agency has this id (GET /v1/agency/plans lists them)."] });
  const existing = await db.billingSubscription.findUnique({ where: { teamId: client.id } });
  if (existing && !isEnded(existing.status) && existing.status !== "incomplete") {
    throw new AppError("RULE_VIOLATION", `This client already has a ${existing.status} subscription; cancel it (DELETE …/subscription) before starting another.`);
  }
  const stripe = stripeOf(account);
  const base = requestKey ?? randomUUID();
  const key = (step: string) => stripeIdempotencyKey(agency.id, "subscribe", client.id, base, step);
  const collection = input.collection ?? "charge_automatically";
  const items = [{ price: plan.stripePriceId, quantity: 1 }, ...(plan.stripeOveragePriceId ? [{ price: plan.stripeOveragePriceId }] : [])];
  const metadata = { agency_id: agency.id, client_id: client.id, plan_id: plan.id };
  const site = siteBaseUrl(agency);
  const made = await viaStripe(async () => {
    // An unfinished Checkout of an earlier try is closed, so only one link can be paid.
    if (existing?.status === "incomplete" && existing.checkoutSessionId) await stripe.checkout.sessions.expire(existing.checkoutSessionId).catch(() => undefined);
    const customerId = existing?.stripeCustomerId ?? (await stripe.customers.create({ email: input.billing_email, name: client.name, metadata }, { idempotencyKey: key("customer") })).id;
    if (collection === "send_invoice") {
      const subscription = await stripe.subscriptions.create({ customer: customerId, items, collection_method: "send_invoice", days_until_due: input.days_until_due ?? 30, metadata }, { idempotencyKey: key("subscription") });
      return { customerId, session: null, subscription };
    }
    const session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: customerId,
        line_items: items,
        client_reference_id: client.id,
        metadata,
        subscription_data: { metadata },
        success_url: `${site}/home?checkout=success`,
        cancel_url: `${site}/home?checkout=canceled`,
      },
      { idempotencyKey: key("checkout") },
    );
    return { customerId, session, subscription: null };
  });
  const saved = await auditedChange(db, async (tx) => {
    const row = {
      agencyId: agency.id,
      planId: plan.id,
      billingEmail: input.billing_email,
      collection,
      stripeCustomerId: made.customerId,
      stripeSubscriptionId: made.subscription?.id ?? null,
      checkoutSessionId: made.session?.id ?? null,
      checkoutUrl: made.session?.url ?? null,
      status: "incomplete",
      stripePriceId: plan.stripePriceId,
      stripeOveragePriceId: plan.stripeOveragePriceId,
      meterEventName: plan.meterEventName,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      syncedAt: null,
    };
    await tx.billingSubscription.upsert({ where: { teamId: client.id }, create: { teamId: client.id, ...row }, update: row });
    await recordAudit(tx, { agencyId: agency.id, teamId: client.id, actor, action: "subscription.created", target: { type: "subscription", id: made.subscription?.id ?? made.session?.id ?? null, name: client.name }, after: { plan: plan.name, collection, billing_email: input.billing_email } });
    if (made.subscription) await applyStripeSubscription(tx, agency, made.subscription, new Date());
    return tx.billingSubscription.findUniqueOrThrow({ where: { teamId: client.id }, include: { plan: true } });
  });
  // E-mailed once committed: the link shown in the client's home is the one they receive.
  if (made.session?.url) await mailCheckoutLink(db, agency, client, plan, input.billing_email, made.session.url);
  return serializeSubscription(saved);
}

/** Cancels at the period's end (Stripe keeps serving until then); an unpaid Checkout is simply closed. */
export async function cancelSubscription(db: Db, agency: Agency, client: Team, actor: AuditActor) {
  const sub = await db.billingSubscription.findUnique({ where: { teamId: client.id } });
  if (!sub || isEnded(sub.status)) throw new AppError("NOT_FOUND", "This client has no subscription to cancel.");
  const stripe = stripeOf(await requireBilling(db, agency.id));
  const updated = await viaStripe(async () => {
    if (sub.stripeSubscriptionId) return stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true }, { idempotencyKey: stripeIdempotencyKey(agency.id, "cancel", sub.stripeSubscriptionId) });
    if (sub.checkoutSessionId) await stripe.checkout.sessions.expire(sub.checkoutSessionId).catch(() => undefined);
    return null;
  });
  const saved = await auditedChange(db, async (tx) => {
    if (updated) await applyStripeSubscription(tx, agency, updated, new Date());
    else await tx.billingSubscription.update({ where: { teamId: client.id }, data: { status: "incomplete_expired", checkoutUrl: null, syncedAt: new Date() } });
    await recordAudit(tx, { agencyId: agency.id, teamId: client.id, actor, action: "subscription.canceled", target: { type: "subscription", id: sub.stripeSubscriptionId ?? sub.checkoutSessionId, name: client.name }, before: { status: sub.status }, after: { cancel_at_period_end: Boolean(updated) } });
    return tx.billingSubscription.findUniqueOrThrow({ where: { teamId: client.id }, include: { plan: true } });
  });
  return serializeSubscription(saved);
}
