import type { TemplateRollout } from "@/generated/prisma/client";
import { auditedChange, recordAudit } from "@/server/audit";
import { transactionAsDb, type Db } from "@/server/kernel/db/client";
import { evaluationOutcomes, requestEvaluation } from "@/server/evaluations";
import { rollbackRow } from "./rollout-apply";
import { ROLLOUT_ACTOR } from "./rollout-finish";

/**
 * The quality gate (docs/decisions/112-rollouts-with-a-quality-gate.md): once an applied chatbot's sources have
 * all trained, its evaluation — the Quality tab's — runs; a score that falls by more than the rollout's
 * `max_score_drop` from the score before rolls the chatbot back to its state from before, on its own. Driven by
 * triggers (sql/rollout-gate.sql: a source done training, an evaluation done) and the rollout sweep, never a loop.
 */

const TRAINING = ["pending", "crawling", "training"];

/** A gate state's change, once (two gate jobs at a time change it once), giving the chatbot back when final. */
async function settle(db: Db, rolloutId: string, chatbotId: string, from: string, data: { gate: string; scoreAfter?: number | null; evaluationId?: string }, release: boolean) {
  await db.$transaction(async (raw) => {
    const tx = transactionAsDb(raw);
    const moved = await tx.templateRolloutChatbot.updateMany({ where: { rolloutId, chatbotId, status: "applied", gate: from, rollbackRequestedAt: null }, data });
    if (moved.count && release) await tx.templateRolloutClaim.deleteMany({ where: { rolloutId, chatbotId } });
  });
}

/** Moves the gate of a rollout's chatbots (those of `only`, when given) as far as it can go now. */
export async function advanceGate(db: Db, rollout: TemplateRollout, only?: string[]): Promise<void> {
  if (rollout.maxScoreDrop === null) return;
  const rows = await db.templateRolloutChatbot.findMany({
    where: { rolloutId: rollout.id, status: "applied", gate: { in: ["waiting", "evaluating"] }, rollbackRequestedAt: null, ...(only ? { chatbotId: { in: only } } : {}) },
    select: { chatbotId: true, gate: true, evaluationId: true, scoreBefore: true },
  });
  if (!rows.length) return;
  const waiting = rows.filter((r) => r.gate === "waiting");
  const training = waiting.length
    ? await db.source.groupBy({ by: ["chatbotId"], where: { chatbotId: { in: waiting.map((r) => r.chatbotId) }, deletedAt: null, indexerId: null, status: { in: TRAINING } } })
    : [];
  const busy = new Set(training.map((t) => t.chatbotId));
  for (const row of waiting) {
    if (busy.has(row.chatbotId)) continue;
    // Trained: measure it now (an evaluation still queued is the one that will, it runs after this change).
    const evaluation = await requestEvaluation(db, { id: row.chatbotId });
    await settle(db, rollout.id, row.chatbotId, "waiting", { gate: "evaluating", evaluationId: evaluation.id }, false);
  }
  const evaluating = rows.filter((r) => r.gate === "evaluating" && r.evaluationId);
  const outcomes = await evaluationOutcomes(db, evaluating.map((r) => r.evaluationId!));
  for (const row of evaluating) {
    const outcome = outcomes.get(row.evaluationId!);
    if (outcome && (outcome.status === "queued" || outcome.status === "running")) continue;
    if (!outcome || outcome.status !== "completed" || outcome.score === null || row.scoreBefore === null) {
      await settle(db, rollout.id, row.chatbotId, "evaluating", { gate: "unmeasured", scoreAfter: outcome?.score ?? null }, true);
      continue;
    }
    const drop = Math.round((row.scoreBefore - outcome.score) * 10) / 10;
    if (drop <= rollout.maxScoreDrop) {
      await settle(db, rollout.id, row.chatbotId, "evaluating", { gate: "passed", scoreAfter: outcome.score }, true);
      continue;
    }
    const reason = `Rolled back by the quality gate: its score fell from ${row.scoreBefore} to ${outcome.score} (${drop} points; at most ${rollout.maxScoreDrop} allowed).`;
    await auditedChange(db, async (tx) => {
      if (!(await rollbackRow(tx, rollout, row.chatbotId, { reason, gate: "failed", scoreAfter: outcome.score }))) return;
      const template = await tx.template.findUniqueOrThrow({ where: { id: rollout.templateId } });
      const chatbot = await tx.chatbot.findUnique({ where: { id: row.chatbotId }, select: { name: true, teamId: true } });
      await recordAudit(tx, {
        agencyId: template.agencyId,
        teamId: chatbot?.teamId ?? null,
        actor: ROLLOUT_ACTOR,
        action: "template.chatbot_rolled_back",
        target: { type: "chatbot", id: row.chatbotId, name: chatbot?.name ?? null },
        before: { version: rollout.version, score: outcome.score },
        after: { rollout_id: rollout.id, score_before: row.scoreBefore, max_score_drop: rollout.maxScoreDrop },
      });
    });
  }
}
