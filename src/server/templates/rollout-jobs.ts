import type { Db } from "@/server/kernel/db/client";
import { enqueue, job } from "@/server/kernel/jobs/registry";
import { advanceGate } from "./gate";
import { applyRow, rollbackRow } from "./rollout-apply";
import { finishIfDone } from "./rollout-finish";
import { enqueueBatches, ROLLOUT_BATCH } from "./rollouts";

/**
 * A rollout's jobs (docs/decisions/112-rollouts-with-a-quality-gate.md). Each batch job walks its chatbots in
 * order and applies (or, once a rollback is asked, rolls back) each one in its own transaction; run again —
 * a retry, a killed worker's job unlocked by `sweep_dead_workers` (record 084), the sweep below — it finds what
 * it did and goes on from there.
 */
export async function runRolloutBatch(db: Db, rolloutId: string, batch: number): Promise<void> {
  const rollout = await db.templateRollout.findUnique({ where: { id: rolloutId } });
  if (!rollout || (rollout.status !== "running" && rollout.status !== "rolling_back")) return;
  const rows = await db.templateRolloutChatbot.findMany({
    where: { rolloutId, position: { gte: batch * ROLLOUT_BATCH, lt: (batch + 1) * ROLLOUT_BATCH } },
    orderBy: { position: "asc" },
    select: { chatbotId: true, status: true, rollbackRequestedAt: true },
  });
  for (const row of rows) {
    if (row.status === "pending") await applyRow(db, rollout, row.chatbotId);
    else if (row.status === "applied" && row.rollbackRequestedAt) await rollbackRow(db, rollout, row.chatbotId, { reason: "Rolled back on request.", requested: true });
  }
  if (rollout.status === "running") await advanceGate(db, rollout, rows.map((r) => r.chatbotId));
  await finishIfDone(db, rolloutId);
}

export const templateRolloutBatchJob = job("template_rollout_batch", (db, payload) => runRolloutBatch(db, payload.rolloutId, payload.batch));

/** The gate of a rollout's chatbots: queued by a source done training or an evaluation done (sql/rollout-gate.sql). */
export const templateRolloutGateJob = job("template_rollout_gate", async (db, payload) => {
  const rollout = await db.templateRollout.findUnique({ where: { id: payload.rolloutId } });
  if (rollout?.status !== "running") return;
  await advanceGate(db, rollout);
  await finishIfDone(db, rollout.id);
});

/** A rollout with no progress for this long has lost a job (or waits on a long training): its jobs are queued again. */
export const ROLLOUT_STALE_MS = 2 * 60_000;

/**
 * Every minute and at a worker's start: rollouts still open whose rows have not moved for ROLLOUT_STALE_MS get
 * their batch jobs (one per batch, by key) and a gate job again. Both do nothing where there is nothing to do.
 */
export async function sweepRollouts(db: Db): Promise<number> {
  const stale = await db.$queryRaw<Array<{ id: string; rows: number }>>`
    SELECT r.id::text, count(c.chatbot_id)::int AS rows
      FROM template_rollouts r JOIN template_rollout_chatbots c ON c.rollout_id = r.id
     WHERE r.status IN ('running', 'rolling_back')
     GROUP BY r.id
    HAVING greatest(max(r.updated_at), max(c.updated_at)) < ${new Date(Date.now() - ROLLOUT_STALE_MS)}`;
  for (const r of stale) {
    await enqueueBatches(db, r.id, r.rows);
    await enqueue(db, "template_rollout_gate", { rolloutId: r.id }, { jobKey: `template_rollout_gate:${r.id}` });
  }
  return stale.length;
}

export const sweepTemplateRolloutsJob = job("sweep_template_rollouts", async (db, _payload, helpers) => {
  const requeued = await sweepRollouts(db);
  if (requeued) helpers.logger.info(`re-queued ${requeued} template rollouts`);
});
