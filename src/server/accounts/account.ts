import type { User } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { hashPassword, verifyPassword } from "@/server/access";
import { hashResetToken, newResetToken, PASSWORD_RESET_TTL_MS } from "@/server/accounts/reset-token";
import { AppError, validationError } from "@/server/kernel/errors";
import { afterResponse } from "@/server/kernel/lib/after-response";
import { sendMail } from "@/server/kernel/mail/mailer";
import { passwordResetMail } from "@/server/kernel/mail/templates";
import { agencyForHost, agencyBrand, PLATFORM_BRAND, siteBaseUrl } from "@/server/branding";

/**
 * The signed-in user's account (docs/decisions/033-client-portal.md): profile, password, "sign out
 * everywhere", and password reset by e-mail.
 *
 * Sessions are JWTs; `users.sessions_valid_after` is the cut: next-auth's `jwt`
 * callback refuses tokens whose sign-in happened before it.
 */

export async function updateProfile(db: Db, userId: string, input: { name: string }) {
  return db.user.update({ where: { id: userId }, data: { name: input.name } });
}

/** Ends every session of the user, this one included. */
export async function signOutEverywhere(db: Db, userId: string) {
  await db.user.update({ where: { id: userId }, data: { sessionsValidAfter: new Date() } });
}

/** Checks the current password, stores the new one and ends every session (sign in again with the new one). */
export async function changePassword(db: Db, user: User, input: { current_password: string; new_password: string }) {
  if (!user.passwordHash || !(await verifyPassword(input.current_password, user.passwordHash))) {
    throw validationError({ current_password: ["The current password is not correct."] });
  }
  if (input.current_password === input.new_password) throw validationError({ new_password: ["Choose a password different from the current one."] });
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.new_password), sessionsValidAfter: new Date() } });
}

/**
 * Sends a reset link when an account has this e-mail; says nothing either way
 * (no account enumeration): the look-up, the link and the e-mail all happen
 * after the answer (afterResponse), so a known address answers exactly as fast
 * as an unknown one. On an agency's verified custom domain the link and the
 * e-mail carry the agency's domain and brand.
 */
export function requestPasswordReset(db: Db, email: string, host: string | null): void {
  afterResponse("password reset", () => sendPasswordReset(db, email, host));
}

async function sendPasswordReset(db: Db, email: string, host: string | null) {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() } });
  if (!user) return;
  const { token, hash } = newResetToken();
  await db.passwordResetToken.create({ data: { userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) } });
  const agency = await agencyForHost(db, host);
  const base = siteBaseUrl(agency);
  const brand = agency ? agencyBrand(agency) : PLATFORM_BRAND;
  const resetUrl = `${base}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(passwordResetMail(brand, { to: user.email, resetUrl, validMinutes: PASSWORD_RESET_TTL_MS / 60_000 }));
}

const INVALID_LINK = "This reset link is not valid any more: it was already used or has expired. Ask for a new one.";

/** Whether a reset link can still be used (for the reset page). */
export async function resetTokenUsable(db: Db, token: string): Promise<boolean> {
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: hashResetToken(token) } });
  return Boolean(row && !row.usedAt && row.expiresAt > new Date());
}

/** Uses a reset link once: sets the new password and ends every existing session. */
export async function resetPassword(db: Db, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const tokenHash = hashResetToken(token);
  await db.$transaction(async (tx) => {
    const now = new Date();
    const row = await tx.passwordResetToken.findUnique({ where: { tokenHash } });
    const claimed = row
      ? await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } })
      : { count: 0 };
    if (!row || claimed.count !== 1) throw new AppError("RULE_VIOLATION", INVALID_LINK);
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash, sessionsValidAfter: now } });
    // Any other link sent to this user stops working too.
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
  });
}
