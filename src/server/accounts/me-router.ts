import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access";
import { serializeUser, userSchema } from "@/server/accounts/user-serializer";

/** The caller themself (`me.get`); their chatbots are the chatbots capability's (`me.chatbots`, merged by transport/root). */
export const meRouter = createTRPCRouter({
  get: authenticatedProcedure
    .meta({ rest: { method: "GET", path: "/v1/me", summary: "The token's user", tags: ["User"] } })
    .input(z.object({}).optional())
    .output(z.object({ user: userSchema }))
    .query(({ ctx }) => ({ user: serializeUser(ctx.user) })),
});
