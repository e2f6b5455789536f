import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access";
import { createApiToken, listApiTokens, revokeApiToken } from "@/server/access";
import { apiTokenSchema, serializeApiToken } from "@/server/accounts/api-token-serializer";

/** Dashboard management of the caller's own API tokens. */
export const apiTokensRouter = createTRPCRouter({
  list: authenticatedProcedure
    .output(z.array(apiTokenSchema))
    .query(async ({ ctx }) => (await listApiTokens(ctx.db, ctx.user.id)).map(serializeApiToken)),

  create: authenticatedProcedure
    .input(z.object({ name: z.string().trim().min(1).max(100) }))
    .output(z.object({ token: z.string(), api_token: apiTokenSchema }))
    .mutation(async ({ ctx, input }) => {
      const { token, apiToken } = await createApiToken(ctx.db, ctx.user.id, input.name);
      return { token, api_token: serializeApiToken(apiToken) };
    }),

  revoke: authenticatedProcedure
    .input(z.object({ id: z.uuid() }))
    .output(apiTokenSchema)
    .mutation(async ({ ctx, input }) => serializeApiToken(await revokeApiToken(ctx.db, ctx.user.id, input.id))),
});
