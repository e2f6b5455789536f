import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { attemptDelivery } from "@/server/webhooks/dispatch";
import { createWebhook, sendTestEvent } from "@/server/services/webhooks";
import { webhookOfAgency } from "@/server/access";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { startReceiver } from "../helpers/https-receiver";

/** With WEBHOOK_ALLOW_PRIVATE_NETWORKS off (the default), a receiver on a private address is refused at connect time. */
let db: Db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

beforeAll(async () => {
  receiver = await startReceiver();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  process.env.WEBHOOK_CA_CERTS = receiver.caFile;
  process.env.WEBHOOK_RETRY_SCHEDULE = "0,60";
  ({ db } = await createTestDatabase());
  owner = await agencyOwner(db);
});
afterAll(() => receiver?.close());

describe("SSRF guard", () => {
  it.each([
    ["a name resolving to loopback", "localhost"],
    ["a loopback IPv4 literal", "127.0.0.1"],
    ["a loopback IPv6 literal", "[::1]"],
  ])("refuses %s and never connects", async (_label, host) => {
    const hook = await createWebhook(db, owner.agency, { url: `https://${host}:${receiver.port}/private`, events: null });
    const delivery = await sendTestEvent(db, await webhookOfAgency(db, owner.agency, hook.webhook.id));
    expect((await attemptDelivery(db, delivery.id)).state).toBe("retrying");
    const stored = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(stored.lastError).toMatch(/^Blocked: .*private or reserved address/);
    expect(stored.deliveredAt).toBeNull();
    expect(receiver.at("/private")).toEqual([]);
  });
});
