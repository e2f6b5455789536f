import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/api/trpc";
import { createApiToken } from "@/server/auth/api-tokens";
import { AppError } from "@/server/errors";
import { isoMicro, isoMicroOrNull } from "@/server/lib/timestamps";

const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});

type ApiTokenRow = { id: string; name: string; prefix: string; lastUsedAt: Date | null; revokedAt: Date | null; createdAt: Date };
const serialize = (t: ApiTokenRow): z.infer<typeof apiTokenSchema> => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  last_used_at: isoMicroOrNull(t.lastUsedAt),
  revoked_at: isoMicroOrNull(t.revokedAt),
  created_at: isoMicro(t.createdAt),
});

/** Dashboard management of the caller's own API tokens. */
export const apiTokensRouter = createTRPCRouter({
  list: authenticatedProcedure.output(z.array(apiTokenSchema)).query(async ({ ctx }) => {
    const tokens = await ctx.db.apiToken.findMany({ where: { userId: ctx.user.id }, orderBy: { createdAt: "desc" } });
    return tokens.map(serialize);
  }),

  create: authenticatedProcedure
    .input(z.object({ name: z.string().trim().min(1).max(100) }))
    .output(z.object({ token: z.string(), api_token: apiTokenSchema }))
    .mutation(async ({ ctx, input }) => {
      const { token, apiToken } = await createApiToken(ctx.db, ctx.user.id, input.name);
      return { token, api_token: serialize(apiToken) };
    }),

  revoke: authenticatedProcedure
    .input(z.object({ id: z.uuid() }))
    .output(apiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const token = await ctx.db.apiToken.findFirst({ where: { id: input.id, userId: ctx.user.id } });
      if (!token) throw new AppError("NOT_FOUND", "API token not found.");
      const revoked = token.revokedAt
        ? token
        : await ctx.db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
      return serialize(revoked);
    }),
});
