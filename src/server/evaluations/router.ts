import { z } from "zod";
import { readDb } from "@/server/kernel/db/replicas";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter, itemIdParam } from "@/server/access";
import { queryInteger } from "@/server/kernel/lib/query-params";
import { addTestQuestion, expectablePages, listEvaluations, listTestQuestions, removeTestQuestion, requestEvaluation } from "./evaluations";
import { evaluationSchema, testQuestionSchema } from "./serializer";

/** A chatbot's quality score (docs/decisions/063-chatbot-quality-score.md): its evaluations and test questions. */
const tags = ["Chatbot"];

export const chatbotEvaluationsRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/evaluations", summary: "The chatbot's quality evaluations, newest first, with per-question results", tags } })
    .input(
      z.object({
        page: queryInteger({ min: 1 }).default(1),
        per_page: queryInteger({ min: 1, max: 100 }).default(25),
      }),
    )
    .output(z.object({ current_page: z.number().int(), data: z.array(evaluationSchema), per_page: z.number().int(), total: z.number().int() }))
    .query(({ ctx, input }) => readDb(ctx, (db) => listEvaluations(db, ctx.chatbot.id, input.page, input.per_page))),

  run: chatbotEditProcedure
    .meta({ rest: { method: "POST", path: "/v1/{chatbot_id}/evaluations", status: 202, summary: "Evaluate the chatbot now: its test questions are asked of its retrieval and grounding", tags } })
    .output(evaluationSchema)
    .mutation(({ ctx }) => requestEvaluation(ctx.db, ctx.chatbot)),

  // Dashboard-only (tRPC): the chatbot's own test questions.
  questions: chatbotProcedure.output(z.array(testQuestionSchema)).query(({ ctx }) => listTestQuestions(ctx.db, ctx.chatbot.id)),

  pages: chatbotProcedure.output(z.array(z.object({ url: z.string(), title: z.string() }))).query(({ ctx }) => expectablePages(ctx.db, ctx.chatbot.id)),

  addQuestion: chatbotEditProcedure
    .input(z.object({ question: z.string().trim().min(3).max(500), expected_url: z.string().max(2048).nullable().optional() }))
    .output(testQuestionSchema)
    .mutation(({ ctx, input }) => addTestQuestion(ctx.db, ctx.chatbot.id, input)),

  removeQuestion: chatbotEditProcedure
    .input(itemIdParam)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await removeTestQuestion(ctx.db, ctx.chatbot.id, input.id);
      return { id: input.id };
    }),
});
