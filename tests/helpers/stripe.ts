import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { startStripeStandIn, type StripeStandIn } from "../../scripts/lib/stripe-stand-in";
import type { DeliveryOptions } from "../../scripts/lib/stripe-stand-in-deliveries";
import { receiveStripeEvent } from "@/server/billing";
import { saveBillingSettings } from "@/server/billing/connection";
import { AppError } from "@/server/kernel/errors";
import { onCleanup } from "./cleanup";
import { createTestDatabase } from "./db";
import { agencyOwner } from "./fixtures";

/**
 * Stripe for the billing tests: the stand-in on 127.0.0.1 (scripts/lib/stripe-stand-in.ts) and, per
 * agency, an account with its own secret key and a webhook endpoint whose signing secret the agency
 * connects with — as an agency does in Stripe's dashboard.
 */
export async function startStripe(delivery: Partial<DeliveryOptions> = {}): Promise<StripeStandIn> {
  const standIn = await startStripeStandIn({ delivery: { retryDelaysMs: [100, 300, 1000], ...delivery } });
  onCleanup(standIn.stop);
  return standIn;
}

/** A Stripe account for one agency and its webhook endpoint at `webhookUrl`: the keys the agency pastes in. */
export async function stripeAccountFor(standIn: StripeStandIn, webhookUrl: string, name = "Acme Agency LLC") {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const account = standIn.addAccount({ secretKey, name });
  const res = await fetch(`${standIn.baseUrl}/v1/webhook_endpoints`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ url: webhookUrl, "enabled_events[]": "*" }),
  });
  const endpoint = (await res.json()) as { secret: string };
  return { secretKey, webhookSecret: endpoint.secret, account };
}

/** A local HTTP endpoint that hands each delivery to `receive` (the route's work, in process) and answers its status. */
export async function webhookReceiver(receive: (agencyId: string, headers: Headers, rawBody: string) => Promise<number>) {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const agencyId = (req.url ?? "").split("/").pop() ?? "";
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) headers.set(k, Array.isArray(v) ? v.join(", ") : (v ?? ""));
      receive(agencyId, headers, body).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise((resolve) => server.close(resolve)));
  return { url: (agencyId: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/${agencyId}` };
}

/**
 * The in-process billing tests' world: the stand-in as Stripe (STRIPE_API_BASE_URL, read by the env on
 * first use), a database, an agency whose Stripe account's webhook endpoint hands deliveries to the
 * billing capability's receiver, connected with `settings`.
 */
export async function connectedAgency(delivery: Partial<DeliveryOptions>, settings: { grace_days?: number; dunning_pause_mode?: "soft" | "hard" } = {}) {
  const stripe = await startStripe(delivery);
  process.env.STRIPE_API_BASE_URL = stripe.baseUrl;
  const { db } = await createTestDatabase();
  const owner = await agencyOwner(db);
  const receiver = await webhookReceiver(async (agencyId, headers, rawBody) => {
    try {
      return (await receiveStripeEvent(db, agencyId, { headers, rawBody })).status;
    } catch (error) {
      return error instanceof AppError ? error.status : 500;
    }
  });
  const keys = await stripeAccountFor(stripe, receiver.url(owner.agency.id));
  await saveBillingSettings(db, owner.agency, { secret_key: keys.secretKey, webhook_secret: keys.webhookSecret, ...settings }, TEST_ACTOR);
  return { stripe, db, owner, keys };
}

/** The tests act as the system (the audit log's actor for changes made by no one signed in). */
export const TEST_ACTOR = { userId: null, tokenId: null, name: "Test" };
