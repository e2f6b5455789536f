import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/api/trpc";
import { chatbotListItemSchema } from "@/server/serializers/chatbot";
import { serializeUser, userSchema } from "@/server/serializers/user";
import { listVisibleChatbots } from "@/server/services/chatbots";

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
