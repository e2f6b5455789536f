import type { Team } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { canEditChatbot, type ChatbotRole } from "@/server/domain/permissions";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";
import { roleIn, teamRoleRelations, visibleTeamsWhere } from "@/server/access/roles";

export interface TeamAccess {
  team: Team;
  role: ChatbotRole;
}

/** The team and the caller's role in it, or null when it does not exist or is not visible (also for a malformed id). */
async function findTeamAccess(db: Db, userId: string, teamId: string): Promise<TeamAccess | null> {
  if (!isUuid(teamId)) return null;
  const found = await db.team.findUnique({ where: { id: teamId }, include: teamRoleRelations(userId) });
  if (!found) return null;
  const { agency: _agency, memberships: _memberships, ...team } = found;
  const role = roleIn(userId, found);
  return role ? { team, role } : null;
}

/** For reads: the team and the caller's role, else NOT_FOUND. */
export async function readableTeam(db: Db, userId: string, teamId: string): Promise<TeamAccess> {
  const access = await findTeamAccess(db, userId, teamId);
  if (!access) throw new AppError("NOT_FOUND", "Team not found.");
  return access;
}

/** For changes (e.g. creating a chatbot): NOT_FOUND when not visible, FORBIDDEN for a read-only role. */
export async function editableTeam(db: Db, userId: string, teamId: string): Promise<TeamAccess> {
  const access = await readableTeam(db, userId, teamId);
  if (!canEditChatbot(access.role)) throw new AppError("FORBIDDEN", "Your role in this workspace cannot create chatbots.");
  return access;
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
