import type { ChildProcess } from "node:child_process";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createWebhook, sendTestEvent } from "@/server/webhooks/endpoints";
import { agencyWithWebhook } from "@/server/access/lookups";
import { waitFor } from "../helpers/https-receiver";
import { webhookFixture, type WebhookFixture } from "../helpers/webhook-fixture";
import { killWorkerProcess, killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/** Real worker processes (`npm run worker`) on one database: crash recovery and no duplicates. */
// The receiver is on loopback: allowed here too, since webhook URLs are checked when they are created.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
let db: Db;
let url: string;
let receiver: WebhookFixture["receiver"];
let owner: WebhookFixture["owner"];

/** `timeoutMs` also sets the attempt lease (timeout + 10 s) after which a dead worker's delivery is retried. */
function startWorker(timeoutMs = 1000): Promise<ChildProcess> {
  return startWorkerProcess(url, {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    WEBHOOK_CA_CERTS: receiver.caFile,
    WEBHOOK_RETRY_SCHEDULE: "0,0.5,0.5",
    WEBHOOK_TIMEOUT_MS: String(timeoutMs),
  });
}

beforeAll(async () => {
  ({ db, url, receiver, owner } = await webhookFixture());
});
afterEach(killWorkerProcesses);

describe("worker processes", () => {
  it("a delivery in flight when its worker is killed is delivered after a restart", async () => {
    const hook = await createWebhook(db, owner.agency, { url: receiver.url("/crash"), events: null });
    let firstSeen: () => void;
    const seen = new Promise<void>((r) => (firstSeen = r));
    receiver.reply("/crash", (_req, n) => {
      if (n === 1) {
        firstSeen();
        return { status: 200, delayMs: 60_000 }; // never answers before the worker dies
      }
      return { status: 200 };
    });
    const worker = await startWorker();
    const delivery = await sendTestEvent(db, (await agencyWithWebhook(db, owner.user.id, hook.webhook.id)).webhook);
    await seen;
    await killWorkerProcess(worker);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).deliveredAt).toBeNull();

    // The dead worker's lease (timeout 1 s + 10 s) runs out; a new worker's start-up sweep then re-queues the delivery.
    await waitFor(async () => {
      const d = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      return d.nextAttemptAt && d.nextAttemptAt.getTime() <= Date.now();
    }, 30_000, "lease expiry");
    expect(receiver.at("/crash")).toHaveLength(1);
    await startWorker();
    const done = await waitFor(async () => {
      const d = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      return d.deliveredAt ? d : null;
    }, 60_000, "redelivery");
    expect(done.responseStatus).toBe(200);
    const attempts = receiver.at("/crash");
    expect(attempts.length).toBe(2);
    expect(new Set(attempts.map((a) => a.headers["webhook-id"]))).toEqual(new Set([delivery.id]));
  });

  it("two workers on one database deliver each delivery exactly once", async () => {
    const hook = await createWebhook(db, owner.agency, { url: receiver.url("/fanout"), events: null });
    // A generous timeout: on a loaded machine a 1 s timeout could fail an attempt the receiver did get, and a retry is a legitimate duplicate.
    await Promise.all([startWorker(15_000), startWorker(15_000)]);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await sendTestEvent(db, (await agencyWithWebhook(db, owner.user.id, hook.webhook.id)).webhook)).id);
    await waitFor(async () => (await db.webhookDelivery.count({ where: { webhookId: hook.webhook.id, deliveredAt: { not: null } } })) === 60, 90_000, "60 deliveries");
    const received = receiver.at("/fanout").map((r) => r.headers["webhook-id"]);
    expect(received).toHaveLength(60);
    expect(new Set(received)).toEqual(new Set(ids));
    const attempts = await db.webhookDelivery.findMany({ where: { webhookId: hook.webhook.id }, select: { attempts: true } });
    expect(attempts.every((a) => a.attempts === 1)).toBe(true);
  });
});
