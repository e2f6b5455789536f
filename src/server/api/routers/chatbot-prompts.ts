import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/api/trpc";
import { chatbotIdParam, chatbotItemParams } from "@/server/api/routers/chatbot-params";
import { refineSuggestedMessage, suggestedMessageFields } from "@/server/domain/suggested-messages";
import { suggestedMessageSchema } from "@/server/serializers/suggested-message";
import {
  createSuggestedMessage,
  deleteSuggestedMessage,
  listSuggestedMessages,
  moveSuggestedMessage,
  reorderSuggestedMessages,
  updateSuggestedMessage,
} from "@/server/services/suggested-messages";

/** Suggested messages: the documented list, and their management from the dashboard (editors and up). */
export const chatbotPromptsRouter = createTRPCRouter({
  list: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/prompts", summary: "The chatbot's suggested messages, in display order", tags: ["Chatbot"] } })
    .input(chatbotIdParam)
    .output(z.array(suggestedMessageSchema))
    .query(({ ctx, input }) => listSuggestedMessages(ctx.db, ctx.user.id, input.chatbot_id)),

  create: authenticatedProcedure
    .input(chatbotIdParam.extend(suggestedMessageFields.shape).superRefine(refineSuggestedMessage))
    .output(suggestedMessageSchema)
    .mutation(({ ctx, input: { chatbot_id, ...message } }) => createSuggestedMessage(ctx.db, ctx.user.id, chatbot_id, message)),

  update: authenticatedProcedure
    .input(chatbotItemParams.extend(suggestedMessageFields.shape).superRefine(refineSuggestedMessage))
    .output(suggestedMessageSchema)
    .mutation(({ ctx, input: { chatbot_id, id, ...message } }) => updateSuggestedMessage(ctx.db, ctx.user.id, chatbot_id, id, message)),

  delete: authenticatedProcedure
    .input(chatbotItemParams)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteSuggestedMessage(ctx.db, ctx.user.id, input.chatbot_id, input.id);
      return { id: input.id };
    }),

  move: authenticatedProcedure
    .input(chatbotItemParams.extend({ direction: z.enum(["up", "down"]) }))
    .output(z.array(suggestedMessageSchema))
    .mutation(({ ctx, input }) => moveSuggestedMessage(ctx.db, ctx.user.id, input.chatbot_id, input.id, input.direction)),

  reorder: authenticatedProcedure
    .input(chatbotIdParam.extend({ ids: z.array(z.string()).max(100) }))
    .output(z.array(suggestedMessageSchema))
    .mutation(({ ctx, input }) => reorderSuggestedMessages(ctx.db, ctx.user.id, input.chatbot_id, input.ids)),
});
