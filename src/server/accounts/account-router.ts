import { z } from "zod";
import { authenticatedProcedure, createTRPCRouter, publicProcedure } from "@/server/access";
import { throttlePasswordReset } from "@/server/accounts/password-reset-throttle";
import { serializeUser, userSchema } from "@/server/accounts/user-serializer";
import { changePassword, requestPasswordReset, resetPassword, resetTokenUsable, signOutEverywhere, updateProfile } from "@/server/accounts/account";

const newPassword = z.string().min(8, "The password must be at least 8 characters.").max(200);

/** The signed-in user's account, and password reset (dashboard only). */
export const accountRouter = createTRPCRouter({
  updateProfile: authenticatedProcedure
    .input(z.object({ name: z.string().trim().min(1).max(255) }))
    .output(z.object({ user: userSchema }))
    .mutation(async ({ ctx, input }) => ({ user: serializeUser(await updateProfile(ctx.db, ctx.user.id, input)) })),

  changePassword: authenticatedProcedure
    .input(z.object({ current_password: z.string().min(1).max(200), new_password: newPassword }))
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.user, input);
      return { ok: true as const };
    }),

  signOutEverywhere: authenticatedProcedure.mutation(async ({ ctx }) => {
    await signOutEverywhere(ctx.db, ctx.user.id);
    return { ok: true as const };
  }),

  requestPasswordReset: publicProcedure.input(z.object({ email: z.email().max(255) })).mutation(async ({ ctx, input }) => {
    await throttlePasswordReset(input.email, ctx.request?.ip ?? "unknown");
    requestPasswordReset(ctx.db, input.email, ctx.request?.host ?? null);
    return { ok: true as const };
  }),

  resetLinkUsable: publicProcedure.input(z.object({ token: z.string().max(200) })).query(async ({ ctx, input }) => ({ usable: await resetTokenUsable(ctx.db, input.token) })),

  resetPassword: publicProcedure.input(z.object({ token: z.string().max(200), password: newPassword })).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, input.token, input.password);
    return { ok: true as const };
  }),
});
