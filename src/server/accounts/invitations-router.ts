import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/access";
import { AppError } from "@/server/kernel/errors";
import { acceptInvitationWithLogin, lookupInvitation } from "@/server/accounts/invitations";

const REASONS = {
  malformed: "This invitation link is not valid. Check that you copied the whole link.",
  tampered: "This invitation link is not valid: it was changed after it was sent.",
  expired: "This invitation link has expired. Ask the person who invited you for a new one.",
  used: "This invitation link has already been used. Sign in to reach the workspace.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  not_found: "This invitation no longer exists. Ask the person who invited you for a new one.",
} as const;

/** The portal invitation page: anyone holding a signed link may look at it and accept it. */
export const invitationsRouter = createTRPCRouter({
  lookup: publicProcedure.input(z.object({ token: z.string().max(2000) })).query(async ({ ctx, input }) => {
    const result = await lookupInvitation(ctx.db, input.token);
    return result.ok
      ? { ok: true as const, invitation: { email: result.invitation.email, role: result.invitation.role, team_name: result.invitation.teamName, has_account: result.invitation.hasAccount } }
      : { ok: false as const, reason: result.reason, message: REASONS[result.reason] };
  }),

  /** Creates the login (or checks the existing one's password) and joins the workspace with the invited role. */
  accept: publicProcedure
    .input(z.object({ token: z.string().max(2000), name: z.string().trim().min(1).max(255).optional(), password: z.string().min(8).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const result = await acceptInvitationWithLogin(ctx.db, input.token, input);
      if (!result.ok) throw new AppError("RULE_VIOLATION", REASONS[result.reason]);
      return { email: result.email, team_id: result.teamId, role: result.role };
    }),
});
