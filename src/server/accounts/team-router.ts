import { z } from "zod";
import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { actorOf, recordAudit } from "@/server/audit";
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

type TeamCaller = Parameters<typeof actorOf>[0] & { db: Db; team: Team };

/** Role changes and removals, in the audit log of the workspace's agency. */
function auditMember(
  ctx: TeamCaller,
  action: "member.role_changed" | "member.removed",
  member: { userId: string; user: { name: string | null; email: string } },
  before: Record<string, unknown>,
  after: Record<string, unknown> | null,
) {
  return recordAudit(ctx.db, {
    agencyId: ctx.team.agencyId,
    teamId: ctx.team.id,
    actor: actorOf(ctx),
    action,
    target: { type: "member", id: member.userId, name: member.user.name || member.user.email },
    before,
    after,
  });
}

function auditInvitation(ctx: TeamCaller, action: "invitation.created" | "invitation.resent" | "invitation.revoked", invitation: { id: string; email: string; role: string }) {
  return recordAudit(ctx.db, {
    agencyId: ctx.team.agencyId,
    teamId: ctx.team.id,
    actor: actorOf(ctx),
    action,
    target: { type: "invitation", id: invitation.id, name: invitation.email },
    after: { email: invitation.email, role: invitation.role },
  });
}

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
      const before = await ctx.db.membership.findFirst({ where: { teamId: ctx.team.id, userId: input.user_id }, include: { user: true } });
      await changeMember(ctx.db, ctx.team, ctx.user.id, input.user_id, input.role);
      if (before && before.role !== input.role) await auditMember(ctx, "member.role_changed", before, { role: before.role }, { role: input.role });
      return { ok: true as const };
    }),

  removeMember: teamAdminProcedure.input(z.object({ user_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    const before = await ctx.db.membership.findFirst({ where: { teamId: ctx.team.id, userId: input.user_id }, include: { user: true } });
    await changeMember(ctx.db, ctx.team, ctx.user.id, input.user_id, null);
    if (before) await auditMember(ctx, "member.removed", before, { role: before.role }, null);
    return { ok: true as const };
  }),

  invite: teamAdminProcedure
    .input(z.object({ email: z.email().max(255), role: membershipRole }))
    .output(sentInvitation)
    .mutation(async ({ ctx, input }) => {
      const sent = await inviteMember(ctx.db, ctx.team, ctx.user, input);
      await auditInvitation(ctx, "invitation.created", sent);
      return sent;
    }),

  resendInvitation: teamAdminProcedure
    .input(z.object({ invitation_id: z.string().max(100) }))
    .output(sentInvitation)
    .mutation(async ({ ctx, input }) => {
      const sent = await resendInvitation(ctx.db, ctx.team, ctx.user, input.invitation_id);
      await auditInvitation(ctx, "invitation.resent", sent);
      return sent;
    }),

  revokeInvitation: teamAdminProcedure.input(z.object({ invitation_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    const revoked = await revokeInvitation(ctx.db, ctx.team, input.invitation_id);
    await auditInvitation(ctx, "invitation.revoked", revoked);
    return { ok: true as const };
  }),
});
