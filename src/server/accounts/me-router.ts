import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access/procedures";
import { chatbotListItemSchema } from "@/server/chatbots/chatbot-serializer";
import { serializeUser, userSchema } from "@/server/accounts/user-serializer";
import { listVisibleChatbots } from "@/server/chatbots/chatbot-list";

export const meRouter = createTRPCRouter({
  get: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/me", summary: "The token's user", tags: ["User"] } })
    .input(z.object({}).optional())
    .output(z.object({ user: userSchema }))
    .query(({ ctx }) => ({ user: serializeUser(ctx.user) })),

  chatbots: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/me/chatbots", summary: "Every chatbot the user can access", tags: ["User"] } })
    .input(z.object({}).optional())
    .output(z.array(chatbotListItemSchema))
    .query(({ ctx }) => listVisibleChatbots(ctx.db, ctx.user.id)),
});
