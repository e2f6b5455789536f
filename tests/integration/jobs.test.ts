import { quickAddJob } from "graphile-worker";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { taskList } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { runQueueOnce } from "../helpers/queue";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";

/** The scheduled jobs through the real queue (graphile-worker on the test database). */
let db: Db;
let url: string;
beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
});

describe("jobs", () => {
  it("renew_credits renews due workspaces", async () => {
    const { agency } = await agencyOwner(db);
    const w = await db.team.create({
      data: { kind: "client", name: "Due", ownerId: agency.ownerId, agencyId: agency.id, messageLimit: 10, messagesUsed: 7, creditsRenewAt: new Date(Date.now() - 1000) },
    });
    await quickAddJob({ connectionString: url }, "renew_credits", {});
    await runQueueOnce(url, { taskList: taskList(db) });
    expect((await db.team.findUniqueOrThrow({ where: { id: w.id } })).messagesUsed).toBe(0);
  });

  it("purge_idempotency_keys removes keys older than 30 days only", async () => {
    const { user } = await agencyOwner(db);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await db.idempotencyKey.create({ data: { userId: user.id, key: "old", fingerprint: "f", createdAt: old } });
    await db.idempotencyKey.create({ data: { userId: user.id, key: "fresh", fingerprint: "f" } });
    await quickAddJob({ connectionString: url }, "purge_idempotency_keys", {});
    await runQueueOnce(url, { taskList: taskList(db) });
    const keys = await db.idempotencyKey.findMany({ where: { userId: user.id } });
    expect(keys.map((k) => k.key)).toEqual(["fresh"]);
  });

  it("resync_sources re-trains the sources whose sync_frequency is due, and only those", async () => {
    const { agency, user } = await agencyOwner(db);
    const client = await clientWorkspace(db, agency);
    const bot = await chatbot(db, client.id, user.id);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const make = (syncFrequency: string) =>
      db.source.create({
        data: { chatbotId: bot.id, type: "text", indexer: "text", title: syncFrequency, status: "trained", syncFrequency, bodyText: "Opening hours: 9 to 5.", lastSyncedAt: twoDaysAgo },
      });
    const [daily, weekly, never] = [await make("daily"), await make("weekly"), await make("never")];
    await quickAddJob({ connectionString: url }, "resync_sources", {});
    await runQueueOnce(url, { taskList: taskList(db) });
    // The due source went through training again (the queue ran its train_source job too); the others were left alone.
    const trainedAt = async (id: string) => (await db.source.findUniqueOrThrow({ where: { id } })).trainedAt;
    expect(await trainedAt(daily.id)).not.toBeNull();
    expect(await trainedAt(weekly.id)).toBeNull();
    expect(await trainedAt(never.id)).toBeNull();
  });
});
