/**
 * The period's unanswered questions of each chatbot — no grounded answer, or left to a person (the
 * analytics capability's `periodQuestions`, the insight themes' definition) — clustered by what they ask,
 * each cluster marked resolved when the engine would now answer its question with an updated answer
 * (conversations' `matchUpdatedAnswer`, the rule the widget answers by).
 */
import type { Chatbot } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { periodQuestions } from "@/server/analytics";
import { listUpdatedAnswers } from "@/server/chatbots";
import { matchUpdatedAnswer, preparedSimilarity, prepareQuestion, UPDATED_ANSWER_THRESHOLD } from "@/server/conversations";
import { clusterQuestions, type QuestionCluster } from "@/server/reports/clusters";
import type { ReportPeriod } from "@/server/reports/period";

/** Distinct unanswered question texts read per chatbot and period (the most asked first), and clustered. */
const MAX_READ = 500;
const MAX_CLUSTERED = 150;
export const MAX_CLUSTERS_SHOWN = 10;

export interface ChatbotCluster extends QuestionCluster {
  chatbot_id: string;
  chatbot_name: string;
  resolved_by: { updated_answer_id: string; question: string } | null;
}

/**
 * `onlyResolved`: only the questions an updated answer now answers, grouped (what the next report says was
 * fixed) — far fewer to compare than all of them.
 */
export async function unansweredClusters(db: Db, chatbots: Pick<Chatbot, "id" | "name">[], period: ReportPeriod, opts: { onlyResolved?: boolean } = {}): Promise<{ questions: number; clusters: ChatbotCluster[] }> {
  const pool = poolOf(db);
  const per = await Promise.all(
    chatbots.map(async (chatbot) => {
      const [asked, answers] = await Promise.all([
        periodQuestions((text, values) => pool.query(text, values), chatbot.id, period.from, period.to, { limit: MAX_READ, answered: false }),
        listUpdatedAnswers(db, chatbot.id),
      ]);
      const grouped = opts.onlyResolved ? asked.filter((q) => matchUpdatedAnswer(q.text, answers) !== null) : asked;
      const clusters = clusterQuestions(grouped, { prepare: prepareQuestion, similarity: preparedSimilarity }, { threshold: UPDATED_ANSWER_THRESHOLD, maxQuestions: MAX_CLUSTERED });
      return {
        questions: asked.reduce((s, q) => s + q.count, 0),
        clusters: clusters.map((c): ChatbotCluster => {
          const match = matchUpdatedAnswer(c.question, answers);
          return { ...c, chatbot_id: chatbot.id, chatbot_name: chatbot.name, resolved_by: match ? { updated_answer_id: match.id, question: match.question } : null };
        }),
      };
    }),
  );
  const clusters = per.flatMap((p) => p.clusters).sort((a, b) => b.count - a.count || (a.question < b.question ? -1 : a.question > b.question ? 1 : 0));
  return { questions: per.reduce((s, p) => s + p.questions, 0), clusters };
}
