import type { Chatbot, Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { groundedExtractive, matchUpdatedAnswer, questionLanguage, retrieveFor } from "@/server/conversations";
import { indexedPages, indexedTexts, pagePassages, sourcesOf } from "@/server/training";
import { keepAnswerable } from "./answerable";
import { generateQuestions, MAX_GENERATED } from "./generated-questions";
import { lostPageQuestions } from "./lost-pages";
import { MRR_DEPTH, ratesOf, verdict, type QuestionOrigin, type QuestionResult } from "./scoring";
import { HEARTBEAT_MS } from "./sweep";

interface TestQuestion {
  question: string;
  origin: QuestionOrigin;
  questionId: string | null;
  expectedUrl: string | null;
  /** The expected source when it has no url (a text, a file; generated questions only). */
  expectedSourceId?: string | null;
  expectedTitle: string | null;
  /** Its expected page was lost since the previous run (lost-pages.ts). */
  pageMissing?: boolean;
}

type UpdatedAnswers = Array<{ question: string; suggestedAnswer: string }>;

/**
 * One question asked as the engine would ask it (conversations' retrieveFor, matchUpdatedAnswer and
 * groundedExtractive — the same code, never a copy), without an LLM, a conversation or a charge.
 */
export async function askQuestion(db: Db, chatbot: Chatbot, q: TestQuestion, updatedAnswers: UpdatedAnswers): Promise<QuestionResult> {
  const expectedSourceId = q.expectedUrl === null ? (q.expectedSourceId ?? null) : null;
  const base = { question: q.question, origin: q.origin, question_id: q.questionId, expected_url: q.expectedUrl, expected_source_id: expectedSourceId, expected_title: q.expectedTitle, page_missing: q.pageMissing ?? false };
  const expected = q.expectedUrl ?? expectedSourceId;
  const language = questionLanguage(chatbot, q.question);
  if (matchUpdatedAnswer(q.question, updatedAnswers, { languages: [language, chatbot.defaultLanguage] })) {
    return { ...base, rank: null, ...verdict({ expected, rank: null, topK: chatbot.topK, grounded: true, updatedAnswer: true }), via: "updated_answer", found: [] };
  }
  // One search deep enough for MRR@10; its first top_k passages are exactly what a reply draws on.
  const passages = await retrieveFor(db, chatbot, q.question, Math.max(MRR_DEPTH, chatbot.topK), language);
  const answering = passages.slice(0, chatbot.topK);
  const grounded = groundedExtractive(q.question, answering, { language }) !== null;
  // A page is found by its url; a text or a file (no url) by its source.
  const isExpected = (p: { url: string | null; sourceId: string }) => (q.expectedUrl !== null ? p.url === q.expectedUrl : p.sourceId === expectedSourceId);
  const at = expected === null ? -1 : passages.slice(0, MRR_DEPTH).findIndex(isExpected);
  const rank = at >= 0 ? at + 1 : null;
  return {
    ...base,
    rank,
    ...verdict({ expected, rank, topK: chatbot.topK, grounded, updatedAnswer: false }),
    via: grounded ? "passages" : "default",
    found: sourcesOf(answering).map((s) => ({ title: s.title, url: s.url })),
  };
}

/** Generated candidates looked at per run at most, for MAX_GENERATED kept. */
const GENERATED_CANDIDATES = MAX_GENERATED * 3;

/**
 * The chatbot's test questions: its owners' own, those generated from its pages (texts and files
 * included) that their page answers, then the previous run's generated questions whose page is gone (lost-pages.ts: a training that loses pages lowers the score).
 */
async function testQuestions(db: Db, chatbotId: string, previous: readonly QuestionResult[]): Promise<TestQuestion[]> {
  const [own, pages, texts] = await Promise.all([
    db.evaluationQuestion.findMany({ where: { chatbotId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    indexedPages(db, chatbotId),
    indexedTexts(db, chatbotId),
  ]);
  // From its pages and its texts and files alike; only questions their own page answers (answerable.ts), and a
  // site of headings its pages do not answer is read for at most GENERATED_CANDIDATES of them.
  const generated = await keepAnswerable(
    generateQuestions([...pages, ...texts], GENERATED_CANDIDATES),
    (g) => pagePassages(db, chatbotId, { url: g.expectedUrl, sourceId: g.expectedSourceId }),
    MAX_GENERATED,
  );
  return [
    ...own.map((q) => ({ question: q.question, origin: "user" as const, questionId: q.id, expectedUrl: q.expectedUrl, expectedTitle: q.expectedTitle })),
    ...generated.map((g) => ({ question: g.question, origin: "generated" as const, questionId: null, expectedUrl: g.expectedUrl, expectedSourceId: g.expectedSourceId, expectedTitle: g.expectedTitle })),
    ...lostPageQuestions(previous, new Set(pages.map((p) => p.url))).map((l) => ({ ...l, origin: "generated" as const, questionId: null, pageMissing: true })),
  ];
}

/**
 * Runs one queued evaluation (asked for through the API or the dashboard, or queued by a training). Stores the rates, the previous completed run's score (a drop of more than
 * SCORE_DROP_FLAG points is flagged) and each question's result; a failure is stored as such.
 */
export async function runEvaluation(db: Db, evaluationId: string): Promise<void> {
  const evaluation = await claimQueued(db, evaluationId);
  if (!evaluation) return;
  try {
    const chatbot = await db.chatbot.findFirst({ where: { id: evaluation.chatbotId, deletedAt: null } });
    if (!chatbot) throw new Error("The chatbot was deleted.");
    // The run this one is compared with: its score (a drop is flagged) and its questions (lost pages count).
    const previous = await db.evaluation.findFirst({
      where: { chatbotId: chatbot.id, status: "completed", id: { not: evaluation.id } },
      orderBy: [{ completedAt: "desc" }, { id: "desc" }],
      select: { score: true, results: true },
    });
    const [questions, updatedAnswers] = await Promise.all([
      testQuestions(db, chatbot.id, (previous?.results ?? []) as unknown as QuestionResult[]),
      db.updatedAnswer.findMany({ where: { chatbotId: chatbot.id }, select: { question: true, suggestedAnswer: true } }),
    ]);
    const results: QuestionResult[] = [];
    let beat = Date.now();
    for (const q of questions) {
      results.push(await askQuestion(db, chatbot, q, updatedAnswers));
      // Alive: the sweep (sweep.ts) leaves a run with a fresh heartbeat alone.
      if (Date.now() - beat >= HEARTBEAT_MS) {
        beat = Date.now();
        await db.evaluation.updateMany({ where: { id: evaluation.id, status: "running" }, data: { heartbeatAt: new Date(beat) } });
      }
    }
    const rates = ratesOf(results);
    await db.evaluation.update({
      where: { id: evaluation.id },
      data: {
        status: "completed",
        questionCount: rates.question_count,
        hitRate: rates.hit_rate,
        firstHitRate: rates.first_hit_rate,
        mrr: rates.mrr,
        groundedRate: rates.grounded_rate,
        score: rates.score,
        previousScore: previous?.score ?? null,
        results: results as unknown as Prisma.InputJsonValue,
        completedAt: new Date(),
      },
    });
  } catch (error) {
    await db.evaluation.update({ where: { id: evaluation.id }, data: { status: "failed", error: (error as Error).message.slice(0, 500), completedAt: new Date() } });
  }
}

async function claimQueued(db: Db, id: string) {
  const claimed = await db.evaluation.updateMany({ where: { id, status: "queued" }, data: { status: "running", heartbeatAt: new Date() } });
  return claimed.count ? db.evaluation.findUnique({ where: { id } }) : null;
}
