import { randomUUID } from "node:crypto";
import type { BillingAccount, BillingPlan } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { auditedChange, changedFields, recordAudit, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { requireBilling, stripeOf } from "./connection";
import { stripeIdempotencyKey, type Stripe } from "./stripe/client";
import { viaStripe } from "./stripe/errors";

/**
 * Plans (`/v1/agency/plans`, the Plans page): each is a Stripe Product with a recurring Price, and with an
 * overage price a Billing Meter and a metered Price on it (per 100 messages, rounded up). Stripe is called
 * first and the plan is written after, in one transaction: a refused call leaves no plan. Changing the
 * price makes new Prices (the old ones are deactivated; subscribers keep theirs until moved).
 */
export interface PlanInput {
  name: string;
  amount: number;
  currency: string;
  interval: "month" | "year";
  message_allowance: number;
  overage_per_100?: number | null;
  included_integrations?: string[];
}

export function serializePlan(plan: BillingPlan) {
  return {
    id: plan.id,
    name: plan.name,
    amount: plan.amount,
    currency: plan.currency,
    interval: plan.interval as "month" | "year",
    message_allowance: plan.messageAllowance,
    overage_per_100: plan.overagePer100,
    included_integrations: plan.includedIntegrations,
    stripe: { product_id: plan.stripeProductId, price_id: plan.stripePriceId, overage_price_id: plan.stripeOveragePriceId, meter_id: plan.stripeMeterId },
    archived_at: plan.archivedAt ? isoMicro(plan.archivedAt) : null,
    created_at: isoMicro(plan.createdAt),
    updated_at: isoMicro(plan.updatedAt),
  };
}

const planTarget = (plan: Pick<BillingPlan, "id" | "name">) => ({ type: "plan", id: plan.id, name: plan.name });
const termsOf = (p: BillingPlan) => ({ name: p.name, amount: p.amount, currency: p.currency, interval: p.interval, message_allowance: p.messageAllowance, overage_per_100: p.overagePer100, included_integrations: p.includedIntegrations });

export async function listPlans(db: Db, agency: Agency) {
  const plans = await db.billingPlan.findMany({ where: { agencyId: agency.id, archivedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return plans.map(serializePlan);
}

export async function planOf(db: Db, agency: Agency, planId: string) {
  const plan = /^[0-9a-f-]{36}$/i.test(planId) ? await db.billingPlan.findFirst({ where: { id: planId, agencyId: agency.id, archivedAt: null } }) : null;
  if (!plan) throw new AppError("NOT_FOUND", "Plan not found.");
  return plan;
}

/** The Stripe prices of a plan's terms: the recurring one, and the meter and metered one for overage. */
async function makePrices(stripe: Stripe, key: (step: string) => string, productId: string, planId: string, terms: Pick<PlanInput, "amount" | "currency" | "interval" | "overage_per_100" | "name">, meter: { id: string; eventName: string } | null) {
  const price = await stripe.prices.create({ product: productId, currency: terms.currency, unit_amount: terms.amount, recurring: { interval: terms.interval }, metadata: { plan_id: planId } }, { idempotencyKey: key("price") });
  if (terms.overage_per_100 === null || terms.overage_per_100 === undefined) return { priceId: price.id, meterId: meter?.id ?? null, eventName: meter?.eventName ?? null, overagePriceId: null };
  let useMeter = meter;
  if (!useMeter) {
    const eventName = `acp_overage_${planId.replace(/-/g, "")}`;
    const made = await stripe.billing.meters.create(
      { display_name: `${terms.name}: messages past the allowance`, event_name: eventName, default_aggregation: { formula: "sum" }, customer_mapping: { event_payload_key: "stripe_customer_id", type: "by_id" }, value_settings: { event_payload_key: "value" } },
      { idempotencyKey: key("meter") },
    );
    useMeter = { id: made.id, eventName };
  }
  const overage = await stripe.prices.create(
    { product: productId, currency: terms.currency, unit_amount: terms.overage_per_100, recurring: { interval: terms.interval, usage_type: "metered", meter: useMeter.id }, transform_quantity: { divide_by: 100, round: "up" }, metadata: { plan_id: planId, overage: "per_100_messages" } },
    { idempotencyKey: key("overage-price") },
  );
  return { priceId: price.id, meterId: useMeter.id, eventName: useMeter.eventName, overagePriceId: overage.id };
}

/** `requestKey`: the REST request's Idempotency-Key (a retry sends Stripe the same keys), else a new one. */
export async function createPlan(db: Db, agency: Agency, input: PlanInput, actor: AuditActor, requestKey: string | null) {
  const account = await requireBilling(db, agency.id);
  const stripe = stripeOf(account);
  const planId = randomUUID();
  const base = requestKey ?? randomUUID();
  const key = (step: string) => stripeIdempotencyKey(agency.id, "plan", base, step);
  const made = await viaStripe(async () => {
    const product = await stripe.products.create({ name: input.name, metadata: { agency_id: agency.id, plan_id: planId } }, { idempotencyKey: key("product") });
    return { productId: product.id, ...(await makePrices(stripe, key, product.id, planId, input, null)) };
  });
  return auditedChange(db, async (tx) => {
    const plan = await tx.billingPlan.create({
      data: {
        id: planId,
        agencyId: agency.id,
        name: input.name,
        currency: input.currency,
        amount: input.amount,
        interval: input.interval,
        messageAllowance: input.message_allowance,
        overagePer100: input.overage_per_100 ?? null,
        includedIntegrations: input.included_integrations ?? [],
        stripeProductId: made.productId,
        stripePriceId: made.priceId,
        stripeMeterId: made.meterId,
        meterEventName: made.eventName,
        stripeOveragePriceId: made.overagePriceId,
      },
    });
    await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "plan.created", target: planTarget(plan), after: termsOf(plan) });
    return serializePlan(plan);
  });
}

const priceChanged = (plan: BillingPlan, input: Partial<PlanInput>) =>
  (input.amount !== undefined && input.amount !== plan.amount) ||
  (input.currency !== undefined && input.currency !== plan.currency) ||
  (input.interval !== undefined && input.interval !== plan.interval) ||
  (input.overage_per_100 !== undefined && input.overage_per_100 !== plan.overagePer100);

export async function updatePlan(db: Db, agency: Agency, plan: BillingPlan, input: Partial<PlanInput>, actor: AuditActor, requestKey: string | null) {
  const account = await requireBilling(db, agency.id);
  const stripe = stripeOf(account);
  const base = requestKey ?? randomUUID();
  const key = (step: string) => stripeIdempotencyKey(agency.id, "plan-update", plan.id, base, step);
  const terms = { name: input.name ?? plan.name, amount: input.amount ?? plan.amount, currency: input.currency ?? plan.currency, interval: input.interval ?? (plan.interval as "month" | "year"), overage_per_100: input.overage_per_100 === undefined ? plan.overagePer100 : input.overage_per_100 };
  const stripeIds = await viaStripe(async () => {
    if (input.name !== undefined && input.name !== plan.name) await stripe.products.update(plan.stripeProductId, { name: input.name }, { idempotencyKey: key("product") });
    if (!priceChanged(plan, input)) return null;
    // A meter counts messages whatever they cost: the new metered price reuses it.
    const meter = plan.stripeMeterId && plan.meterEventName ? { id: plan.stripeMeterId, eventName: plan.meterEventName } : null;
    const made = await makePrices(stripe, key, plan.stripeProductId, plan.id, terms, meter);
    for (const old of [plan.stripePriceId, plan.stripeOveragePriceId]) if (old) await stripe.prices.update(old, { active: false }, { idempotencyKey: key(`retire-${old}`) });
    return made;
  });
  return auditedChange(db, async (tx) => {
    const saved = await tx.billingPlan.update({
      where: { id: plan.id },
      data: {
        name: terms.name,
        amount: terms.amount,
        currency: terms.currency,
        interval: terms.interval,
        overagePer100: terms.overage_per_100,
        ...(input.message_allowance !== undefined ? { messageAllowance: input.message_allowance } : {}),
        ...(input.included_integrations !== undefined ? { includedIntegrations: input.included_integrations } : {}),
        ...(stripeIds ? { stripePriceId: stripeIds.priceId, stripeOveragePriceId: stripeIds.overagePriceId, stripeMeterId: stripeIds.meterId, meterEventName: stripeIds.eventName } : {}),
      },
    });
    const diff = changedFields(termsOf(plan), termsOf(saved));
    if (diff) await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "plan.updated", target: planTarget(saved), before: diff.before, after: diff.after });
    return serializePlan(saved);
  });
}

/** Deleting archives: no new subscriber, Stripe's product and prices inactive; current subscribers go on until canceled. */
export async function archivePlan(db: Db, agency: Agency, plan: BillingPlan, actor: AuditActor) {
  const account: BillingAccount = await requireBilling(db, agency.id);
  const stripe = stripeOf(account);
  await viaStripe(async () => {
    for (const price of [plan.stripePriceId, plan.stripeOveragePriceId]) if (price) await stripe.prices.update(price, { active: false });
    await stripe.products.update(plan.stripeProductId, { active: false });
  });
  await auditedChange(db, async (tx) => {
    await tx.billingPlan.update({ where: { id: plan.id }, data: { archivedAt: new Date() } });
    await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "plan.archived", target: planTarget(plan), before: termsOf(plan) });
  });
}
