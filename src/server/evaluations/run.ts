import type { Chatbot, Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { groundedExtractive, matchUpdatedAnswer, questionLanguage, retrieveFor } from "@/server/conversations";
import { indexedPages, indexedTexts, pagePassages, sourcesOf } from "@/server/training";
import { keepAnswerable } from "./answerable";
import { saysFact } from "./fact-questions";
import { generateFactQuestions, generateQuestions, MAX_GENERATED, pageKey, type QuestionKind } from "./generated-questions";
import { lostPageQuestions } from "./lost-pages";
import { MRR_DEPTH, ratesOf, verdict, type QuestionOrigin, type QuestionResult } from "./scoring";
import { HEARTBEAT_MS } from "./sweep";

interface TestQuestion {
  question: string;
  origin: QuestionOrigin;
  /** A generated question's kind (null: the owner's own). */
  kind?: QuestionKind | null;
  /** The fact the answer must say (a question of the pages' facts). */
  expectedFact?: string | null;
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
  const fact = q.expectedFact ?? null;
  const base = {
    question: q.question,
    origin: q.origin,
    kind: q.kind ?? null,
    question_id: q.questionId,
    expected_url: q.expectedUrl,
    expected_source_id: expectedSourceId,
    expected_title: q.expectedTitle,
    expected_fact: fact,
    page_missing: q.pageMissing ?? false,
  };
  const expected = q.expectedUrl ?? expectedSourceId;
  const language = questionLanguage(chatbot, q.question);
  const updated = matchUpdatedAnswer(q.question, updatedAnswers, { languages: [language, chatbot.defaultLanguage] });
  if (updated) {
    // The owner's own words cite no page: they must say the fact, when one is asked for.
    const said = fact === null ? null : saysFact(updated.suggestedAnswer, fact);
    return { ...base, rank: null, ...verdict({ expected, rank: null, topK: chatbot.topK, grounded: true, updatedAnswer: true, fact: said === null ? undefined : { cited: true, said } }), via: "updated_answer", found: [], answer: updated.suggestedAnswer, fact_found: said };
  }
  // One search deep enough for MRR@10; its first top_k passages are exactly what a reply draws on.
  const passages = await retrieveFor(db, chatbot, q.question, Math.max(MRR_DEPTH, chatbot.topK), language);
  const answering = passages.slice(0, chatbot.topK);
  const extractive = groundedExtractive(q.question, answering, { language });
  // A page is found by its url; a text or a file (no url) by its source.
  const isExpected = (p: { url: string | null; sourceId: string }) => (q.expectedUrl !== null ? p.url === q.expectedUrl : p.sourceId === expectedSourceId);
  const at = expected === null ? -1 : passages.slice(0, MRR_DEPTH).findIndex(isExpected);
  const rank = at >= 0 ? at + 1 : null;
  // A fact question passes when the answer cites the page the fact is on and says the fact.
  const said = fact === null ? null : extractive !== null && saysFact(extractive.content, fact);
  const cited = extractive?.sources.some((s) => isExpected({ url: s.url, sourceId: s.id })) ?? false;
  return {
    ...base,
    rank,
    ...verdict({ expected, rank, topK: chatbot.topK, grounded: extractive !== null, updatedAnswer: false, fact: said === null ? undefined : { cited, said } }),
    via: extractive ? "passages" : "default",
    found: sourcesOf(answering).map((s) => ({ title: s.title, url: s.url })),
    answer: extractive?.content ?? null,
    fact_found: said,
  };
}

/** Generated candidates looked at per run at most, for MAX_GENERATED kept. */
const GENERATED_CANDIDATES = MAX_GENERATED * 3;

/** Questions of the pages' facts per run at most: the rest of MAX_GENERATED are the pages' headings. */
const MAX_FACT_QUESTIONS = 30;

/** Pages read for their facts per run at most, spread over the site (a large site is sampled). */
const FACT_PAGES = 60;

/** Every n-th of `items` so that at most `max` are taken, first and spread to the end. */
const sampled = <T>(items: readonly T[], max: number) => (items.length <= max ? [...items] : Array.from({ length: max }, (_, i) => items[Math.floor((i * items.length) / max)]!));

/**
 * The chatbot's test questions: its owners' own, those a visitor would ask of its pages' facts (times, prices,
 * places, contacts, tasks: fact-questions.ts), those generated from its pages' headings (texts and files
 * included) that their page answers, then the previous run's generated questions whose page is gone
 * (lost-pages.ts: a training that loses pages lowers the score).
 */
async function testQuestions(db: Db, chatbot: Chatbot, previous: readonly QuestionResult[]): Promise<TestQuestion[]> {
  const chatbotId = chatbot.id;
  const [own, pages, texts] = await Promise.all([
    db.evaluationQuestion.findMany({ where: { chatbotId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    indexedPages(db, chatbotId),
    indexedTexts(db, chatbotId),
  ]);
  const all = [...pages, ...texts];
  // Each page's passages are read once, for its facts and for whether it answers its headings.
  const read = new Map<string, ReturnType<typeof pagePassages>>();
  const passagesOf = (page: { url: string | null; sourceId?: string | null }) => {
    let passages = read.get(pageKey(page));
    if (!passages) read.set(pageKey(page), (passages = pagePassages(db, chatbotId, page)));
    return passages;
  };
  const withPassages = await Promise.all(sampled([...all].sort((a, b) => pageKey(a).localeCompare(pageKey(b))), FACT_PAGES).map(async (p) => ({ ...p, passages: await passagesOf(p) })));
  const facts = generateFactQuestions(withPassages, chatbot.defaultLanguage, MAX_FACT_QUESTIONS);
  const asked = new Set(facts.map((f) => f.question.toLowerCase()));
  // Only heading questions their own page answers (answerable.ts); a site of headings its pages do not
  // answer is read for at most GENERATED_CANDIDATES of them.
  const headings = await keepAnswerable(
    generateQuestions(all, GENERATED_CANDIDATES).filter((g) => !asked.has(g.question.toLowerCase())),
    (g) => passagesOf({ url: g.expectedUrl, sourceId: g.expectedSourceId }),
    MAX_GENERATED - facts.length,
  );
  return [
    ...own.map((q) => ({ question: q.question, origin: "user" as const, questionId: q.id, expectedUrl: q.expectedUrl, expectedTitle: q.expectedTitle })),
    ...[...facts, ...headings].map((g) => ({ question: g.question, origin: "generated" as const, kind: g.kind, expectedFact: g.expectedFact ?? null, questionId: null, expectedUrl: g.expectedUrl, expectedSourceId: g.expectedSourceId, expectedTitle: g.expectedTitle })),
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
      testQuestions(db, chatbot, (previous?.results ?? []) as unknown as QuestionResult[]),
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
