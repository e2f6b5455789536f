import { beforeAll, describe, expect, it } from "vitest";
import type { Webhook } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { createWebhook } from "@/server/webhooks";
import { purgeDeliveries } from "@/server/webhooks/dispatch";
import { deleteWebhook, listDeliveries } from "@/server/webhooks/endpoints";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";

/**
 * The delivery log's total is kept by triggers (webhooks/sql/delivery-counts.sql,
 * docs/decisions/127-lists-flat-at-a-million.md): it must equal a count of the rows after every kind of
 * write that adds or removes deliveries, and go with its endpoint.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  owner = await agencyOwner(db);
});

const endpoint = async (url: string) => db.webhook.findUniqueOrThrow({ where: { id: (await createWebhook(db, owner.agency, { url })).webhook.id } });

const deliveries = (webhookId: string, n: number, createdAt = new Date()) =>
  db.webhookDelivery.createMany({ data: Array.from({ length: n }, (_, i) => ({ webhookId, event: "conversation.created", payload: { i }, createdAt })) });

async function totalIs(webhook: Webhook, expected: number) {
  expect(await db.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(expected);
  expect((await listDeliveries(db, webhook, 1, 5)).total).toBe(expected);
  // A page past the end still says how many there are.
  expect((await listDeliveries(db, webhook, 1000, 5)).total).toBe(expected);
}

describe("the delivery log's total", () => {
  it("follows inserts (several statements and at once), deletes and the purge, per endpoint", async () => {
    const a = await endpoint("https://hooks.example.com/a");
    const b = await endpoint("https://hooks.example.com/b");
    await totalIs(a, 0);
    await Promise.all([deliveries(a.id, 7), deliveries(a.id, 5), deliveries(b.id, 3)]);
    await deliveries(a.id, 4, new Date(Date.now() - 40 * 86_400_000)); // past the 30 days kept
    await totalIs(a, 16);
    await totalIs(b, 3);
    await db.webhookDelivery.deleteMany({ where: { webhookId: b.id } });
    await totalIs(b, 0);
    expect(await purgeDeliveries(db)).toBe(4);
    await totalIs(a, 12);
    await deleteWebhook(db, a);
    expect(await db.webhookDeliveryCount.count({ where: { webhookId: a.id } })).toBe(0);
  });
});
