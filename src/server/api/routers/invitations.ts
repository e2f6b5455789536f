import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { verifyPassword } from "@/server/auth/password";
import { AppError, validationError } from "@/server/errors";
import { acceptInvitation, lookupInvitation } from "@/server/services/invitations";
import { createUser } from "@/server/services/users";

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
      const result = await lookupInvitation(ctx.db, input.token);
      if (!result.ok) throw new AppError("RULE_VIOLATION", REASONS[result.reason]);
      const { invitation } = result;
      let user = await ctx.db.user.findUnique({ where: { email: invitation.email } });
      if (user) {
        if (!user.passwordHash || !(await verifyPassword(input.password, user.passwordHash))) {
          throw validationError({ password: ["The password does not match the account for this email."] });
        }
      } else {
        if (!input.name) throw validationError({ name: ["The name field is required."] });
        user = (await createUser(ctx.db, { email: invitation.email, name: input.name, password: input.password }, { personalTeam: false })).user;
      }
      const accepted = await acceptInvitation(ctx.db, invitation.id, user.id);
      if (!accepted) throw new AppError("RULE_VIOLATION", REASONS.used);
      return { email: user.email, team_id: accepted.teamId, role: accepted.role };
    }),
});
