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
