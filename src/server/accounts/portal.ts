import type { Db } from "@/server/kernel/db/client";
import { canManageTeam, navFor, roleIn, teamHostsChatbots, ownedAgencyWhere, teamRoleRelations, visibleTeamsWhere, type ChatbotRole, type NavKey } from "@/server/access";
import { isUuid } from "@/server/kernel/lib/ids";

/**
 * What the portal shows a signed-in user (docs/decisions/033-client-portal.md): the workspaces they work
 * in with their role there, whether they own an agency, the client workspace
 * an agency owner is "viewing as", and the navigation that follows from it.
 */
export interface PortalWorkspace {
  id: string;
  name: string;
  kind: string;
  role: ChatbotRole;
  can_manage_team: boolean;
}

/** Workspaces (agency and client teams, never personal ones, archived ones left out) with the caller's role. */
export async function listPortalWorkspaces(db: Db, userId: string): Promise<PortalWorkspace[]> {
  const teams = await db.team.findMany({
    // Visibility is the access layer's one rule; the portal also leaves archived workspaces out.
    where: { ...visibleTeamsWhere(userId), archivedAt: null },
    include: teamRoleRelations(userId),
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return teams.flatMap((team) => {
    if (!teamHostsChatbots(team.kind)) return [];
    const role = roleIn(userId, team);
    return role ? [{ id: team.id, name: team.name, kind: team.kind, role, can_manage_team: canManageTeam(role) }] : [];
  });
}

export interface PortalContext {
  agency: { id: string; name: string } | null;
  viewAs: { id: string; name: string } | null;
  workspaces: PortalWorkspace[];
  nav: NavKey[];
}

/**
 * `viewAsTeamId` (from the view-as cookie) counts only when it names a client
 * workspace of an agency the user owns; anything else is ignored.
 */
export async function portalContext(db: Db, userId: string, viewAsTeamId: string | null): Promise<PortalContext> {
  const [agency, workspaces] = await Promise.all([
    db.team.findFirst({ where: ownedAgencyWhere(userId), orderBy: { createdAt: "asc" }, select: { id: true, name: true } }),
    listPortalWorkspaces(db, userId),
  ]);
  const viewed =
    agency && viewAsTeamId && isUuid(viewAsTeamId)
      ? await db.team.findFirst({ where: { id: viewAsTeamId, agencyId: agency.id, kind: "client", archivedAt: null, deletedAt: null }, select: { id: true, name: true } })
      : null;
  const nav = navFor({
    ownsAgency: agency !== null,
    viewingAsClient: viewed !== null,
    manageableTeams: workspaces.filter((w) => w.can_manage_team).length,
    clientWorkspaces: workspaces.filter((w) => w.kind === "client").length,
  });
  return { agency, viewAs: viewed, workspaces, nav };
}
