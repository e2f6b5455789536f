/**
 * Team-scoped procedures (issue 13): the input carries `team_id`; the team the
 * caller may see and their role are on `ctx.team` / `ctx.role`. Another
 * tenant's (or a malformed) id is NOT_FOUND; a role too weak to manage the
 * team is FORBIDDEN. To be folded into the access module (issue 8).
 */
import { z } from "zod";
import { authenticatedProcedure } from "@/server/api/trpc";
import { canManageTeam } from "@/server/domain/team-management";
import { AppError } from "@/server/errors";
import { resolveTeamRole } from "@/server/services/chatbot-access";

export const teamIdParam = z.object({ team_id: z.string().max(100) });

/** Any role that can see the team (owner, admin, editor, member). */
export const teamProcedure = authenticatedProcedure.input(teamIdParam).use(async ({ ctx, input, next }) => {
  const access = await resolveTeamRole(ctx.db, ctx.user.id, input.team_id);
  if (!access) throw new AppError("NOT_FOUND", "Workspace not found.");
  return next({ ctx: { ...ctx, team: access.team, role: access.role } });
});

/** Admins of the workspace and its owner (the agency owner for a client workspace). */
export const teamAdminProcedure = teamProcedure.use(({ ctx, next }) => {
  if (!canManageTeam(ctx.role)) throw new AppError("FORBIDDEN", "Only the workspace's admins can manage its team.");
  return next({ ctx });
});
