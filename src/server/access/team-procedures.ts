/**
 * Team administration (docs/decisions/033-client-portal.md): `teamProcedure` from the access layer
 * (`ctx.team`, `ctx.role`; another tenant's or a malformed id is NOT_FOUND),
 * narrowed to the roles that may manage the team's members (FORBIDDEN).
 */
import { teamProcedure } from "@/server/access/procedures";
import { canManageTeam } from "@/server/access/team-management";
import { AppError } from "@/server/kernel/errors";

/** Admins of the workspace and its owner (the agency owner for a client workspace). */
export const teamAdminProcedure = teamProcedure.use(({ ctx, next }) => {
  if (!canManageTeam(ctx.role)) throw new AppError("FORBIDDEN", "Only the workspace's admins can manage its team.");
  return next({ ctx });
});

/**
 * A client workspace's own admins, never the owner of its agency (docs/decisions/125-redaction-and-the-agencys-visits.md):
 * what the workspace asks of its agency is the client's to decide, so the agency cannot lift it alone.
 */
export const clientAdminProcedure = teamProcedure.use(({ ctx, next }) => {
  if (ctx.team.kind !== "client" || ctx.agencyOwner || !canManageTeam(ctx.role)) {
    throw new AppError("FORBIDDEN", "Only the client workspace's own admins decide what its agency may see.");
  }
  return next({ ctx });
});
