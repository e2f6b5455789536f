import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runner } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { startWorkers } from "@/server/transport/workers";
import { OFFSET_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { chargeAnswer } from "../helpers/credits";
import { createWebhook, sendTestEvent, updateWebhook } from "@/server/webhooks/endpoints";
import { agencyWithWebhook } from "@/server/access/lookups";
import { waitFor } from "../helpers/https-receiver";
import { webhookFixture, type WebhookFixture } from "../helpers/webhook-fixture";

/** Deliveries through the real queue to a real local HTTPS receiver. */
let db: Db;
let workers: Runner;
let receiver: WebhookFixture["receiver"];
let owner: WebhookFixture["owner"];

beforeAll(async () => {
  const fixture = await webhookFixture({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_RETRY_SCHEDULE: "0,0.3,0.3", WEBHOOK_TIMEOUT_MS: "2500" });
  ({ db, receiver, owner } = fixture);
  workers = await startWorkers(fixture.url);
});

afterAll(() => workers?.stop());

/** A workspace with one message of allowance; charging twice exhausts it and emits client.credits_exhausted. */
async function exhaustAClient(reference: string) {
  const team = await db.team.create({
    data: { kind: "client", name: `Client ${reference}`, ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 1, externalReference: reference },
  });
  await chargeAnswer(db, team.id);
  return team;
}

const deliveriesOf = (webhookId: string) => db.webhookDelivery.findMany({ where: { webhookId }, orderBy: { createdAt: "asc" } });

describe("webhook delivery", () => {
  it("signs each delivery with Standard Webhooks and sends the documented envelope, to subscribed active endpoints only", async () => {
    const all = await createWebhook(db, owner.agency, { url: receiver.url("/all"), events: null });
    const leadsOnly = await createWebhook(db, owner.agency, { url: receiver.url("/leads"), events: ["lead.captured"] });
    const inactive = await createWebhook(db, owner.agency, { url: receiver.url("/inactive"), events: null });
    await updateWebhook(db, (await agencyWithWebhook(db, owner.user.id, inactive.webhook.id)).webhook, { active: false });

    const team = await exhaustAClient("crm-100");
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(all.webhook.id);
      return rows[0]?.deliveredAt ? rows : null;
    }, 20_000, "delivery");
    expect(delivery).toMatchObject({ event: "client.credits_exhausted", attempts: 1, responseStatus: 200, lastError: null });

    const [request] = receiver.at("/all");
    expect(request).toBeDefined();
    const payload = new Webhook(all.secret).verify(request!.body, request!.headers) as Record<string, unknown>;
    expect(request!.headers["webhook-id"]).toBe(delivery!.id);
    expect(Object.keys(payload).sort()).toEqual(["chatbot_id", "data", "event", "external_reference", "id", "team_id", "timestamp"]);
    expect(payload).toMatchObject({ id: delivery!.id, event: "client.credits_exhausted", team_id: team.id, external_reference: "crm-100", chatbot_id: null });
    expect(payload.timestamp).toMatch(OFFSET_TIMESTAMP);
    expect(payload.data).toMatchObject({ client_id: team.id, external_reference: "crm-100", message_limit: 1, messages_used: 1, topup_credits_remaining: 0 });
    expect(delivery!.payload).toEqual(payload);

    expect(await deliveriesOf(leadsOnly.webhook.id)).toEqual([]);
    expect(await deliveriesOf(inactive.webhook.id)).toEqual([]);
    expect(receiver.at("/leads")).toEqual([]);
  });

  it("retries after a failure and records the success", async () => {
    const hook = await createWebhook(db, owner.agency, { url: receiver.url("/flaky"), events: ["client.credits_exhausted"] });
    receiver.reply("/flaky", (_req, n) => (n === 1 ? { status: 500, body: "boom" } : { status: 204 }));
    await exhaustAClient("crm-101");
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(hook.webhook.id);
      return rows[0]?.deliveredAt ? rows : null;
    });
    expect(delivery).toMatchObject({ attempts: 2, responseStatus: 204, lastError: null });
    const [first, second] = receiver.at("/flaky");
    expect(first!.headers["webhook-id"]).toBe(second!.headers["webhook-id"]);
  });

  it("gives up after the last attempt with (retries exhausted)", async () => {
    const hook = await createWebhook(db, owner.agency, { url: receiver.url("/down"), events: null });
    receiver.reply("/down", () => ({ status: 500, body: "still down" }));
    await exhaustAClient("crm-102");
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(hook.webhook.id);
      return rows[0]?.lastError?.endsWith("(retries exhausted)") ? rows : null;
    });
    expect(delivery).toMatchObject({ attempts: 3, responseStatus: 500, deliveredAt: null, nextAttemptAt: null });
    expect(delivery!.lastError).toBe("HTTP 500: still down (retries exhausted)");
    expect(receiver.at("/down")).toHaveLength(3);
  });

  it("honours Retry-After and stops when the endpoint is deactivated mid-retry: (not sent)", async () => {
    const hook = await createWebhook(db, owner.agency, { url: receiver.url("/busy"), events: null });
    receiver.reply("/busy", () => ({ status: 429, headers: { "Retry-After": "30" } }));
    await exhaustAClient("crm-103");
    const [retrying] = await waitFor(async () => {
      const rows = await deliveriesOf(hook.webhook.id);
      return rows[0]?.attempts === 1 ? rows : null;
    });
    expect(retrying!.lastError).toBe("HTTP 429");
    expect(retrying!.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(25_000);

    await updateWebhook(db, (await agencyWithWebhook(db, owner.user.id, hook.webhook.id)).webhook, { active: false });
    const [stopped] = await deliveriesOf(hook.webhook.id);
    expect(stopped).toMatchObject({ attempts: 1, deliveredAt: null, nextAttemptAt: null });
    expect(stopped!.lastError).toBe("HTTP 429; Webhook deactivated (not sent)");
  });

  it("deactivates an endpoint that answers 410 Gone", async () => {
    const hook = await createWebhook(db, owner.agency, { url: receiver.url("/gone"), events: null });
    receiver.reply("/gone", () => ({ status: 410 }));
    await exhaustAClient("crm-104");
    await waitFor(async () => !(await db.webhook.findUniqueOrThrow({ where: { id: hook.webhook.id } })).active, 20_000, "deactivation");
    const [delivery] = await deliveriesOf(hook.webhook.id);
    expect(delivery!.lastError).toMatch(/^HTTP 410.*\(retries exhausted\)$/);
    expect(receiver.at("/gone")).toHaveLength(1);
  });

  it("does not follow redirects and times out slow receivers", async () => {
    const redirect = await createWebhook(db, owner.agency, { url: receiver.url("/moved"), events: null });
    const slow = await createWebhook(db, owner.agency, { url: receiver.url("/slow"), events: null });
    receiver.reply("/moved", () => ({ status: 302, headers: { Location: receiver.url("/all") } }));
    receiver.reply("/slow", () => ({ status: 200, delayMs: 8000 }));
    const before = receiver.at("/all").length;
    await sendTestEvent(db, (await agencyWithWebhook(db, owner.user.id, redirect.webhook.id)).webhook);
    await sendTestEvent(db, (await agencyWithWebhook(db, owner.user.id, slow.webhook.id)).webhook);
    const [moved] = await waitFor(async () => {
      const rows = await deliveriesOf(redirect.webhook.id);
      return rows[0]?.lastError?.endsWith("(retries exhausted)") ? rows : null;
    });
    expect(moved!.lastError).toBe("HTTP 302 (retries exhausted)");
    expect(receiver.at("/all")).toHaveLength(before);
    const [timedOut] = await waitFor(async () => {
      const rows = await deliveriesOf(slow.webhook.id);
      return rows[0]?.lastError ? rows : null;
    });
    expect(timedOut!.lastError).toMatch(/^Timed out after 2.5 s/);
    expect(timedOut!.event).toBe("webhook.test");
  });
});
