import type { ChatbotRole, MembershipRole } from "@/server/access/permissions";

/**
 * Who may manage a workspace's team, and which changes are refused (docs/decisions/008-roles-and-permissions.md).
 * Pure rules; the services read the facts from the database.
 */

/** Members, roles and invitations: the workspace's admins and the owner (agency owner or team owner). */
export function canManageTeam(role: ChatbotRole): boolean {
  return role === "owner" || role === "admin";
}

export interface MemberChange {
  actorUserId: string;
  targetUserId: string;
  targetRole: MembershipRole;
  /** The new role, or null for a removal. */
  newRole: MembershipRole | null;
  /** How many admins the workspace has now (memberships with role admin). */
  adminCount: number;
  /** A client workspace always has the agency's owner in charge, so it may be left without an admin. */
  hasAgencyOwner: boolean;
  /** The user who owns the team (a personal or agency team): never removed or demoted. */
  teamOwnerId: string;
}

/** Why a role change or removal is refused, in plain words, or null when it may go ahead. */
export function memberChangeRefusal(change: MemberChange): string | null {
  if (change.actorUserId === change.targetUserId) {
    return change.newRole === null ? "You cannot remove yourself from the workspace." : "You cannot change your own role. Ask another admin.";
  }
  if (change.targetUserId === change.teamOwnerId && !change.hasAgencyOwner) {
    return "The owner of this team cannot be removed or given another role.";
  }
  const losesAdmin = change.targetRole === "admin" && change.newRole !== "admin";
  if (losesAdmin && change.adminCount <= 1 && !change.hasAgencyOwner) {
    return "A workspace needs at least one admin. Make someone else an admin first.";
  }
  return null;
}

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";

export function invitationState(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt <= now) return "expired";
  return "pending";
}
