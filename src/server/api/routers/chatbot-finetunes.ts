import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/api/trpc";
import { chatbotIdParam, chatbotItemParams } from "@/server/api/routers/chatbot-params";
import { updatedAnswerSchema as updatedAnswerInput } from "@/server/domain/updated-answers";
import { updatedAnswerSchema } from "@/server/serializers/updated-answer";
import { createUpdatedAnswer, deleteUpdatedAnswer, listUpdatedAnswers, updateUpdatedAnswer } from "@/server/services/updated-answers";

/** Updated answers (finetunes): the documented list, and their management from the dashboard (editors and up). */
export const chatbotFinetunesRouter = createTRPCRouter({
  list: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/finetunes", summary: "The chatbot's updated answers, oldest first", tags: ["Chatbot"] } })
    .input(chatbotIdParam)
    .output(z.array(updatedAnswerSchema))
    .query(({ ctx, input }) => listUpdatedAnswers(ctx.db, ctx.user.id, input.chatbot_id)),

  create: authenticatedProcedure
    .input(chatbotIdParam.extend(updatedAnswerInput.shape))
    .output(updatedAnswerSchema)
    .mutation(({ ctx, input: { chatbot_id, ...answer } }) => createUpdatedAnswer(ctx.db, ctx.user.id, chatbot_id, answer)),

  update: authenticatedProcedure
    .input(chatbotItemParams.extend(updatedAnswerInput.shape))
    .output(updatedAnswerSchema)
    .mutation(({ ctx, input: { chatbot_id, id, ...answer } }) => updateUpdatedAnswer(ctx.db, ctx.user.id, chatbot_id, id, answer)),

  delete: authenticatedProcedure
    .input(chatbotItemParams)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteUpdatedAnswer(ctx.db, ctx.user.id, input.chatbot_id, input.id);
      return { id: input.id };
    }),
});
