import type { Prisma } from "@/generated/prisma/client";
import { canEditChatbot, effectiveRole, type ChatbotRole } from "@/server/access/permissions";
import { AppError } from "@/server/kernel/errors";
import { ownedAgencySqlCondition, ownedAgencyWhere, ownsAgencyTeam } from "./agency-owner";

/**
 * How a caller's role in a team is read from the database: their membership
 * in it, and whether they own it or the agency it belongs to. The pure rule
 * is `access/permissions.effectiveRole`.
 */
export const teamRoleRelations = (userId: string) =>
  ({
    agency: { select: { ownerId: true, kind: true, plan: true } },
    memberships: { where: { userId }, select: { role: true } },
  }) as const satisfies Prisma.TeamInclude;

export interface TeamRoleFacts {
  ownerId: string;
  agency: { ownerId: string; kind: string; plan: string } | null;
  memberships: { role: "admin" | "editor" | "member" }[];
}

export function roleIn(userId: string, team: TeamRoleFacts): ChatbotRole | null {
  return effectiveRole({
    membershipRole: team.memberships[0]?.role ?? null,
    ownsTeam: team.ownerId === userId,
    ownsAgencyOfTeam: ownsAgencyTeam(userId, team.agency),
  });
}

/**
 * The teams whose chatbots a user sees, as a `where` clause: every team they
 * belong to, and every workspace of an agency they own. The same rule as
 * `roleIn` (a role is never null for these teams), so lists and single
 * look-ups agree.
 */
export const visibleTeamsWhere = (userId: string) =>
  ({ deletedAt: null, OR: [{ memberships: { some: { userId } } }, { agency: ownedAgencyWhere(userId) }] }) as const satisfies Prisma.TeamWhereInput;

/**
 * `visibleTeamsWhere` in SQL, for hot lists written as one statement
 * (chatbots/chatbot-list.listVisibleChatbots): a condition on the team aliased
 * `teamAlias`, the user id being the statement's parameter `$userParam`.
 * tests/integration/visible-chatbots.test.ts holds both forms to the same rule.
 */
export const visibleTeamSql = (teamAlias: string, userParam: number) =>
  `(${teamAlias}.deleted_at IS NULL AND (EXISTS (SELECT 1 FROM memberships vm WHERE vm.team_id = ${teamAlias}.id AND vm.user_id = $${userParam})
    OR EXISTS (SELECT 1 FROM teams va WHERE va.id = ${teamAlias}.agency_id AND ${ownedAgencySqlCondition("va", `$${userParam}`)})))`;

/** A resource found with the caller's role, or NOT_FOUND (another tenant's resource is never "forbidden"). */
export function visibleOrNotFound<T>(access: T | null, message: string): T {
  if (!access) throw new AppError("NOT_FOUND", message);
  return access;
}

/** The same access when its role may change things (not a `member`), else FORBIDDEN. */
export function editableOrForbidden<T extends { role: ChatbotRole }>(access: T, message: string): T {
  if (!canEditChatbot(access.role)) throw new AppError("FORBIDDEN", message);
  return access;
}
