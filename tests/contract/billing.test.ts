import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import type { StripeStandIn } from "../../scripts/lib/stripe-stand-in";
import { signatureHeader } from "../../scripts/lib/stripe-stand-in-deliveries";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, clientWorkspace, teamMember } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { startAppServer } from "../helpers/server";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";
import { startStripe, stripeAccountFor } from "../helpers/stripe";

/**
 * Rebilling over REST (docs/decisions/109-stripe-through-the-kernel-client.md, 110): every route with good
 * and bad input, idempotency, another agency's client, and Stripe's webhook deliveries — against the
 * production build, with the stand-in as Stripe sending its signed events to the server.
 */
let base: string;
let db: Db;
let stripe: StripeStandIn;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let other: Awaited<ReturnType<typeof agencyOwner>>;
let keys: Awaited<ReturnType<typeof stripeAccountFor>>;
let clientId: string;
let admin: Awaited<ReturnType<typeof teamMember>>;

beforeAll(async () => {
  stripe = await startStripe();
  smtp = await startSmtpServer();
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  other = await agencyOwner(db);
  clientId = (await clientWorkspace(db, owner.agency, "Bakery Co")).id;
  admin = await teamMember(db, clientId, "admin");
  base = (await startAppServer(created.url, { STRIPE_API_BASE_URL: stripe.baseUrl, SMTP_URL: smtp.url })).baseUrl;
  keys = await stripeAccountFor(stripe, `${base}/api/stripe/webhook/${owner.agency.id}`);
}, 180_000);

