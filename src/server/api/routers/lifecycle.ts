import { z } from "zod";
import { agencyOwnerProcedure, chatbotEditProcedure, createTRPCRouter } from "@/server/api/trpc";
import { canManageTeam } from "@/server/domain/team-management";
import { AppError } from "@/server/errors";
import { isoOffsetOrNull } from "@/server/lib/timestamps";
import { clientOfAgency as findClient } from "@/server/access";
import { archiveClient, deleteChatbot, restoreClient, setLowCreditThreshold } from "@/server/services/lifecycle";

const clientId = z.string().max(100);
const ok = { ok: true as const };

/** Archive/restore client workspaces, the low-credit threshold, deleting chatbots (dashboard only). */
export const lifecycleRouter = createTRPCRouter({
  /** What the contract's client object does not carry: archived, and the alert threshold. */
  clientState: agencyOwnerProcedure.input(z.object({ client_id: clientId })).query(async ({ ctx, input }) => {
    const client = await findClient(ctx.db, ctx.agency, input.client_id);
    return { archived_at: isoOffsetOrNull(client.archivedAt), low_credit_threshold: client.lowCreditThreshold, low_credit_alerted_at: isoOffsetOrNull(client.lowCreditAlertedAt) };
  }),

  archiveClient: agencyOwnerProcedure.input(z.object({ client_id: clientId })).mutation(async ({ ctx, input }) => {
    await archiveClient(ctx.db, ctx.agency, input.client_id);
    return ok;
  }),

  restoreClient: agencyOwnerProcedure.input(z.object({ client_id: clientId })).mutation(async ({ ctx, input }) => {
    await restoreClient(ctx.db, ctx.agency, input.client_id);
    return ok;
  }),

  setLowCreditThreshold: agencyOwnerProcedure
    .input(z.object({ client_id: clientId, threshold: z.number().int().min(0).max(1_000_000_000).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await setLowCreditThreshold(ctx.db, ctx.agency, input.client_id, input.threshold);
      return ok;
    }),

  /** Admins and owners only: an editor edits chatbots but does not delete them. */
  deleteChatbot: chatbotEditProcedure.mutation(async ({ ctx }) => {
    if (!canManageTeam(ctx.role)) throw new AppError("FORBIDDEN", "Only the workspace's admins can delete a chatbot.");
    await deleteChatbot(ctx.db, ctx.chatbot);
    return ok;
  }),
});
