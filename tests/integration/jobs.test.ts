import { quickAddJob, runOnce } from "graphile-worker";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { taskList } from "@/server/jobs/runner";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";

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
    await runOnce({ connectionString: url, taskList: taskList(db) });
    expect((await db.team.findUniqueOrThrow({ where: { id: w.id } })).messagesUsed).toBe(0);
  });

  it("purge_idempotency_keys removes keys older than 30 days only", async () => {
    const { user } = await agencyOwner(db);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await db.idempotencyKey.create({ data: { userId: user.id, key: "old", fingerprint: "f", createdAt: old } });
    await db.idempotencyKey.create({ data: { userId: user.id, key: "fresh", fingerprint: "f" } });
    await quickAddJob({ connectionString: url }, "purge_idempotency_keys", {});
    await runOnce({ connectionString: url, taskList: taskList(db) });
    const keys = await db.idempotencyKey.findMany({ where: { userId: user.id } });
    expect(keys.map((k) => k.key)).toEqual(["fresh"]);
  });
});
