import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access";
import { listVisibleChatbots } from "./chatbot-list";
import { chatbotListItemSchema } from "./chatbot-serializer";

/** `GET /v1/me/chatbots`: merged into the `me` router by transport/root. */
export const myChatbotsRouter = createTRPCRouter({
  chatbots: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/me/chatbots", summary: "Every chatbot the user can access", tags: ["User"] } })
    .input(z.object({}).optional())
    .output(z.array(chatbotListItemSchema))
    .query(({ ctx }) => listVisibleChatbots(ctx.db, ctx.user.id)),
});
