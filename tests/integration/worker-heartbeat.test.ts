import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { enqueue } from "@/server/kernel/jobs/registry";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { waitFor } from "../helpers/https-receiver";

/**
 * docs/decisions/084-jobs-of-a-killed-worker.md: a worker process's pool beats while it runs,
 * and its row goes with a graceful stop; the sweep unlocks the jobs of the pools silent past the bound
 * (here, what a killed process leaves: an old beat and a job it locked) and of no other, never its own pool's.
 * The kill itself, with a real process, is in tests/contract/channels-crash.test.ts.
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

/**
 * A job locked by `pool` at its first attempt (of 3), as a worker pool that took it leaves it; its id.
 * `runAt` in the future: a running worker cannot take it between its enqueue and its lock.
 */
async function jobLockedBy(pool: string, jobKey: string, runAt?: Date): Promise<bigint> {
  await enqueue(db, "purge_idempotency_keys", {}, { jobKey, maxAttempts: 3, runAt });
  const [job] = await db.$queryRawUnsafe<Array<{ id: bigint }>>(
    `UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = $1, attempts = 1 WHERE key = $2 RETURNING id`,
    pool,
    jobKey,
  );
  return job!.id;
}

const lockOf = async (id: bigint) =>
  (await db.$queryRawUnsafe<Array<{ locked_by: string | null }>>(`SELECT locked_by FROM graphile_worker.jobs WHERE id = $1`, id))[0];

describe("worker heartbeats", () => {
  it("a running pool beats; the sweep unlocks a silent pool's job, not a live one's; a graceful stop removes the beat", async () => {
    await db.workerHeartbeat.createMany({
      data: [
        { workerId: "pool-killed", beatAt: new Date(Date.now() - 10 * 60_000) },
        { workerId: "pool-alive", beatAt: new Date() },
      ],
    });
    const killedJob = await jobLockedBy("pool-killed", "heartbeat_test_killed");
    const aliveJob = await jobLockedBy("pool-alive", "heartbeat_test_alive");

    runner = await startWorkers(url, { concurrency: 2 });
    const own = await waitFor(async () => (await db.workerHeartbeat.findMany({ where: { workerId: { notIn: ["pool-killed", "pool-alive"] } } }))[0]);
    expect(own.workerId).toMatch(/^pool-/);

    // The sweep queued at the worker's start: the killed pool's job runs (and is gone), its beat forgotten.
    await waitFor(async () => (await lockOf(killedJob)) === undefined, 60_000, "the killed pool's job to run");
    expect(await db.workerHeartbeat.findUnique({ where: { workerId: "pool-killed" } })).toBeNull();
    // Another sweep, for certain after the first: the live pool keeps its job and its beat.
    await enqueue(db, "sweep_dead_workers", {}, { jobKey: "heartbeat_test_sweep", maxAttempts: 1 });
    await waitFor(async () => Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = 'heartbeat_test_sweep'`))[0]!.n) === 0);
    expect(await lockOf(aliveJob)).toEqual({ locked_by: "pool-alive" });
    expect(await db.workerHeartbeat.findUnique({ where: { workerId: "pool-alive" } })).not.toBeNull();

    // The pool running a sweep is alive, however old its row: a stalled event loop delays its beats and the sweep
    // alike. Its row made stale (the next beat is 20 s away) and a job locked by it: the sweep keeps both.
    await db.$executeRaw`UPDATE worker_heartbeats SET beat_at = now() - interval '10 minutes' WHERE worker_id = ${own.workerId}`;
    const ownJob = await jobLockedBy(own.workerId, "heartbeat_test_own", new Date(Date.now() + 3_600_000));
    await enqueue(db, "sweep_dead_workers", {}, { jobKey: "heartbeat_test_sweep_self", maxAttempts: 1 });
    await waitFor(async () => Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = 'heartbeat_test_sweep_self'`))[0]!.n) === 0);
    expect(await lockOf(ownJob)).toEqual({ locked_by: own.workerId });
    expect(await db.workerHeartbeat.findUnique({ where: { workerId: own.workerId } })).not.toBeNull();

    await runner.stop();
    runner = undefined;
    expect(await db.workerHeartbeat.findUnique({ where: { workerId: own.workerId } })).toBeNull();
  }, 120_000);
});
