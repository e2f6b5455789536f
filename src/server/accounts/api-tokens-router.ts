import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access";
import { createApiToken, listApiTokens, markApiTokenRevoked, syncTokenCaches } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { actorOf, auditedChange, recordAudit } from "@/server/audit";
import { apiTokenSchema, serializeApiToken } from "@/server/accounts/api-token-serializer";

/** A token created or revoked, in the audit log of the agency its owner runs (if any). */
async function auditToken(ctx: Parameters<typeof actorOf>[0] & { db: Db }, action: "api_token.created" | "api_token.revoked", token: { id: string; name: string }) {
  const agency = await ctx.db.team.findFirst({ where: { kind: "agency", ownerId: ctx.user.id }, select: { id: true } });
  await recordAudit(ctx.db, { agencyId: agency?.id ?? null, teamId: null, actor: actorOf(ctx), action, target: { type: "api_token", id: token.id, name: token.name } });
}

/** Dashboard management of the caller's own API tokens. */
export const apiTokensRouter = createTRPCRouter({
  list: authenticatedProcedure
    .output(z.array(apiTokenSchema))
    .query(async ({ ctx }) => (await listApiTokens(ctx.db, ctx.user.id)).map(serializeApiToken)),

  create: authenticatedProcedure
    .input(z.object({ name: z.string().trim().min(1).max(100) }))
    .output(z.object({ token: z.string(), api_token: apiTokenSchema }))
    .mutation(async ({ ctx, input }) => {
      return auditedChange(ctx.db, async (db) => {
        const { token, apiToken } = await createApiToken(db, ctx.user.id, input.name);
        await auditToken({ ...ctx, db }, "api_token.created", apiToken);
        return { token, api_token: serializeApiToken(apiToken) };
      });
    }),

  revoke: authenticatedProcedure
    .input(z.object({ id: z.uuid() }))
    .output(apiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const { revoked, changed } = await auditedChange(ctx.db, async (db) => {
        const result = await markApiTokenRevoked(db, ctx.user.id, input.id);
        if (result.changed) await auditToken({ ...ctx, db }, "api_token.revoked", result.revoked);
        return result;
      });
      // After the commit: every instance drops the token before the revocation returns.
      if (changed) await syncTokenCaches(ctx.db);
      return serializeApiToken(revoked);
    }),
});
