import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createWebhook } from "@/server/webhooks/endpoints";
import { attemptDeliveries } from "@/server/webhooks/attempt";
import { DELIVERIES_PER_JOB, enqueueDeliveries } from "@/server/webhooks/dispatch";
import { startReceiver } from "../helpers/https-receiver";
import { webhookFixture, type WebhookFixture } from "../helpers/webhook-fixture";

/**
 * Deliveries attempted in batches (one `deliver_webhook` job per
 * DELIVERIES_PER_JOB deliveries): each delivery keeps its own outcome, and
 * batches that overlap (a sweeper's re-queue beside the original job, two
 * workers) send every delivery once.
 */
let db: Db;
let receiver: WebhookFixture["receiver"];
let owner: WebhookFixture["owner"];

beforeAll(async () => {
  ({ db, receiver, owner } = await webhookFixture({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true", WEBHOOK_RETRY_SCHEDULE: "0,60" }));
});

async function deliveriesTo(path: string, n: number) {
  const hook = await createWebhook(db, owner.agency, { url: receiver.url(path), events: null });
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await db.webhookDelivery.createMany({
    data: ids.map((id) => ({ id, webhookId: hook.webhook.id, event: "webhook.test", payload: { id, event: "webhook.test", data: {} }, nextAttemptAt: new Date() })),
  });
  return ids;
}

describe("batched delivery attempts", () => {
  it("queue one job per batch of deliveries", async () => {
    const ids = await deliveriesTo("/queued", DELIVERIES_PER_JOB * 2 + 1);
    await db.$executeRawUnsafe(`DELETE FROM graphile_worker._private_jobs`);
    await enqueueDeliveries(db, ids);
    const jobs = await db.$queryRaw<{ ids: string[] }[]>`
      SELECT j.payload->'ids' AS ids FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE t.identifier = 'deliver_webhook' ORDER BY j.id`;
    expect(jobs.map((j) => j.ids.length)).toEqual([DELIVERIES_PER_JOB, DELIVERIES_PER_JOB, 1]);
    expect(jobs.flatMap((j) => j.ids)).toEqual(ids);
  });

  it("record each delivery's own outcome, and overlapping batches send each delivery once", async () => {
    const ok = await deliveriesTo("/ok", 20);
    const failing = await deliveriesTo("/down", 6);
    receiver.reply("/down", () => ({ status: 500, body: "down" }));
    const all = [...ok, ...failing];
    // Two overlapping batches at once, as two workers would run a job and its re-queued copy.
    const [first, second] = await Promise.all([attemptDeliveries(db, all.slice(0, 18)), attemptDeliveries(db, all.slice(8))]);

    const states = all.map((id) => [first.get(id)?.state, second.get(id)?.state].filter((s) => s && s !== "skipped"));
    expect(states.every((s) => s.length === 1)).toBe(true);
    expect(receiver.at("/ok").map((r) => r.headers["webhook-id"]).sort()).toEqual([...ok].sort());
    expect(receiver.at("/down")).toHaveLength(failing.length);

    const rows = await db.webhookDelivery.findMany({ where: { id: { in: all } } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ok) expect(byId.get(id)).toMatchObject({ attempts: 1, responseStatus: 200, lastError: null, nextAttemptAt: null });
    for (const id of failing) {
      const row = byId.get(id)!;
      expect(row).toMatchObject({ attempts: 1, responseStatus: 500, lastError: "HTTP 500: down", deliveredAt: null });
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 30_000); // the retry, 60 s later
    }

    // Nothing is due any more: a third batch sends nothing.
    const third = await attemptDeliveries(db, all);
    expect([...third.values()].every((o) => o.state === "skipped")).toBe(true);
    expect(receiver.requests.filter((r) => r.path === "/ok" || r.path === "/down")).toHaveLength(ok.length + failing.length);
  });

  it("trust only the configured certificates: one TLS context serves every connection and still verifies each", async () => {
    const stranger = await startReceiver(); // its own self-signed certificate, not in WEBHOOK_CA_CERTS
    try {
      const hook = await createWebhook(db, owner.agency, { url: stranger.url("/untrusted"), events: null });
      const id = crypto.randomUUID();
      await db.webhookDelivery.create({ data: { id, webhookId: hook.webhook.id, event: "webhook.test", payload: { id }, nextAttemptAt: new Date() } });
      const [trusted] = await deliveriesTo("/trusted", 1);
      const outcomes = await attemptDeliveries(db, [id, trusted!]);
      expect(outcomes.get(trusted!)).toEqual({ state: "delivered" });
      expect(outcomes.get(id)).toMatchObject({ state: "retrying", error: expect.stringMatching(/^Connection failed: .*(SELF_SIGNED|certificate)/i) });
      expect(stranger.requests).toHaveLength(0);
    } finally {
      await stranger.close();
    }
  });
});
