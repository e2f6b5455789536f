import { z } from "zod";
import type { Evaluation, EvaluationQuestion } from "@/generated/prisma/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import type { QuestionResult } from "./scoring";

const rate = z.number().nullable();

export const questionResultSchema = z
  .object({
    question: z.string(),
    origin: z.enum(["user", "generated"]),
    kind: z
      .enum(["heading", "time", "price", "place", "contact", "how_to"])
      .nullable()
      .meta({ description: "What a generated question asks about: a heading of its page, or one of its facts (an opening time, a price, an address, a phone number or e-mail address, a task); null for the owner's own" }),
    question_id: z.string().nullable(),
    expected_url: z.string().nullable(),
    expected_source_id: z.string().nullable().meta({ description: "The expected source when it has no url (a text or a file)" }),
    expected_title: z.string().nullable(),
    expected_fact: z.string().nullable().meta({ description: "The fact the answer must say, as its page says it (a question of the page's facts); null otherwise" }),
    fact_found: z.boolean().nullable().meta({ description: "Whether the answer says the expected fact; null when none is asked for" }),
    answer: z.string().nullable().meta({ description: "What the chatbot would answer from its sources without a language model; null when it would give its default answer" }),
    rank: z.number().int().nullable(),
    hit: z.boolean(),
    grounded: z.boolean(),
    passed: z.boolean(),
    via: z.enum(["updated_answer", "passages", "default"]),
    found: z.array(z.object({ title: z.string(), url: z.string().nullable() })),
    page_missing: z.boolean().meta({ description: "Its expected page was among the chatbot's pages at the previous evaluation and is gone now (lost by a training)" }),
  })
  .meta({ id: "EvaluationQuestionResult" });

export const evaluationSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    trigger: z.enum(["training", "manual"]),
    status: z.enum(["queued", "running", "completed", "failed"]),
    question_count: z.number().int(),
    hit_rate: rate.meta({ description: "Share of questions naming a page whose page is among the chatbot's top_k passages" }),
    first_hit_rate: rate.meta({ description: "Share of questions naming a page whose page comes first" }),
    mrr: rate.meta({ description: "Mean reciprocal rank of the expected page in the first 10 passages" }),
    grounded_rate: rate.meta({ description: "Share of questions the chatbot answers from its sources rather than with its default answer" }),
    score: rate.meta({ description: "0..100: the share of questions passed (grounded, and the expected page found when one is named)" }),
    previous_score: rate,
    score_dropped: z.boolean().meta({ description: "The score fell by more than 5 points from the previous evaluation" }),
    error: z.string().nullable(),
    results: z.array(questionResultSchema),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: "Evaluation" });

export const testQuestionSchema = z
  .object({ id: z.string(), question: z.string(), expected_url: z.string().nullable(), expected_title: z.string().nullable(), created_at: z.string() })
  .meta({ id: "EvaluationTestQuestion" });

export function serializeEvaluation(e: Evaluation, dropped: boolean): z.infer<typeof evaluationSchema> {
  return {
    id: e.id,
    chatbot_id: e.chatbotId,
    trigger: e.trigger as "training" | "manual",
    status: e.status as "queued" | "running" | "completed" | "failed",
    question_count: e.questionCount,
    hit_rate: e.hitRate,
    first_hit_rate: e.firstHitRate,
    mrr: e.mrr,
    grounded_rate: e.groundedRate,
    score: e.score,
    previous_score: e.previousScore,
    score_dropped: dropped,
    error: e.error,
    // Runs stored before these fields existed lack them: no question had lost its page, expected a text or a fact.
    results: ((e.results ?? []) as unknown as QuestionResult[]).map((r) => ({
      ...r,
      kind: r.kind ?? (r.origin === "generated" ? "heading" : null),
      expected_source_id: r.expected_source_id ?? null,
      expected_fact: r.expected_fact ?? null,
      fact_found: r.fact_found ?? null,
      answer: r.answer ?? null,
      page_missing: r.page_missing ?? false,
    })),
    created_at: isoMicro(e.createdAt),
    completed_at: isoMicroOrNull(e.completedAt),
  };
}

export function serializeTestQuestion(q: EvaluationQuestion): z.infer<typeof testQuestionSchema> {
  return { id: q.id, question: q.question, expected_url: q.expectedUrl, expected_title: q.expectedTitle, created_at: isoMicro(q.createdAt) };
}
