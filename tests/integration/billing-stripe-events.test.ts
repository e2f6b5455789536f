import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { receiveStripeEvent, runDunning } from "@/server/billing";
import { createPlan } from "@/server/billing/plans";
import { subscribeClient } from "@/server/billing/subscriptions";
import { createPack, buyTopup } from "@/server/billing/topups";
import { signatureHeader } from "../../scripts/lib/stripe-stand-in-deliveries";
import type { StripeStandIn } from "../../scripts/lib/stripe-stand-in";
import { agencyOwner, clientWorkspace, teamMember } from "../helpers/fixtures";
import { connectedAgency, TEST_ACTOR } from "../helpers/stripe";
import { waitFor } from "../helpers/https-receiver";

/**
 * Stripe's word, exactly once (docs/decisions/110-billing-follows-stripe-exactly-once.md): the stand-in
 * delivers its signed events to the billing capability's receiver last-first and twice each, and the
 * client still ends where Stripe is — active with the plan's allowance, past due after a failed renewal,
 * paused by the dunning rule after its grace days, resumed by a paid invoice (never a pause made by hand),
 * a bought top-up credited once. Real PostgreSQL, the stand-in as Stripe.
 */
let db: Db;
let stripe: StripeStandIn;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let keys: Awaited<ReturnType<typeof connectedAgency>>["keys"];
const actor = TEST_ACTOR;

beforeAll(async () => {
  ({ stripe, db, owner, keys } = await connectedAgency({ order: "reversed", duplicates: true }, { grace_days: 3, dunning_pause_mode: "hard" }));
}, 120_000);

let n = 0;
async function subscribed(opts: { overage?: number | null } = {}) {
  n++;
  const client = await clientWorkspace(db, owner.agency, `Client ${n}`);
  const plan = await createPlan(db, owner.agency, { name: `Growth ${n}`, amount: 4900, currency: "usd", interval: "month", message_allowance: 500, overage_per_100: opts.overage === undefined ? 200 : opts.overage }, actor, null);
  const sub = await subscribeClient(db, owner.agency, client, { plan_id: plan.id, billing_email: `billing${n}@client.test` }, actor, `subscribe-${n}`);
  const paid = await fetch(sub.checkout_url!, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  await stripe.deliveries.idle();
  const row = await db.billingSubscription.findUniqueOrThrow({ where: { teamId: client.id } });
  return { client, plan, row };
}

describe("Stripe events, reversed and repeated", () => {
  it("leave a paid client active with its plan's allowance, each event taken once", async () => {
    const { client, row } = await subscribed();
    expect(row).toMatchObject({ status: "active", checkoutUrl: null, cancelAtPeriodEnd: false });
    expect(row.stripeSubscriptionId).toMatch(/^sub_/);
    const team = await db.team.findUniqueOrThrow({ where: { id: client.id } });
    expect(team).toMatchObject({ messageLimit: 500, overageAllowed: true, status: "active" });
    // Every delivery was sent twice; each event id is recorded once.
    const delivered = stripe.deliveries.records.filter((r) => r.url.endsWith(owner.agency.id));
    expect(delivered.every((r) => r.delivered)).toBe(true);
    const ids = new Set(delivered.map((r) => r.event));
    expect(await db.billingEvent.count({ where: { eventId: { in: [...ids] } } })).toBe(ids.size);
    // One announcement of incomplete → active, however many events said so.
    const updates = await db.outboxEvent.findMany({ where: { teamId: client.id, type: "client.subscription_updated" } });
    expect(updates.map((u) => (u.data as { subscription: { status: string } }).subscription.status)).toEqual(["active"]);
    const invoices = await db.billingInvoice.findMany({ where: { teamId: client.id } });
    expect(invoices).toMatchObject([{ status: "paid", amountPaid: 4900, currency: "usd" }]);
    expect(invoices[0]!.hostedInvoiceUrl).toContain(`${stripe.baseUrl}/i/`);
  });

  it("refuses a bad or old signature, and an unknown agency", async () => {
    const body = JSON.stringify({ id: "evt_x", object: "event", type: "invoice.paid", data: { object: { id: "in_x", object: "invoice" } } });
    const deliver = (signature: string, agencyId = owner.agency.id) => receiveStripeEvent(db, agencyId, { headers: new Headers({ "stripe-signature": signature }), rawBody: body });
    await expect(deliver(signatureHeader("whsec_wrong", body))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Stripe-Signature") });
    await expect(deliver(signatureHeader(keys.webhookSecret, body, Math.floor(Date.now() / 1000) - 3600))).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/tolerance|timestamp/i) });
    await expect(deliver(signatureHeader(keys.webhookSecret, `${body} `))).rejects.toMatchObject({ status: 400 });
    await expect(deliver(signatureHeader(keys.webhookSecret, body), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ status: 404 });
    expect(await db.billingEvent.count({ where: { eventId: "evt_x" } })).toBe(0);
  });
});

