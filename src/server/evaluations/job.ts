import { job } from "@/server/kernel/jobs/registry";
import { runEvaluation } from "./run";
import { sweepEvaluations } from "./sweep";

/** Runs a chatbot's evaluation: queued by "run now", or by its SQL trigger after a completed training (sql/evaluate-after-training.sql). */
export const evaluateChatbotJob = job("evaluate_chatbot", (db, payload) => runEvaluation(db, payload.evaluationId));

/** Every minute and at a worker's start: evaluations a dead worker left behind are queued again (sweep.ts). */
export const sweepEvaluationsJob = job("sweep_evaluations", async (db, _payload, helpers) => {
  const requeued = await sweepEvaluations(db);
  if (requeued) helpers.logger.info(`re-queued ${requeued} evaluations`);
});
