import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { itemIdParam } from "@/server/access";
import { refineSuggestedMessage, suggestedMessageFields } from "@/server/chatbots/suggested-message-rules";
import { suggestedMessageSchema } from "@/server/chatbots/suggested-message-serializer";
import {
  createSuggestedMessage,
  deleteSuggestedMessage,
  listSuggestedMessages,
  moveSuggestedMessage,
  reorderSuggestedMessages,
  updateSuggestedMessage,
} from "@/server/chatbots/suggested-messages";

/** Suggested messages: the documented list, and their management from the dashboard (editors and up). */
export const chatbotPromptsRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/prompts", summary: "The chatbot's suggested messages, in display order", tags: ["Chatbot"] } })
    .output(z.array(suggestedMessageSchema))
    .query(({ ctx }) => listSuggestedMessages(ctx.db, ctx.chatbot.id)),

  create: chatbotEditProcedure
    .input(suggestedMessageFields.superRefine(refineSuggestedMessage))
    .output(suggestedMessageSchema)
    .mutation(({ ctx, input }) => createSuggestedMessage(ctx.db, ctx.chatbot.id, input)),

  update: chatbotEditProcedure
    .input(itemIdParam.extend(suggestedMessageFields.shape).superRefine(refineSuggestedMessage))
    .output(suggestedMessageSchema)
    .mutation(({ ctx, input: { id, ...message } }) => updateSuggestedMessage(ctx.db, ctx.chatbot.id, id, message)),

  delete: chatbotEditProcedure
    .input(itemIdParam)
    .output(z.object({ id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteSuggestedMessage(ctx.db, ctx.chatbot.id, input.id);
      return { id: input.id };
    }),

  move: chatbotEditProcedure
    .input(itemIdParam.extend({ direction: z.enum(["up", "down"]) }))
    .output(z.array(suggestedMessageSchema))
    .mutation(({ ctx, input }) => moveSuggestedMessage(ctx.db, ctx.chatbot.id, input.id, input.direction)),

  reorder: chatbotEditProcedure
    .input(z.object({ ids: z.array(z.string()).max(100) }))
    .output(z.array(suggestedMessageSchema))
    .mutation(({ ctx, input }) => reorderSuggestedMessages(ctx.db, ctx.chatbot.id, input.ids)),
});