describe("dunning", () => {
  it("pauses after the grace days once a renewal fails, and a paid invoice resumes", async () => {
    const { client, row } = await subscribed();
    await stripe.renew(row.stripeSubscriptionId!, "failed");
    const pastDue = await waitFor(() => db.billingSubscription.findFirst({ where: { teamId: client.id, status: "past_due" } }));
    expect(pastDue.pastDueSince).not.toBeNull();
    expect((await db.team.findUniqueOrThrow({ where: { id: client.id } })).status).toBe("active");
    expect(await db.outboxEvent.count({ where: { teamId: client.id, type: "client.payment_failed" } })).toBe(1);

    expect(await runDunning(db, new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    expect(await runDunning(db, new Date(Date.now() + 3 * 86_400_000 + 60_000))).toBe(1);
    expect(await db.team.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ status: "paused", pauseMode: "hard", pauseReason: "dunning" });

    const open = await db.billingInvoice.findFirstOrThrow({ where: { teamId: client.id, status: "open" } });
    await fetch(`${stripe.baseUrl}/i/${open.id}`, { method: "POST" });
    await stripe.deliveries.idle();
    expect(await db.team.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ status: "active", pauseMode: null, pauseReason: null });
    expect(await db.billingSubscription.findUniqueOrThrow({ where: { teamId: client.id } })).toMatchObject({ status: "active", pastDueSince: null });
    const actions = (await db.auditEntry.findMany({ where: { teamId: client.id }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["client.payment_failed", "client.dunning_paused", "client.dunning_resumed"]));
  });

  it("never lifts a pause the agency made by hand", async () => {
    const { client, row } = await subscribed({ overage: null });
    await db.team.update({ where: { id: client.id }, data: { status: "paused", pauseMode: "soft", pausedAt: new Date() } });
    await stripe.renew(row.stripeSubscriptionId!, "failed");
    await waitFor(() => db.billingSubscription.findFirst({ where: { teamId: client.id, status: "past_due" } }));
    expect(await runDunning(db, new Date(Date.now() + 10 * 86_400_000))).toBe(0);
    const open = await db.billingInvoice.findFirstOrThrow({ where: { teamId: client.id, status: "open" } });
    await fetch(`${stripe.baseUrl}/i/${open.id}`, { method: "POST" });
    await stripe.deliveries.idle();
    expect(await db.billingSubscription.findUniqueOrThrow({ where: { teamId: client.id } })).toMatchObject({ status: "active" });
    expect(await db.team.findUniqueOrThrow({ where: { id: client.id } })).toMatchObject({ status: "paused", pauseMode: "soft", pauseReason: null });
  });
});

describe("top-up packs", () => {
  it("land once, on the webhook, with a ledger row naming the Checkout Session", async () => {
    const { client } = await subscribed();
    const admin = await teamMember(db, client.id, "admin");
    const pack = await createPack(db, owner.agency, { credits: 1000, amount: 1500, currency: "usd" }, actor);
    const fresh = await db.team.findUniqueOrThrow({ where: { id: client.id } });
    const { url } = await buyTopup(db, fresh, pack.id, { id: admin.user.id, email: admin.user.email });
    expect((await db.team.findUniqueOrThrow({ where: { id: client.id } })).topupCredits).toBe(0);
    await fetch(url, { method: "POST", redirect: "manual" });
    await stripe.deliveries.idle();
    const session = url.split("/").pop()!;
    expect((await db.team.findUniqueOrThrow({ where: { id: client.id } })).topupCredits).toBe(1000);
    const rows = await db.creditLedgerEntry.findMany({ where: { teamId: client.id, kind: "topup" } });
    expect(rows).toMatchObject([{ topupDelta: 1000, reference: `checkout:${session}`, actorUserId: admin.user.id }]);
  });
});
