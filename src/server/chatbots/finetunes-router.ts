import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { itemIdParam } from "@/server/access";
import { updatedAnswerSchema as updatedAnswerInput } from "@/server/chatbots/updated-answer-rules";
import { updatedAnswerSchema } from "@/server/chatbots/updated-answer-serializer";
import { createUpdatedAnswer, deleteUpdatedAnswer, listUpdatedAnswers, updateUpdatedAnswer } from "@/server/chatbots/updated-answers";

/** Updated answers (finetunes): the documented list, and their management from the dashboard (editors and up). */
export const chatbotFinetunesRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/finetunes", summary: "The chatbot's updated answers, oldest first", tags: ["Chatbot"] } })
    .output(z.array(updatedAnswerSchema))
    .query(({ ctx }) => listUpdatedAnswers(ctx.db, ctx.chatbot.id)),

  create: chatbotEditProcedure
    .input(updatedAnswerInput)
    .output(updatedAnswerSchema)
    .mutation(({ ctx, input }) => createUpdatedAnswer(ctx.db, ctx.chatbot.id, input)),

  update: chatbotEditProcedure
    .input(itemIdParam.extend(updatedAnswerInput.shape))
    .output(updatedAnswerSchema)
    .mutation(({ ctx, input }) => updateUpdatedAnswer(ctx.db, ctx.chatbot.id, input.id, input)),

  delete: chatbotEditProcedure
    .input(itemIdParam)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteUpdatedAnswer(ctx.db, ctx.chatbot.id, input.id);
      return { id: input.id };
    }),
});
