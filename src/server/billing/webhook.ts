import type { Db } from "@/server/kernel/db/client";
import { auditedChange, recordAudit } from "@/server/audit";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { openSecret } from "@/server/kernel/lib/secret-box";
import { emitEvent } from "@/server/webhooks";
import { billingAccountOf, stripeOf } from "./connection";
import { applyStripeSubscription, recordInvoice, STRIPE_ACTOR } from "./stripe-sync";
import { Stripe } from "./stripe/client";
import { viaStripe } from "./stripe/errors";
import { creditTopup } from "./topups";

/**
 * `POST /api/stripe/webhook/{agency}` (docs/decisions/110-billing-follows-stripe-exactly-once.md): the
 * `Stripe-Signature` checked by the SDK's own verifier (timestamp tolerance, every v1 signature, constant
 * time), the event taken once (its id recorded in the transaction that applies it), and what it is about
 * read again from Stripe — so a repeated, late or reordered event applies the newest truth or nothing.
 * A failure answers 5xx with nothing recorded: Stripe sends the event again.
 */
export const HANDLED_EVENTS = ["checkout.session.completed", "customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "invoice.paid", "invoice.payment_failed"] as const;

export interface StripeDelivery {
  headers: Headers;
  rawBody: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const subscriptionOfInvoice = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/** What the event is about, as Stripe says it is now. */
interface Facts {
  subscription?: Stripe.Subscription;
  invoice?: Stripe.Invoice;
  topup?: Stripe.Checkout.Session;
}

async function readFacts(stripe: Stripe, event: Stripe.Event): Promise<Facts> {
  const object = event.data.object as { id: string; object: string };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = await stripe.checkout.sessions.retrieve(object.id);
      if (session.mode === "payment" && session.metadata?.kind === "topup") return { topup: session };
      const subscription = idOf(session.subscription);
      return subscription ? { subscription: await stripe.subscriptions.retrieve(subscription) } : {};
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { subscription: await stripe.subscriptions.retrieve(object.id) };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = await stripe.invoices.retrieve(object.id);
      const subscription = subscriptionOfInvoice(invoice);
      return { invoice, ...(subscription ? { subscription: await stripe.subscriptions.retrieve(subscription) } : {}) };
    }
    default:
      return {};
  }
}

export async function receiveStripeEvent(db: Db, agencyId: string, delivery: StripeDelivery): Promise<{ status: number; body: Record<string, unknown> }> {
  const agency = UUID.test(agencyId) ? await db.team.findFirst({ where: { id: agencyId, kind: "agency" } }) : null;
  const account = agency ? await billingAccountOf(db, agency.id) : null;
  if (!agency || !account) throw new AppError("NOT_FOUND", "No agency with a Stripe connection has this webhook URL.");
  const signature = delivery.headers.get("stripe-signature");
  if (!signature) throw new AppError("BAD_REQUEST", "The Stripe-Signature header is missing.");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(delivery.rawBody, signature, openSecret(account.webhookSecret), env().STRIPE_WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The Stripe-Signature does not verify: ${(error as Error).message}`);
  }
  if (await db.billingEvent.findUnique({ where: { eventId: event.id }, select: { eventId: true } })) return { status: 200, body: { received: true, duplicate: true } };
  // Taken before the reads: whatever they return is at least this new (stripe-sync.ts compares reads by it).
  const readAt = new Date();
  const facts = await viaStripe(() => readFacts(stripeOf(account), event));
  const taken = await auditedChange(db, async (tx) => {
    const inserted = await tx.$executeRaw`INSERT INTO billing_events (event_id, agency_id, type) VALUES (${event.id}, ${agency.id}::uuid, ${event.type}) ON CONFLICT DO NOTHING`;
    if (inserted !== 1) return false;
    if (facts.topup) await creditTopup(tx, agency.id, facts.topup);
    if (facts.subscription) await applyStripeSubscription(tx, agency, facts.subscription, readAt);
    if (facts.invoice) await takeInvoice(tx, agency.id, facts.invoice, event.type === "invoice.payment_failed");
    return true;
  });
  return { status: 200, body: { received: true, ...(taken ? {} : { duplicate: true }) } };
}

/** Records the invoice; a failed payment (still unpaid when read) is announced once, with this event. */
async function takeInvoice(tx: Db, agencyId: string, invoice: Stripe.Invoice, failed: boolean) {
  const subscriptionId = subscriptionOfInvoice(invoice);
  const customer = idOf(invoice.customer);
  const sub = await tx.billingSubscription.findFirst({ where: { agencyId, OR: [...(subscriptionId ? [{ stripeSubscriptionId: subscriptionId }] : []), ...(customer ? [{ stripeCustomerId: customer }] : [])] } });
  if (!sub) return;
  await recordInvoice(tx, agencyId, sub.teamId, invoice);
  if (!failed || invoice.status !== "open") return;
  const team = await tx.team.findUniqueOrThrow({ where: { id: sub.teamId }, select: { name: true, externalReference: true } });
  const data = {
    client_id: sub.teamId,
    external_reference: team.externalReference,
    invoice: { id: invoice.id, amount_due: invoice.amount_due, currency: invoice.currency, attempt_count: invoice.attempt_count, hosted_invoice_url: invoice.hosted_invoice_url ?? null, next_payment_attempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000).toISOString() : null },
  };
  await emitEvent(tx, { agencyId, teamId: sub.teamId, chatbotId: null, type: "client.payment_failed", data });
  await recordAudit(tx, { agencyId, teamId: sub.teamId, actor: STRIPE_ACTOR, action: "client.payment_failed", target: { type: "client", id: sub.teamId, name: team.name }, after: data.invoice });
}
