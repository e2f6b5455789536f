import type { Db } from "@/server/kernel/db/client";
import { latestScore, requestEvaluation, runEvaluation } from "@/server/evaluations";

/**
 * The score the quality gate compares a chatbot with (gate.ts): its latest evaluation's, or — it never had
 * one — one run now, before the rollout changes it (the job queued for it then finds it done).
 */
export async function baselineScore(db: Db, chatbotId: string): Promise<number | null> {
  const known = await latestScore(db, chatbotId);
  if (known !== null) return known;
  const requested = await requestEvaluation(db, { id: chatbotId });
  await runEvaluation(db, requested.id);
  return latestScore(db, chatbotId);
}
