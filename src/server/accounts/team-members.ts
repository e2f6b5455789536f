import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { INVITATION_TTL_MS } from "@/server/accounts/invitation-token";
import type { ChatbotRole, MembershipRole } from "@/server/access";
import { invitationState, memberChangeRefusal } from "@/server/access";
import { AppError, validationError } from "@/server/kernel/errors";
import { isoOffset } from "@/server/kernel/lib/timestamps";
import { isUuid } from "@/server/kernel/lib/ids";
import { agencyOfTeam } from "@/server/branding";
import { acceptUrl, createInvitation } from "@/server/accounts/invitations";

/**
 * Team management in a workspace (docs/decisions/033-client-portal.md): members and their roles, pending
 * invitations with resend and revoke. The caller's right to manage the team is
 * checked by `teamAdminProcedure`; these functions take the checked team.
 */

export async function teamOverview(db: Db, team: Team, actor: { id: string; role: ChatbotRole }) {
  const [memberships, invitations, agency] = await Promise.all([
    db.membership.findMany({ where: { teamId: team.id }, include: { user: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.invitation.findMany({ where: { teamId: team.id, acceptedAt: null }, include: { invitedBy: true }, orderBy: { createdAt: "desc" } }),
    agencyOfTeam(db, team),
  ]);
  const now = new Date();
  const agencyOwner = team.kind === "client" && agency ? await db.user.findUnique({ where: { id: agency.ownerId } }) : null;
  return {
    team: { id: team.id, name: team.name, kind: team.kind, show_agent_names: team.showAgentNames },
    your_role: actor.role,
    agency_owner: agencyOwner ? { name: agencyOwner.name, email: agencyOwner.email, is_you: agencyOwner.id === actor.id } : null,
    members: memberships.map((m) => ({
      user_id: m.userId,
      name: m.user.name,
      email: m.user.email,
      role: m.role,
      is_you: m.userId === actor.id,
      joined_at: isoOffset(m.createdAt),
    })),
    invitations: invitations
      .map((i) => ({ i, state: invitationState(i, now) }))
      .filter(({ state }) => state === "pending" || state === "expired")
      .map(({ i, state }) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        state,
        invited_by: i.invitedBy ? { name: i.invitedBy.name, email: i.invitedBy.email, is_you: i.invitedById === actor.id } : null,
        created_at: isoOffset(i.createdAt),
        expires_at: isoOffset(i.expiresAt),
        accept_url: state === "pending" ? acceptUrl(i.id, i.expiresAt, agency) : null,
      })),
  };
}

async function membershipOf(db: Pick<Db, "membership">, teamId: string, userId: string) {
  const membership = isUuid(userId) ? await db.membership.findUnique({ where: { teamId_userId: { teamId, userId } } }) : null;
  if (!membership) throw new AppError("NOT_FOUND", "This person is not a member of the workspace.");
  return membership;
}

/** Changes a member's role (newRole) or removes them (null), within the team-management rules. */
export async function changeMember(db: Db, team: Team, actorId: string, userId: string, newRole: MembershipRole | null) {
  return db.$transaction(async (tx) => {
    // One change at a time per team, so two admins cannot demote each other into a team without one.
    await tx.$queryRaw`SELECT id FROM teams WHERE id = ${team.id}::uuid FOR UPDATE`;
    const membership = await membershipOf(tx, team.id, userId);
    const adminCount = await tx.membership.count({ where: { teamId: team.id, role: "admin" } });
    const refusal = memberChangeRefusal({
      actorUserId: actorId,
      targetUserId: userId,
      targetRole: membership.role,
      newRole,
      adminCount,
      hasAgencyOwner: team.kind === "client" && team.agencyId !== null,
      teamOwnerId: team.ownerId,
    });
    if (refusal) throw new AppError("RULE_VIOLATION", refusal);
    if (newRole === null) {
      await tx.membership.delete({ where: { id: membership.id } });
      // Their current workspace no longer is one of theirs: the next page load picks another.
      await tx.user.updateMany({ where: { id: userId, currentTeamId: team.id }, data: { currentTeamId: null } });
    } else {
      await tx.membership.update({ where: { id: membership.id }, data: { role: newRole } });
    }
  });
}

/**
 * Opens an invitation, in the caller's transaction (with its audit entry);
 * the caller e-mails it after the commit (`deliverInvitation`), so a rolled-back
 * invitation is never mailed.
 */
export async function openMemberInvitation(db: Db, team: Team, actorId: string, input: { email: string; role: MembershipRole }) {
  const email = input.email.toLowerCase();
  const existing = await db.membership.findFirst({ where: { teamId: team.id, user: { email } } });
  if (existing) throw validationError({ email: ["This person is already a member of the workspace."] });
  const agency = await agencyOfTeam(db, team);
  const invitation = await db.$transaction((tx) => createInvitation(tx, { teamId: team.id, email, role: input.role, invitedById: actorId, agency }));
  return { id: invitation.id, email, role: invitation.role };
}

async function openInvitation(db: Db, teamId: string, invitationId: string) {
  const invitation = isUuid(invitationId) ? await db.invitation.findFirst({ where: { id: invitationId, teamId } }) : null;
  if (!invitation) throw new AppError("NOT_FOUND", "Invitation not found.");
  const state = invitationState(invitation);
  if (state === "accepted") throw new AppError("RULE_VIOLATION", "This invitation was already accepted.");
  if (state === "revoked") throw new AppError("RULE_VIOLATION", "This invitation was revoked. Invite the person again.");
  return invitation;
}

/** Gives an open invitation a fresh week of validity (the old link keeps working until it expires); the caller e-mails it again after the commit. */
export async function renewInvitation(db: Db, team: Team, invitationId: string) {
  const invitation = await openInvitation(db, team.id, invitationId);
  const renewed = await db.invitation.update({ where: { id: invitation.id }, data: { expiresAt: new Date(Date.now() + INVITATION_TTL_MS) } });
  return { id: renewed.id, email: renewed.email, role: renewed.role };
}

/** Revokes an invitation: its link stops working at once. */
export async function revokeInvitation(db: Db, team: Team, invitationId: string) {
  const invitation = await openInvitation(db, team.id, invitationId);
  const revoked = await db.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
  if (revoked.count !== 1) throw new AppError("RULE_VIOLATION", "This invitation was accepted or revoked meanwhile.");
  return invitation;
}
