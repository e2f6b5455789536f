import { z } from "zod";
import { chatbotProcedure, createTRPCRouter } from "@/server/api/trpc";
import { sourceSchema, sourceWithReasonSchema } from "@/server/serializers/source";
import { listSources, listSourcesWithReasons } from "@/server/services/sources";

/** Training sources with their status. */
export const chatbotSourcesRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/sources", summary: "The chatbot's live sources with their training status", tags: ["Chatbot"] } })
    .output(z.array(sourceSchema))
    .query(({ ctx }) => listSources(ctx.db, ctx.chatbot.id)),

  /** The dashboard's list, polled while any source is still training. */
  listWithReasons: chatbotProcedure
    .output(z.array(sourceWithReasonSchema))
    .query(({ ctx }) => listSourcesWithReasons(ctx.db, ctx.chatbot.id)),
});
