import { z } from "zod";
import { agencyOwnerProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { setTeamKey, teamKeyStatus } from "@/server/workspaces/llm-keys";
import { AppError } from "@/server/kernel/errors";

const keyInput = z.object({ api_key: z.string().max(400).nullable() });
const keyStatus = z.object({ set: z.boolean(), last4: z.string().nullable() });

/**
 * LLM keys (dashboard only): the agency's, set by its owner; a workspace's
 * own (BYOK), set by its owner/admins while the agency enabled `byok_enabled`.
 * A key is never returned: only whether it is set and its last four characters.
 */
export const llmKeysRouter = createTRPCRouter({
  agency: agencyOwnerProcedure.output(keyStatus).query(({ ctx }) => teamKeyStatus(ctx.db, ctx.agency.id)),
  setAgency: agencyOwnerProcedure
    .input(keyInput)
    .output(keyStatus)
    .mutation(({ ctx, input }) => setTeamKey(ctx.db, ctx.agency.id, input.api_key)),

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
      return setTeamKey(ctx.db, ctx.chatbot.teamId, input.api_key);
    }),
});
