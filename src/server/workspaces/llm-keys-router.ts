import { z } from "zod";
import { agencyOwnerProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { setTeamKey, teamKeyStatus } from "@/server/workspaces/llm-keys";
import { AppError } from "@/server/kernel/errors";
import type { Db } from "@/server/kernel/db/client";
import { actorOf, auditedChange, recordAudit } from "@/server/audit";

const keyInput = z.object({ api_key: z.string().max(400).nullable() });
const keyStatus = z.object({ set: z.boolean(), last4: z.string().nullable() });

/**
 * LLM keys (dashboard only): the agency's, set by its owner; a workspace's
 * own (BYOK), set by its owner/admins while the agency enabled `byok_enabled`.
 * A key is never returned: only whether it is set and its last four characters.
 */
/** Key set or removed, in the audit log (the key itself never: its last four characters). */
function auditKey(ctx: Parameters<typeof actorOf>[0] & { db: Db }, team: { agencyId: string | null; teamId: string | null; name: string }, status: { set: boolean; last4: string | null }) {
  return recordAudit(ctx.db, {
    agencyId: team.agencyId,
    teamId: team.teamId,
    actor: actorOf(ctx),
    action: status.set ? "llm_key.set" : "llm_key.removed",
    target: { type: "llm_key", id: team.teamId ?? team.agencyId, name: team.name },
    after: { last4: status.last4 },
  });
}

export const llmKeysRouter = createTRPCRouter({
  agency: agencyOwnerProcedure.output(keyStatus).query(({ ctx }) => teamKeyStatus(ctx.db, ctx.agency.id)),
  setAgency: agencyOwnerProcedure
    .input(keyInput)
    .output(keyStatus)
    .mutation(async ({ ctx, input }) => {
      return auditedChange(ctx.db, async (db) => {
        const status = await setTeamKey(db, ctx.agency.id, input.api_key);
        await auditKey({ ...ctx, db }, { agencyId: ctx.agency.id, teamId: null, name: ctx.agency.name }, status);
        return status;
      });
    }),

  workspace: chatbotProcedure.query(async ({ ctx }) => {
    const team = await ctx.db.team.findUniqueOrThrow({ where: { id: ctx.chatbot.teamId }, select: { byokEnabled: true, kind: true } });
    const canManage = ctx.role === "owner" || ctx.role === "admin";
    return { byok_enabled: team.kind === "client" && team.byokEnabled, can_manage: canManage, ...(await teamKeyStatus(ctx.db, ctx.chatbot.teamId)) };
  }),
  setWorkspace: chatbotProcedure
    .input(keyInput)
    .output(keyStatus)
    .mutation(async ({ ctx, input }) => {
      if (ctx.role !== "owner" && ctx.role !== "admin") throw new AppError("FORBIDDEN", "Only the workspace's administrators may set its LLM key.");
      const team = await ctx.db.team.findUniqueOrThrow({ where: { id: ctx.chatbot.teamId }, select: { byokEnabled: true } });
      if (!team.byokEnabled && input.api_key !== null) throw new AppError("RULE_VIOLATION", "Your agency has not enabled your own LLM keys (byok_enabled) for this workspace.");
      return auditedChange(ctx.db, async (db) => {
        const status = await setTeamKey(db, ctx.chatbot.teamId, input.api_key);
        const owner = await db.team.findUniqueOrThrow({ where: { id: ctx.chatbot.teamId }, select: { id: true, name: true, agencyId: true } });
        await auditKey({ ...ctx, db }, { agencyId: owner.agencyId, teamId: owner.id, name: owner.name }, status);
        return status;
      });
    }),
});
