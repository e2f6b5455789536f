import { job } from "@/server/kernel/jobs/registry";
import { runEvaluation } from "./run";

/** Runs a chatbot's evaluation: queued by "run now", or by its SQL trigger after a completed training (sql/evaluate-after-training.sql). */
export const evaluateChatbotJob = job("evaluate_chatbot", (db, payload) => runEvaluation(db, payload.evaluationId));