let n = 0;
const call = async (method: string, path: string, opts: { token?: string; body?: unknown; key?: string | null } = {}) => {
  const headers: Record<string, string> = { Authorization: `Bearer ${opts.token ?? owner.token}`, Accept: "application/json" };
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  if (opts.key !== null && method !== "GET") headers["Idempotency-Key"] = opts.key ?? `k-${++n}-${Date.now()}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions walk the documented JSON
  return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : null) as Record<string, any> };
};
const plan = { name: "Growth", amount: 4900, currency: "usd", interval: "month", message_allowance: 2000, overage_per_100: 250 };

describe("PUT /v1/agency/billing", () => {
  it("verifies the key with Stripe, shows the account, never returns the secrets", async () => {
    const wrong = await call("PUT", "/v1/agency/billing", { body: { secret_key: "sk_test_wrongwrongwrong", webhook_secret: keys.webhookSecret } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.secret_key[0]).toMatch(/Stripe refused this key: Invalid API Key provided/);
    expect((await call("PUT", "/v1/agency/billing", { body: { secret_key: "pk_live_123" } })).body.errors).toHaveProperty("secret_key");
    expect((await call("PUT", "/v1/agency/billing", { body: { secret_key: keys.secretKey } })).body.errors).toHaveProperty("webhook_secret");
    expect((await call("PUT", "/v1/agency/billing", { body: { secret_key: keys.secretKey, webhook_secret: keys.webhookSecret, grace_days: -1 } })).body.errors).toHaveProperty("grace_days");
    expect(await db.billingAccount.count({ where: { agencyId: owner.agency.id } })).toBe(0);

    const ok = await call("PUT", "/v1/agency/billing", { body: { secret_key: keys.secretKey, webhook_secret: keys.webhookSecret, grace_days: 2, dunning_pause_mode: "hard", message_cost_per_1000: 300 } });
    expect(ok.status).toBe(200);
    expect(ok.body.billing).toMatchObject({ connected: true, account: { id: keys.account.id, name: "Acme Agency LLC", default_currency: "usd" }, secret_key_last4: keys.secretKey.slice(-4), grace_days: 2, dunning_pause_mode: "hard", message_cost_per_1000: 300, webhook_url: `${base}/api/stripe/webhook/${owner.agency.id}` });
    expect(ok.text).not.toContain(keys.secretKey);
    expect(ok.text).not.toContain(keys.webhookSecret);
    expect((await call("GET", "/v1/agency/billing")).body).toEqual(ok.body);
    expect((await call("GET", "/v1/agency/billing", { token: admin.token })).status).toBe(403);
    expect((await fetch(`${base}/v1/agency/billing`)).status).toBe(401);
  });
});

describe("/v1/agency/plans", () => {
  it("refuses a plan without price, a negative or fractional price and an unknown currency, naming the field", async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call("POST", "/v1/agency/plans", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    };
    const { amount: _a, ...noPrice } = plan;
    void _a;
    await bad(noPrice, "amount");
    await bad({ ...plan, amount: -100 }, "amount");
    await bad({ ...plan, amount: 49.5 }, "amount");
    await bad({ ...plan, overage_per_100: 1.25 }, "overage_per_100");
    await bad({ ...plan, currency: "usx" }, "currency");
    await bad({ ...plan, interval: "week" }, "interval");
    await bad({ ...plan, message_allowance: 0 }, "message_allowance");
    await bad({ ...plan, included_integrations: ["fax_machine"] }, "included_integrations.0");
    expect((await call("POST", "/v1/agency/plans", { body: plan, key: null })).status).toBe(400);
    expect(await db.billingPlan.count()).toBe(0);
  });

  it("creates a Stripe Product, Price, Meter and metered Price once per Idempotency-Key", async () => {
    const products = () => [...stripe.accountOf(keys.secretKey)!.products.values()].length;
    const before = products();
    const first = await call("POST", "/v1/agency/plans", { body: plan, key: "plan-growth" });
    expect(first.status).toBe(201);
    expect(first.body.plan).toMatchObject({ name: "Growth", amount: 4900, currency: "usd", interval: "month", message_allowance: 2000, overage_per_100: 250, included_integrations: [] });
    expect(first.body.plan.stripe).toMatchObject({ product_id: expect.stringMatching(/^prod_/), price_id: expect.stringMatching(/^price_/), overage_price_id: expect.stringMatching(/^price_/), meter_id: expect.stringMatching(/^mtr_/) });
    expect(first.body.plan.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const again = await call("POST", "/v1/agency/plans", { body: plan, key: "plan-growth" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(products()).toBe(before + 1);
    expect((await call("POST", "/v1/agency/plans", { body: { ...plan, name: "Other" }, key: "plan-growth" })).status).toBe(422);
    const metered = stripe.accountOf(keys.secretKey)!.prices.get(first.body.plan.stripe.overage_price_id)!;
    expect(metered).toMatchObject({ unit_amount: 250, recurring: { usage_type: "metered", meter: first.body.plan.stripe.meter_id }, transform_quantity: { divide_by: 100, round: "up" } });
  });

  it("keeps the account its plans live in", async () => {
    const elsewhere = await stripeAccountFor(stripe, `${base}/api/stripe/webhook/${owner.agency.id}`, "Another Account");
    const res = await call("PUT", "/v1/agency/billing", { body: { secret_key: elsewhere.secretKey } });
    expect(res.status).toBe(422);
    expect(res.body.errors.secret_key[0]).toContain(keys.account.id);
    expect((await call("GET", "/v1/agency/billing")).body.billing.account.id).toBe(keys.account.id);
  });

  it("lists, changes the price with new Prices, archives; another agency's plan is not found", async () => {
    const made = (await call("POST", "/v1/agency/plans", { body: { ...plan, name: "Starter", amount: 1900, overage_per_100: null, included_integrations: ["crm_1"] } })).body.plan;
    expect(made).toMatchObject({ overage_per_100: null, included_integrations: ["crm_1"], stripe: { overage_price_id: null, meter_id: null } });
    expect((await call("GET", "/v1/agency/plans")).body.plans.map((p: { name: string }) => p.name)).toEqual(["Growth", "Starter"]);
    const changed = await call("PATCH", `/v1/agency/plans/${made.id}`, { body: { amount: 2400, message_allowance: 800 } });
    expect(changed.body.plan).toMatchObject({ amount: 2400, message_allowance: 800 });
    expect(changed.body.plan.stripe.price_id).not.toBe(made.stripe.price_id);
    expect(stripe.accountOf(keys.secretKey)!.prices.get(made.stripe.price_id)!.active).toBe(false);
    expect((await call("PATCH", `/v1/agency/plans/${made.id}`, { body: { amount: -1 } })).body.errors).toHaveProperty("amount");
    expect((await call("PATCH", `/v1/agency/plans/${made.id}`, { token: other.token, body: { amount: 1 } })).status).toBe(404);
    expect((await call("DELETE", `/v1/agency/plans/${made.id}`, { token: other.token })).status).toBe(404);
    expect((await call("DELETE", `/v1/agency/plans/${made.id}`)).status).toBe(204);
    expect((await call("GET", "/v1/agency/plans")).body.plans.map((p: { name: string }) => p.name)).toEqual(["Growth"]);
    expect((await call("PATCH", `/v1/agency/plans/nope`, { body: { amount: 1 } })).status).toBe(404);
  });

  it("leaves no plan when Stripe fails", async () => {
    stripe.failNext("/v1/products", "unavailable", 3);
    const res = await call("POST", "/v1/agency/plans", { body: { ...plan, name: "Never" } });
    expect(res.status).toBe(503);
    expect(await db.billingPlan.count({ where: { name: "Never" } })).toBe(0);
  });
});

describe("/v1/agency/clients/{client_id}/subscription", () => {
  it("subscribes through Checkout: the link e-mailed to the admins, active with the plan's allowance once paid, canceled at period end", async () => {
    const growth = (await call("GET", "/v1/agency/plans")).body.plans[0];
    const path = `/v1/agency/clients/${clientId}/subscription`;
    expect((await call("GET", path)).status).toBe(404);
    expect((await call("POST", path, { body: { plan_id: "nope", billing_email: "pay@bakery.test" } })).body.errors).toHaveProperty("plan_id");
    expect((await call("POST", path, { body: { plan_id: growth.id, billing_email: "not-an-email" } })).body.errors).toHaveProperty("billing_email");
    expect((await call("POST", path, { token: other.token, body: { plan_id: growth.id, billing_email: "pay@bakery.test" } })).status).toBe(404);

    const created = await call("POST", path, { body: { plan_id: growth.id, billing_email: "pay@bakery.test" }, key: "sub-bakery" });
    expect(created.status).toBe(201);
    expect(created.body.subscription).toMatchObject({ client_id: clientId, status: "incomplete", plan: { id: growth.id, name: "Growth" }, collection: "charge_automatically", billing_email: "pay@bakery.test", cancel_at_period_end: false, next_invoice: null });
    const url = created.body.subscription.checkout_url as string;
    expect(url).toMatch(new RegExp(`^${stripe.baseUrl}/c/pay/cs_test_`));
    const replay = await call("POST", path, { body: { plan_id: growth.id, billing_email: "pay@bakery.test" }, key: "sub-bakery" });
    expect(replay.text).toBe(created.text);
    expect([...stripe.accountOf(keys.secretKey)!.customers.values()].filter((c) => c.email === "pay@bakery.test")).toHaveLength(1);
    const mails = await smtp.waitFor(2);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([admin.user.email, "pay@bakery.test"].sort());
    expect(mails[0]!.raw.replace(/=\r?\n/g, "")).toContain(url.replace(/=/g, "=3D"));

    await fetch(url, { method: "POST", redirect: "manual" });
    const active = await waitFor(async () => {
      const res = await call("GET", path);
      return res.body.subscription?.status === "active" ? res : null;
    });
    expect(active.body.subscription).toMatchObject({ checkout_url: null, next_invoice: { amount_due: 4900, currency: "usd" } });
    expect(active.body.subscription.current_period_end).toMatch(/Z$/);
    expect((await call("GET", `/v1/agency/clients/${clientId}`)).body.client.limits.messages).toBe(2000);
    expect((await call("POST", path, { body: { plan_id: growth.id, billing_email: "pay@bakery.test" } })).status).toBe(422);

    // The first paid invoice is recorded from its own event (invoice.paid), which may come after the subscription's.
    await stripe.deliveries.idle();
    const summary = await call("GET", "/v1/agency/billing/summary");
    expect(summary.body).toMatchObject({ currency: "usd", mrr: 4900, revenue: 4900, message_cost_per_1000: 300 });
    expect(summary.body.clients.find((c: { client_id: string }) => c.client_id === clientId)).toMatchObject({ plan: { name: "Growth" }, subscription_status: "active", revenue: 4900, mrr: 4900 });
    expect((await call("GET", "/v1/agency/billing/summary?from=yesterday")).body.errors).toHaveProperty("from");
    expect((await call("GET", "/v1/agency/billing/summary?from=2026-12-02&to=2026-12-01")).body.errors).toHaveProperty("to");

    const canceled = await call("DELETE", path);
    expect(canceled.status).toBe(200);
    expect(canceled.body.subscription).toMatchObject({ status: "active", cancel_at_period_end: true, next_invoice: null });
  });

  it("invoices by e-mail with send_invoice", async () => {
    const client = await clientWorkspace(db, owner.agency, "Invoiced Co");
    const growth = (await call("GET", "/v1/agency/plans")).body.plans[0];
    const res = await call("POST", `/v1/agency/clients/${client.id}/subscription`, { body: { plan_id: growth.id, billing_email: "ap@invoiced.test", collection: "send_invoice", days_until_due: 14 } });
    expect(res.status).toBe(201);
    expect(res.body.subscription).toMatchObject({ status: "active", collection: "send_invoice", checkout_url: null });
  });
});

describe("POST /api/stripe/webhook/{agency}", () => {
  const event = JSON.stringify({ id: "evt_contract", object: "event", type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } });
  const post = (signature: string | null, agency = owner.agency.id) =>
    fetch(`${base}/api/stripe/webhook/${agency}`, { method: "POST", headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) }, body: event });

  it("takes a signed event once, refuses a bad or old signature and an unknown agency", async () => {
    expect((await post(null)).status).toBe(400);
    const bad = await post(signatureHeader("whsec_other", event));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Stripe-Signature/);
    expect((await post(signatureHeader(keys.webhookSecret, event, Math.floor(Date.now() / 1000) - 600))).status).toBe(400);
    expect((await post(signatureHeader(keys.webhookSecret, event), "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const first = await post(signatureHeader(keys.webhookSecret, event));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect(await (await post(signatureHeader(keys.webhookSecret, event))).json()).toEqual({ received: true, duplicate: true });
  });
});

describe("OpenAPI", () => {
  it("documents every billing route", async () => {
    const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/v1/agency/billing"]!).sort()).toEqual(["get", "put"]);
    expect(Object.keys(doc.paths["/v1/agency/billing/summary"]!)).toEqual(["get"]);
    expect(Object.keys(doc.paths["/v1/agency/plans"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/v1/agency/plans/{plan_id}"]!).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(doc.paths["/v1/agency/clients/{client_id}/subscription"]!).sort()).toEqual(["delete", "get", "post"]);
  });
});
