import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { canEditChatbot, type ChatbotRole } from "@/server/access/permissions";
import { isUuid } from "@/server/kernel/lib/ids";
import { ownsAgencyTeam } from "@/server/access/agency-owner";
import { editableOrForbidden, roleIn, teamRoleRelations, visibleOrNotFound, visibleTeamsWhere } from "@/server/access/roles";

export interface TeamAccess {
  team: Team;
  role: ChatbotRole;
  /** The caller owns the workspace's agency (their role comes from it, whatever else they are). */
  agencyOwner: boolean;
}

/** The team and the caller's role in it, or null when it does not exist or is not visible (also for a malformed id). */
async function findTeamAccess(db: Db, userId: string, teamId: string): Promise<TeamAccess | null> {
  if (!isUuid(teamId)) return null;
  const found = await db.team.findUnique({ where: { id: teamId }, include: teamRoleRelations(userId) });
  if (!found || found.deletedAt) return null;
  const { agency: _agency, memberships: _memberships, ...team } = found;
  const role = roleIn(userId, found);
  return role ? { team, role, agencyOwner: ownsAgencyTeam(userId, found.agency) } : null;
}

/** For reads: the team and the caller's role, else NOT_FOUND. */
export async function readableTeam(db: Db, userId: string, teamId: string): Promise<TeamAccess> {
  return visibleOrNotFound(await findTeamAccess(db, userId, teamId), "Team not found.");
}

/** For changes (e.g. creating a chatbot): NOT_FOUND when not visible, FORBIDDEN for a read-only role. */
export async function editableTeam(db: Db, userId: string, teamId: string): Promise<TeamAccess> {
  return editableOrForbidden(await readableTeam(db, userId, teamId), "Your role in this workspace cannot create chatbots.");
}

/** Teams in which the caller may create and edit chatbots, by name. */
export async function listEditableTeams(db: Db, userId: string): Promise<Array<{ id: string; name: string; kind: string; role: ChatbotRole }>> {
  const teams = await db.team.findMany({
    where: visibleTeamsWhere(userId),
    include: teamRoleRelations(userId),
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return teams.flatMap((team) => {
    const role = roleIn(userId, team);
    return role && canEditChatbot(role) ? [{ id: team.id, name: team.name, kind: team.kind, role }] : [];
  });
}
