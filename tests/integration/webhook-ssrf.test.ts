import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { attemptDeliveries } from "@/server/webhooks/attempt";
import { createWebhook, sendTestEvent, updateWebhook } from "@/server/webhooks/endpoints";
import { agencyWithWebhook } from "@/server/access/lookups";
import { webhookFixture, type WebhookFixture } from "../helpers/webhook-fixture";

/** With WEBHOOK_ALLOW_PRIVATE_NETWORKS off (the default), a receiver on a private address is refused at connect time. */
let db: Db;
let receiver: WebhookFixture["receiver"];
let owner: WebhookFixture["owner"];

beforeAll(async () => {
  ({ db, receiver, owner } = await webhookFixture({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: undefined, WEBHOOK_RETRY_SCHEDULE: "0,60" }));
});

describe("SSRF guard", () => {
  it.each([
    ["a name resolving to loopback", "localhost"],
    ["a loopback IPv4 literal", "127.0.0.1"],
    ["a loopback IPv6 literal", "[::1]"],
    ["the metadata address", "169.254.169.254"],
  ])("refuses %s when the webhook is created or changed (422 naming url)", async (_label, host) => {
    await expect(createWebhook(db, owner.agency, { url: `https://${host}:${receiver.port}/private`, events: null })).rejects.toMatchObject({
      status: 422,
      errors: { url: [expect.stringMatching(/private, loopback or metadata/)] },
    });
    const hook = await createWebhook(db, owner.agency, { url: "https://hooks.example.com/ok", events: null });
    await expect(updateWebhook(db, (await agencyWithWebhook(db, owner.user.id, hook.webhook.id)).webhook, { url: `https://${host}/x` })).rejects.toMatchObject({ status: 422 });
  });

  it("refuses credentials inside the URL", async () => {
    await expect(createWebhook(db, owner.agency, { url: "https://user:secret@hooks.example.com/x", events: null })).rejects.toMatchObject({
      status: 422,
      errors: { url: [expect.stringMatching(/credentials/)] },
    });
  });

  it.each([
    ["a name resolving to loopback", "localhost"],
    ["a loopback IPv4 literal", "127.0.0.1"],
    ["a loopback IPv6 literal", "[::1]"],
  ])("a delivery to %s (stored before the rule) is blocked at once, not sent, never connected", async (_label, host) => {
    const hook = await createWebhook(db, owner.agency, { url: "https://hooks.example.com/later-private", events: null });
    await db.webhook.update({ where: { id: hook.webhook.id }, data: { url: `https://${host}:${receiver.port}/private` } });
    const delivery = await sendTestEvent(db, (await agencyWithWebhook(db, owner.user.id, hook.webhook.id)).webhook);
    expect((await attemptDeliveries(db, [delivery.id])).get(delivery.id)!.state).toBe("exhausted");
    const stored = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(stored.lastError).toMatch(/^Blocked: .*blocked address.*\(not sent\)$/);
    if (host === "localhost") expect(stored.lastError).not.toContain("127.0.0.1"); // what DNS answered is not echoed
    expect(stored.nextAttemptAt).toBeNull();
    expect(stored.deliveredAt).toBeNull();
    expect(receiver.at("/private")).toEqual([]);
  });
});
