import { z } from "zod";
import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { actorOf, auditedChange, recordAudit } from "@/server/audit";
import { deliverInvitation } from "@/server/accounts/invitations";
import { authenticatedProcedure, createTRPCRouter } from "@/server/access";
import { teamAdminProcedure } from "@/server/access";
import { listPortalWorkspaces } from "@/server/accounts/portal";
import { changeMember, openMemberInvitation, renewInvitation, revokeInvitation, teamOverview } from "@/server/accounts/team-members";

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
  db: Db,
  ctx: TeamCaller,
  action: "member.role_changed" | "member.removed",
  member: { userId: string; user: { name: string | null; email: string } },
  before: Record<string, unknown>,
  after: Record<string, unknown> | null,
) {
  return recordAudit(db, {
    agencyId: ctx.team.agencyId,
    teamId: ctx.team.id,
    actor: actorOf(ctx),
    action,
    target: { type: "member", id: member.userId, name: member.user.name || member.user.email },
    before,
    after,
  });
}

function auditInvitation(db: Db, ctx: TeamCaller, action: "invitation.created" | "invitation.resent" | "invitation.revoked", invitation: { id: string; email: string; role: string }) {
  return recordAudit(db, {
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
      await auditedChange(ctx.db, async (db) => {
        const before = await db.membership.findFirst({ where: { teamId: ctx.team.id, userId: input.user_id }, include: { user: true } });
        await changeMember(db, ctx.team, ctx.user.id, input.user_id, input.role);
        if (before && before.role !== input.role) await auditMember(db, ctx, "member.role_changed", before, { role: before.role }, { role: input.role });
      });
      return { ok: true as const };
    }),

  removeMember: teamAdminProcedure.input(z.object({ user_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await auditedChange(ctx.db, async (db) => {
      const before = await db.membership.findFirst({ where: { teamId: ctx.team.id, userId: input.user_id }, include: { user: true } });
      await changeMember(db, ctx.team, ctx.user.id, input.user_id, null);
      if (before) await auditMember(db, ctx, "member.removed", before, { role: before.role }, null);
    });
    return { ok: true as const };
  }),

  invite: teamAdminProcedure
    .input(z.object({ email: z.email().max(255), role: membershipRole }))
    .output(sentInvitation)
    .mutation(async ({ ctx, input }) => {
      const opened = await auditedChange(ctx.db, async (db) => {
        const invitation = await openMemberInvitation(db, ctx.team, ctx.user.id, input);
        await auditInvitation(db, ctx, "invitation.created", invitation);
        return invitation;
      });
      return { ...opened, ...(await deliverInvitation(ctx.db, opened.id, ctx.user.name || null)) };
    }),

  resendInvitation: teamAdminProcedure
    .input(z.object({ invitation_id: z.string().max(100) }))
    .output(sentInvitation)
    .mutation(async ({ ctx, input }) => {
      const renewed = await auditedChange(ctx.db, async (db) => {
        const invitation = await renewInvitation(db, ctx.team, input.invitation_id);
        await auditInvitation(db, ctx, "invitation.resent", invitation);
        return invitation;
      });
      return { ...renewed, ...(await deliverInvitation(ctx.db, renewed.id, ctx.user.name || null)) };
    }),

  /** What visitors see of the person who replies or resolves: their first name, or "the team" (record 128). */
  setVisitorNames: teamAdminProcedure.input(z.object({ show_agent_names: z.boolean() })).mutation(async ({ ctx, input }) => {
    await ctx.db.team.update({ where: { id: ctx.team.id }, data: { showAgentNames: input.show_agent_names } });
    return { show_agent_names: input.show_agent_names };
  }),

  revokeInvitation: teamAdminProcedure.input(z.object({ invitation_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await auditedChange(ctx.db, async (db) => {
      const revoked = await revokeInvitation(db, ctx.team, input.invitation_id);
      await auditInvitation(db, ctx, "invitation.revoked", revoked);
    });
    return { ok: true as const };
  }),
});
