import type { Chatbot, Team } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { canEditChatbot, effectiveRole, type ChatbotRole } from "@/server/domain/permissions";
import { AppError } from "@/server/errors";
import { isUuid } from "@/server/lib/ids";

/**
 * The caller's role for one chatbot (or team), resolved from the database:
 * the membership role in the chatbot's team, with the owner of the team's
 * agency (and the team's own owner) counting as `owner`. Visibility is the
 * same as `services/tenancy.ts`.
 */

const teamRelations = (userId: string) =>
  ({
    agency: { select: { ownerId: true, kind: true } },
    memberships: { where: { userId }, select: { role: true } },
  }) as const;
const teamFacts = (userId: string) => ({ ownerId: true, ...teamRelations(userId) }) as const;

type TeamFacts = { ownerId: string; agency: { ownerId: string; kind: string } | null; memberships: { role: "admin" | "editor" | "member" }[] };

function roleFrom(userId: string, team: TeamFacts): ChatbotRole | null {
  return effectiveRole({
    membershipRole: team.memberships[0]?.role ?? null,
    ownsTeam: team.ownerId === userId,
    ownsAgencyOfTeam: team.agency !== null && team.agency.kind === "agency" && team.agency.ownerId === userId,
  });
}

/** The chatbot and the caller's role, or null when it does not exist, is deleted, or is not visible (also for a malformed id). */
export async function resolveChatbotRole(db: Db, userId: string, chatbotId: string): Promise<{ chatbot: Chatbot; role: ChatbotRole } | null> {
  if (!isUuid(chatbotId)) return null;
  const found = await db.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null }, include: { team: { select: teamFacts(userId) } } });
  if (!found) return null;
  const { team, ...chatbot } = found;
  const role = roleFrom(userId, team);
  return role ? { chatbot, role } : null;
}

/** The caller's role in a team (for creating chatbots), or null when the team is not visible. */
export async function resolveTeamRole(db: Db, userId: string, teamId: string): Promise<{ team: Team; role: ChatbotRole } | null> {
  if (!isUuid(teamId)) return null;
  const found = await db.team.findUnique({ where: { id: teamId }, include: teamRelations(userId) });
  if (!found) return null;
  const { agency: _agency, memberships: _memberships, ...team } = found;
  const role = roleFrom(userId, found);
  return role ? { team, role } : null;
}

/** Teams in which the caller may create and edit chatbots, by name. */
export async function listEditableTeams(db: Db, userId: string): Promise<Array<{ id: string; name: string; kind: string; role: ChatbotRole }>> {
  const teams = await db.team.findMany({
    where: { OR: [{ memberships: { some: { userId } } }, { agency: { ownerId: userId, kind: "agency" } }] },
    include: teamRelations(userId),
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return teams.flatMap((team) => {
    const role = roleFrom(userId, team);
    return role && canEditChatbot(role) ? [{ id: team.id, name: team.name, kind: team.kind, role }] : [];
  });
}

/** For reads: the chatbot and role, else NOT_FOUND. */
export async function chatbotForReading(db: Db, userId: string, chatbotId: string) {
  const access = await resolveChatbotRole(db, userId, chatbotId);
  if (!access) throw new AppError("NOT_FOUND", "Chatbot not found.");
  return access;
}

/** For changes: NOT_FOUND when not visible, FORBIDDEN when visible but read-only (a `member`). */
export async function chatbotForEditing(db: Db, userId: string, chatbotId: string) {
  const access = await chatbotForReading(db, userId, chatbotId);
  if (!canEditChatbot(access.role)) throw new AppError("FORBIDDEN", "Your role in this workspace can view this chatbot but not change it.");
  return access;
}
