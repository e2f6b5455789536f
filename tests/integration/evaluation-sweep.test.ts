import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_AFTER_MS } from "@/server/evaluations/sweep";
import type { Db } from "@/server/kernel/db/client";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as makeChatbot, clientWorkspace } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";

/**
 * Evaluations a dead worker left behind (docs/decisions/080-evaluation-sweep.md): one "running" whose heartbeat stopped (the worker was
 * killed mid-run; its queue job stays locked for hours) and one "queued" whose job is gone. A worker's sweep
 * runs them to completion; a run whose heartbeat is fresh is left alone.
 */
let db: Db;
let url: string;
let runner: Runner | undefined;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
}, 60_000);

afterAll(async () => {
  await runner?.stop();
});

describe("the evaluation sweep", () => {
  it("runs evaluations a dead worker left running or queued without a job, and leaves live ones alone", async () => {
    const { agency, user } = await agencyOwner(db);
    const team = await clientWorkspace(db, agency);
    const bot = await makeChatbot(db, team.id, user.id);
    const longAgo = new Date(Date.now() - STALE_AFTER_MS - 60_000);
    // What a killed worker leaves: no queue job can run these any more.
    const diedRunning = await db.evaluation.create({ data: { chatbotId: bot.id, trigger: "manual", status: "running", heartbeatAt: longAgo, createdAt: longAgo } });
    const lostJob = await db.evaluation.create({ data: { chatbotId: bot.id, trigger: "training", status: "queued", createdAt: longAgo } });
    // A run whose worker is alive: started long ago, heartbeat fresh.
    const alive = await db.evaluation.create({ data: { chatbotId: bot.id, trigger: "manual", status: "running", heartbeatAt: new Date(), createdAt: longAgo } });

    runner = await startWorkers(url, { concurrency: 2 });
    const done = await waitFor(async () => {
      const rows = await db.evaluation.findMany({ where: { id: { in: [diedRunning.id, lostJob.id] } } });
      return rows.every((r) => r.status === "completed") ? rows : null;
    }, 90_000, "the swept evaluations to complete");
    expect(done.every((r) => r.completedAt !== null && r.questionCount === 0)).toBe(true);
    expect((await db.evaluation.findUniqueOrThrow({ where: { id: alive.id } })).status).toBe("running");
  }, 120_000);
});
