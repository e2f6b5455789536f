import type { Chatbot, Evaluation } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { pageWithTotal } from "@/server/kernel/db/pages";
import { modelOfRow } from "@/server/kernel/db/rows";
import { AppError, notFound } from "@/server/kernel/errors";
import { enqueue } from "@/server/kernel/jobs/registry";
import { isUuid } from "@/server/kernel/lib/ids";
import { indexedPages } from "@/server/training";
import { scoreDropped } from "./scoring";
import { serializeEvaluation, serializeTestQuestion } from "./serializer";

/** The chatbot's evaluations, newest first: the page and its total in one statement (kernel/db/pages.ts), like the webhook deliveries. */
export async function listEvaluations(db: Db, chatbotId: string, page: number, perPage: number) {
  const { rows, total } = await pageWithTotal<Record<string, unknown>>(db, {
    name: "evaluations_page",
    text: `SELECT id, chatbot_id, trigger, status, question_count, hit_rate, first_hit_rate, mrr, grounded_rate, score, previous_score,
                  results, error, created_at, completed_at,
                  (SELECT count(*)::int FROM evaluations WHERE chatbot_id = $1::uuid) AS total_count
             FROM evaluations WHERE chatbot_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    countText: "SELECT count(*)::int AS total_count FROM evaluations WHERE chatbot_id = $1::uuid",
    values: [chatbotId],
    page,
    perPage,
  });
  const data = rows.map((r) => {
    const e = modelOfRow<Evaluation>(r);
    return serializeEvaluation(e, e.trigger === "training" && scoreDropped({ score: e.score, previous_score: e.previousScore }));
  });
  return { current_page: page, data, per_page: perPage, total };
}

/**
 * "Run now": queues an evaluation (202). While one is still queued it is that one, not another: asking twice
 * before the worker picks it up costs one run.
 */
export async function requestEvaluation(db: Db, chatbot: Pick<Chatbot, "id">) {
  const evaluation = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('evaluations:' || ${chatbot.id}, 0))`;
    const queued = await tx.evaluation.findFirst({ where: { chatbotId: chatbot.id, status: "queued" }, orderBy: { createdAt: "desc" } });
    if (queued) return queued;
    const created = await tx.evaluation.create({ data: { chatbotId: chatbot.id, trigger: "manual", status: "queued" } });
    await enqueue(tx, "evaluate_chatbot", { evaluationId: created.id }, { maxAttempts: 3 });
    return created;
  });
  return serializeEvaluation(evaluation, false);
}

export async function listTestQuestions(db: Db, chatbotId: string) {
  const rows = await db.evaluationQuestion.findMany({ where: { chatbotId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(serializeTestQuestion);
}

/** Own test questions per chatbot at most: each is asked on every run. */
export const MAX_TEST_QUESTIONS = 200;

/** Adds a test question; its expected page, when named, must be one the chatbot has indexed. */
export async function addTestQuestion(db: Db, chatbotId: string, input: { question: string; expected_url?: string | null }) {
  if ((await db.evaluationQuestion.count({ where: { chatbotId } })) >= MAX_TEST_QUESTIONS) {
    throw new AppError("RULE_VIOLATION", `A chatbot has at most ${MAX_TEST_QUESTIONS} test questions.`);
  }
  let expectedTitle: string | null = null;
  if (input.expected_url) {
    const page = (await indexedPages(db, chatbotId)).find((p) => p.url === input.expected_url);
    if (!page) throw new AppError("VALIDATION", "The expected page is not one of the chatbot's pages.", { errors: { expected_url: ["The expected page is not one of the chatbot's pages."] } });
    expectedTitle = page.title;
  }
  return serializeTestQuestion(await db.evaluationQuestion.create({ data: { chatbotId, question: input.question, expectedUrl: input.expected_url || null, expectedTitle } }));
}

export async function removeTestQuestion(db: Db, chatbotId: string, id: string) {
  if (!isUuid(id)) throw notFound("Test question not found.");
  const removed = await db.evaluationQuestion.deleteMany({ where: { id, chatbotId } });
  if (!removed.count) throw notFound("Test question not found.");
}

/** The pages a test question may expect (the dashboard's picker). */
export async function expectablePages(db: Db, chatbotId: string) {
  return (await indexedPages(db, chatbotId)).map((p) => ({ url: p.url, title: p.title }));
}
