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

/**
 * A test question as a template gives it (templates/write-state.ts): created (`id` null) or rewritten. Its
 * expected page is not checked against the chatbot's pages — a chatbot made from a template is not trained yet.
 */
export async function putTestQuestion(db: Db, chatbotId: string, id: string | null, input: { question: string; expected_url: string | null }) {
  const data = { question: input.question.trim().slice(0, 500), expectedUrl: input.expected_url || null };
  return id ? db.evaluationQuestion.update({ where: { id }, data: { ...data, expectedTitle: null } }) : db.evaluationQuestion.create({ data: { ...data, chatbotId } });
}

/** The score of the chatbot's latest completed evaluation (null: none yet). */
export async function latestScore(db: Db, chatbotId: string): Promise<number | null> {
  const last = await db.evaluation.findFirst({ where: { chatbotId, status: "completed" }, orderBy: [{ completedAt: "desc" }, { id: "desc" }], select: { score: true } });
  return last?.score ?? null;
}

/** Where these evaluations stand, by id: queued or running, or done with their score (failed: no score). */
export async function evaluationOutcomes(db: Db, ids: string[]): Promise<Map<string, { status: string; score: number | null }>> {
  const rows = ids.length ? await db.evaluation.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, score: true } }) : [];
  return new Map(rows.map((r) => [r.id, { status: r.status, score: r.score }]));
}
