import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/api/trpc";
import { chatbotIdParam } from "@/server/api/routers/chatbot-params";
import { sourceSchema, sourceWithReasonSchema } from "@/server/serializers/source";
import { listSources, listSourcesWithReasons } from "@/server/services/sources";

/** Training sources with their status. */
export const chatbotSourcesRouter = createTRPCRouter({
  list: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/sources", summary: "The chatbot's live sources with their training status", tags: ["Chatbot"] } })
    .input(chatbotIdParam)
    .output(z.array(sourceSchema))
    .query(({ ctx, input }) => listSources(ctx.db, ctx.user.id, input.chatbot_id)),

  /** The dashboard's list, polled while any source is still training. */
  listWithReasons: authenticatedProcedure
    .input(chatbotIdParam)
    .output(z.array(sourceWithReasonSchema))
    .query(({ ctx, input }) => listSourcesWithReasons(ctx.db, ctx.user.id, input.chatbot_id)),
});
