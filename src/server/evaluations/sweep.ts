import type { Db } from "@/server/kernel/db/client";
import { enqueue } from "@/server/kernel/jobs/registry";

/** A running evaluation refreshes its heartbeat at least this often (run.ts)… */
export const HEARTBEAT_MS = 10_000;
/** …so one silent for this long lost its worker; a queued one this old has lost its job (or waits behind a busy queue: a keyed job is harmless then). */
export const STALE_AFTER_MS = 2 * 60_000;

/**
 * Evaluations a dead worker left behind: "running" with a stale heartbeat (its worker was killed mid-run; its
 * queue job stays locked for hours) go back to "queued", and every long-queued one gets a job — one per
 * evaluation (its key), and a run claims its evaluation once (run.ts), so a job that was only late costs nothing.
 */
export async function sweepEvaluations(db: Db): Promise<number> {
  const staleAfter = new Date(Date.now() - STALE_AFTER_MS);
  const stuck = await db.$queryRaw<{ id: string }[]>`
    WITH requeued AS (
      UPDATE evaluations SET status = 'queued', heartbeat_at = NULL
       WHERE status = 'running' AND COALESCE(heartbeat_at, created_at) < ${staleAfter}
      RETURNING id)
    SELECT id::text FROM requeued
    UNION
    SELECT id::text FROM evaluations WHERE status = 'queued' AND created_at < ${staleAfter}`;
  for (const e of stuck) await enqueue(db, "evaluate_chatbot", { evaluationId: e.id }, { jobKey: `evaluate_chatbot:swept:${e.id}`, maxAttempts: 3 });
  return stuck.length;
}
