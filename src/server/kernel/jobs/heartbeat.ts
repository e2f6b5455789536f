import type { WorkerEvents } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { job } from "./registry";

/**
 * The jobs of a killed worker (docs/decisions/084-jobs-of-a-killed-worker.md).
 * graphile-worker locks a job — and its job queue, e.g. one chat's channel
 * answers — with the id of the worker pool that took it, and frees a lock left
 * by a dead process only once it is 4 hours old. Each worker process therefore
 * records its pool id with a heartbeat on a timer (a long job keeps it going),
 * and a sweep hands the ids silent for longer than the bound to
 * graphile-worker's `force_unlock_workers`: their jobs run again elsewhere.
 */
export function heartbeatBounds(): { everyMs: number; deadAfterMs: number } {
  const { WORKER_HEARTBEAT_SECONDS: every, WORKER_DEAD_AFTER_SECONDS: deadAfter } = env();
  // A live worker is never taken for dead because one or two beats were late (a database blip, a busy event loop).
  if (deadAfter < 3 * every) throw new Error(`WORKER_DEAD_AFTER_SECONDS (${deadAfter}) must be at least 3 × WORKER_HEARTBEAT_SECONDS (${every})`);
  return { everyMs: every * 1000, deadAfterMs: deadAfter * 1000 };
}

export interface Heartbeat {
  /** Stops beating and removes this process's rows: a graceful shutdown has released its jobs already. */
  stop(): Promise<void>;
}

/**
 * Beats for every worker pool `events` reports created (pass the same emitter to graphile-worker's `run`):
 * the row is written as the pool is created, before its first job is fetched, and then every `everyMs`.
 * A row the sweep removed (this process was silent too long) is written again: the process lives.
 */
export function startHeartbeat(db: Db, events: WorkerEvents, onError: (error: unknown) => void): Heartbeat {
  const { everyMs } = heartbeatBounds();
  const ids = new Set<string>();
  const beat = () =>
    ids.size
      ? db.$executeRaw`INSERT INTO worker_heartbeats (worker_id) SELECT unnest(${[...ids]}::text[])
          ON CONFLICT (worker_id) DO UPDATE SET beat_at = now()`.then(() => undefined, onError)
      : Promise.resolve();
  events.on("pool:create", ({ workerPool }) => {
    ids.add(workerPool.id);
    void beat();
  });
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (ids.size) await db.$executeRaw`DELETE FROM worker_heartbeats WHERE worker_id = ANY(${[...ids]}::text[])`.catch(() => undefined);
    },
  };
}

/**
 * Unlocks the jobs and job queues of the worker pools silent for longer than the bound, and forgets those pools.
 * Never the pool running the sweep: it is alive by running it, whatever its row says (a stalled event loop delays
 * its beats and this job alike, and the job may come first), and unlocking its own jobs would run them twice.
 */
export const sweepDeadWorkersJob = job("sweep_dead_workers", async (_db, _payload, helpers) => {
  const { deadAfterMs } = heartbeatBounds();
  // One statement: a pool is forgotten exactly when its locks are released.
  const { rows } = await helpers.query<{ ids: string[] | null }>(
    `WITH dead AS (DELETE FROM worker_heartbeats WHERE beat_at < now() - make_interval(secs => $1) AND worker_id IS DISTINCT FROM $2 RETURNING worker_id),
          ids AS (SELECT array_agg(worker_id) AS ids FROM dead)
     SELECT ids, graphile_worker.force_unlock_workers(coalesce(ids, '{}')) FROM ids`,
    [deadAfterMs / 1000, helpers.job.locked_by],
  );
  const ids = rows[0]?.ids ?? [];
  if (ids.length) helpers.logger.warn(`unlocked the jobs of ${ids.length} dead worker pool(s): ${ids.join(", ")}`);
});
