import type { Prisma } from "@/generated/prisma/client";

/**
 * "Agency owner", defined once (docs/decisions/007-tenancy-and-the-access-layer.md):
 * a user owns an agency when they own a team of kind `agency` on the agency
 * plan. Every form the access layer needs — a Prisma `where`, an SQL
 * condition, a check on a loaded row — is built from this one constant, so
 * the agency-scoped routes, the visibility of client workspaces and the
 * portal cannot disagree.
 */
export const AGENCY_TEAM = { kind: "agency", plan: "agency" } as const;

/** The agency teams `userId` owns, as a Prisma `where` on teams. */
export const ownedAgencyWhere = (userId: string) => ({ ownerId: userId, ...AGENCY_TEAM }) as const satisfies Prisma.TeamWhereInput;

/** The same condition in SQL on the teams row aliased `alias`, the owner being the SQL expression `user`. */
export const ownedAgencySqlCondition = (alias: string, user: string) =>
  `${alias}.owner_id = ${user} AND ${alias}.kind = '${AGENCY_TEAM.kind}' AND ${alias}.plan = '${AGENCY_TEAM.plan}'`;

/** The same check on a loaded team. */
export const ownsAgencyTeam = (userId: string, team: { ownerId: string; kind: string; plan: string } | null | undefined): boolean =>
  team != null && team.ownerId === userId && team.kind === AGENCY_TEAM.kind && team.plan === AGENCY_TEAM.plan;
