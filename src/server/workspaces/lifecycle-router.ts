import { autoTopupOf } from "@/server/workspaces/clients";
import { actorOf, auditedChange, recordChatbotChange } from "@/server/audit";
import { auditClient } from "@/server/workspaces/client-audit";
import { z } from "zod";
import { chatbotEditProcedure, clientProcedure, createTRPCRouter, teamProcedure } from "@/server/access";
import { clientHome } from "@/server/workspaces/client-home";
import { canManageTeam } from "@/server/access";
import { AppError } from "@/server/kernel/errors";
import { isoOffsetOrNull } from "@/server/kernel/lib/timestamps";
import { archiveClient, deleteChatbot, deleteClient, restoreClient, setLowCreditThreshold } from "@/server/workspaces/lifecycle";

const ok = { ok: true as const };

/** Archive/restore/delete client workspaces, the low-credit threshold, deleting chatbots (dashboard only). */
export const lifecycleRouter = createTRPCRouter({
  /** What the contract's client object does not carry: archived, and the alert threshold. */
  clientState: clientProcedure.query(({ ctx }) => ({
    archived_at: isoOffsetOrNull(ctx.client.archivedAt),
    low_credit_threshold: ctx.client.lowCreditThreshold,
    low_credit_alerted_at: isoOffsetOrNull(ctx.client.lowCreditAlertedAt),
    auto_topup: autoTopupOf(ctx.client),
  })),

  /** The client's home: credits, usage, standing in words (any member of the workspace, and its agency's owner). */
  clientHome: teamProcedure.query(({ ctx }) => clientHome(ctx.db, ctx.team)),

  archiveClient: clientProcedure.mutation(async ({ ctx }) => {
    await auditedChange(ctx.db, async (db) => {
      await archiveClient(db, ctx.client);
      await auditClient({ db, actor: actorOf(ctx), client: ctx.client }, "client.archived");
    });
    return ok;
  }),

  restoreClient: clientProcedure.mutation(async ({ ctx }) => {
    await auditedChange(ctx.db, async (db) => {
      await restoreClient(db, ctx.client);
      await auditClient({ db, actor: actorOf(ctx), client: ctx.client }, "client.restored");
    });
    return ok;
  }),

  /** Only an archived client: archiving first is the "are you sure" that cannot be clicked through by accident. */
  deleteClient: clientProcedure.mutation(async ({ ctx }) => {
    await auditedChange(ctx.db, async (db) => {
      await deleteClient(db, ctx.client);
      await auditClient({ db, actor: actorOf(ctx), client: ctx.client }, "client.deleted");
    });
    return ok;
  }),

  setLowCreditThreshold: clientProcedure
    .input(z.object({ threshold: z.number().int().min(0).max(1_000_000_000).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await auditedChange(ctx.db, async (db) => {
        await setLowCreditThreshold(db, ctx.client, input.threshold);
        if (ctx.client.lowCreditThreshold !== input.threshold) {
          await auditClient(
            { db, actor: actorOf(ctx), client: ctx.client },
            "client.low_credit_alert_changed",
            { low_credit_threshold: ctx.client.lowCreditThreshold },
            { low_credit_threshold: input.threshold },
          );
        }
      });
      return ok;
    }),

  /** Admins and owners only: an editor edits chatbots but does not delete them. */
  deleteChatbot: chatbotEditProcedure.mutation(async ({ ctx }) => {
    if (!canManageTeam(ctx.role)) throw new AppError("FORBIDDEN", "Only the workspace's admins can delete a chatbot.");
    await auditedChange(ctx.db, async (db) => {
      if (!(await deleteChatbot(db, ctx.chatbot))) return;
      const team = await db.team.findUniqueOrThrow({ where: { id: ctx.chatbot.teamId } });
      await recordChatbotChange(db, { actor: actorOf(ctx), team, chatbot: ctx.chatbot, created: false });
    });
    return ok;
  }),
});
