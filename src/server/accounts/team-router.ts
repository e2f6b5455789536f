import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access";
import { teamAdminProcedure } from "@/server/access";
import { listPortalWorkspaces } from "@/server/accounts/portal";
import { changeMember, inviteMember, resendInvitation, revokeInvitation, teamOverview } from "@/server/accounts/team-members";

const membershipRole = z.enum(["admin", "editor", "member"]);
const sentInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: membershipRole,
  accept_url: z.string(),
  mail_sent: z.boolean(),
  mail_error: z.string().nullable(),
});

/** Team management of a workspace: members, roles, invitations (dashboard only). */
export const teamRouter = createTRPCRouter({
  /** Workspaces whose team the caller may manage. */
  manageable: authenticatedProcedure.query(async ({ ctx }) =>
    (await listPortalWorkspaces(ctx.db, ctx.user.id)).filter((w) => w.can_manage_team),
  ),

  get: teamAdminProcedure.query(({ ctx }) => teamOverview(ctx.db, ctx.team, { id: ctx.user.id, role: ctx.role })),

  changeRole: teamAdminProcedure
    .input(z.object({ user_id: z.string().max(100), role: membershipRole }))
    .mutation(async ({ ctx, input }) => {
      await changeMember(ctx.db, ctx.team, ctx.user.id, input.user_id, input.role);
      return { ok: true as const };
    }),

  removeMember: teamAdminProcedure.input(z.object({ user_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await changeMember(ctx.db, ctx.team, ctx.user.id, input.user_id, null);
    return { ok: true as const };
  }),

  invite: teamAdminProcedure
    .input(z.object({ email: z.email().max(255), role: membershipRole }))
    .output(sentInvitation)
    .mutation(({ ctx, input }) => inviteMember(ctx.db, ctx.team, ctx.user, input)),

  resendInvitation: teamAdminProcedure
    .input(z.object({ invitation_id: z.string().max(100) }))
    .output(sentInvitation)
    .mutation(({ ctx, input }) => resendInvitation(ctx.db, ctx.team, ctx.user, input.invitation_id)),

  revokeInvitation: teamAdminProcedure.input(z.object({ invitation_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await revokeInvitation(ctx.db, ctx.team, input.invitation_id);
    return { ok: true as const };
  }),
});
