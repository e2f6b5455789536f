import type { Team } from "@/generated/prisma/client";
import type { Db, Tx } from "@/server/kernel/db/client";
import { INVITATION_TTL_MS, signInvitationToken, verifyInvitationToken } from "@/server/accounts/invitation-token";
import { env } from "@/server/kernel/env";
import { verifyPassword } from "@/server/access";
import { validationError } from "@/server/kernel/errors";
import { createUser } from "@/server/accounts/users";
import { sendMail } from "@/server/kernel/mail/mailer";
import { invitationMail } from "@/server/kernel/mail/templates";
import { agencyOfTeam, brandForAgency, siteBaseUrl } from "@/server/branding";

export type InviteRole = "admin" | "editor" | "member";

/** Links point at the agency's verified custom domain when it has one, else APP_URL. */
export function acceptUrlBase(agency: Pick<Team, "customDomain" | "customDomainVerifiedAt"> | null): string {
  return siteBaseUrl(agency);
}

export function acceptUrl(invitationId: string, expiresAt: Date, agency: Pick<Team, "customDomain" | "customDomainVerifiedAt"> | null): string {
  const token = signInvitationToken(invitationId, expiresAt, env().NEXTAUTH_SECRET);
  return `${acceptUrlBase(agency)}/invitations/accept?token=${encodeURIComponent(token)}`;
}

type AgencyDomain = Pick<Team, "customDomain" | "customDomainVerifiedAt"> | null;

/**
 * A new invitation, in the caller's transaction. One open invitation per
 * address and workspace (a partial unique index): an expired one is withdrawn
 * and replaced; a pending one is a 422 that says to resend it. The e-mail goes
 * out after the commit (`deliverInvitation`), so a rolled-back invitation is never mailed.
 */
export async function createInvitation(tx: Tx, input: { teamId: string; email: string; role: InviteRole; invitedById: string; agency: AgencyDomain }) {
  const email = input.email.toLowerCase();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await tx.invitation.updateMany({
    where: { teamId: input.teamId, email, acceptedAt: null, revokedAt: null, expiresAt: { lte: new Date() } },
    data: { revokedAt: new Date() },
  });
  const [created] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO invitations (team_id, email, role, invited_by_id, expires_at)
    VALUES (${input.teamId}::uuid, ${email}, ${input.role}::member_role, ${input.invitedById}::uuid, ${expiresAt})
    ON CONFLICT (team_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL DO NOTHING
    RETURNING id::text AS id`;
  if (!created) throw validationError({ email: ["This address already has a pending invitation to the workspace: resend it instead."] });
  return { id: created.id, email, role: input.role, expiresAt, accept_url: acceptUrl(created.id, expiresAt, input.agency) };
}

/**
 * E-mails an invitation with the brand of the workspace's agency (its verified
 * domain in the link) and records whether it went out. Never throws for a mail
 * failure: the link is also returned, to share another way.
 */
export async function deliverInvitation(db: Db, invitationId: string, inviterName: string | null) {
  const invitation = await db.invitation.findUniqueOrThrow({ where: { id: invitationId }, include: { team: true } });
  const agency = await agencyOfTeam(db, invitation.team);
  const url = acceptUrl(invitation.id, invitation.expiresAt, agency);
  const mail = await sendMail(
    invitationMail(brandForAgency(agency), {
      to: invitation.email,
      teamName: invitation.team.name,
      role: invitation.role,
      inviterName,
      acceptUrl: url,
      expiresAt: invitation.expiresAt,
    }),
  );
  await db.invitation.update({
    where: { id: invitation.id },
    data: mail.sent ? { mailSentAt: new Date(), mailError: null } : { mailError: mail.reason },
  });
  return { accept_url: url, mail_sent: mail.sent, mail_error: mail.sent ? null : mail.reason };
}

export type InvitationLookup =
  | { ok: true; invitation: { id: string; email: string; role: InviteRole; teamId: string; teamName: string; hasAccount: boolean } }
  | { ok: false; reason: "malformed" | "tampered" | "expired" | "used" | "revoked" | "not_found" };

/** What the accept page shows for a link, or why it cannot be used. */
export async function lookupInvitation(db: Db, token: string): Promise<InvitationLookup> {
  const check = verifyInvitationToken(token, env().NEXTAUTH_SECRET);
  if (!check.ok) return check;
  const invitation = await db.invitation.findUnique({ where: { id: check.invitationId }, include: { team: true } });
  if (!invitation) return { ok: false, reason: "not_found" };
  if (invitation.acceptedAt) return { ok: false, reason: "used" };
  if (invitation.revokedAt) return { ok: false, reason: "revoked" };
  if (invitation.expiresAt <= new Date()) return { ok: false, reason: "expired" };
  const account = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true } });
  return {
    ok: true,
    invitation: {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      teamId: invitation.teamId,
      teamName: invitation.team.name,
      hasAccount: Boolean(account),
    },
  };
}

/** Joins the invited workspace with the invited role; the link can be used once. */
export async function acceptInvitation(db: Db, invitationId: string, userId: string) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.invitation.updateMany({
      where: { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      data: { acceptedAt: new Date(), acceptedByUserId: userId },
    });
    if (claimed.count !== 1) return null;
    const invitation = await tx.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    await tx.membership.upsert({
      where: { teamId_userId: { teamId: invitation.teamId, userId } },
      create: { teamId: invitation.teamId, userId, role: invitation.role },
      update: { role: invitation.role },
    });
    await tx.user.update({ where: { id: userId }, data: { currentTeamId: invitation.teamId } });
    return invitation;
  });
}

/**
 * The accept page's action: creates the login (or checks the existing one's
 * password) and joins the workspace. A link that cannot be used answers its
 * reason; a wrong password or a missing name is a 422 on that field.
 */
export async function acceptInvitationWithLogin(db: Db, token: string, input: { name?: string; password: string }) {
  const result = await lookupInvitation(db, token);
  if (!result.ok) return { ok: false as const, reason: result.reason };
  const { invitation } = result;
  let user = await db.user.findUnique({ where: { email: invitation.email } });
  if (user) {
    if (!user.passwordHash || !(await verifyPassword(input.password, user.passwordHash))) {
      throw validationError({ password: ["The password does not match the account for this email."] });
    }
  } else {
    if (!input.name) throw validationError({ name: ["The name field is required."] });
    // Invited people work inside the workspace they join: no personal team (no unmetered side door).
    user = (await createUser(db, { email: invitation.email, name: input.name, password: input.password }, { personalTeam: false })).user;
  }
  const accepted = await acceptInvitation(db, invitation.id, user.id);
  if (!accepted) return { ok: false as const, reason: "used" as const };
  return { ok: true as const, email: user.email, teamId: accepted.teamId, role: accepted.role };
}
