import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { linkIn } from "../helpers/mail-text";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";
import { trpcFailure } from "../helpers/trpc-failure";

/** Invitations the agency creates are e-mailed like a workspace admin's; one open invitation per address and workspace. */
let db: Db;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const agencyCaller = () => createCaller({ db, user: owner.user, via: "session", tokenId: null });
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  ({ db } = await createTestDatabase());
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { SMTP_URL: smtp.url });
  owner = await agencyOwner(db);
});

describe("agency-created invitations", () => {
  it("the new-client form's invitation is e-mailed, and the list says when", async () => {
    const { client, invitation } = await agencyCaller().agencyClients.create({ name: "Mailed Dental", invite_email: "Boss@Mailed.example" });
    expect(Object.keys(invitation!).sort()).toEqual(["accept_url", "email", "role"]);
    await smtp.waitFor(1);
    const [mail] = mailsTo("boss@mailed.example");
    expect(mail!.subject).toContain("Mailed Dental");
    expect(linkIn(mail!, "/invitations/accept")).toBe(invitation!.accept_url);
    const [listed] = await agencyCaller().agencyClients.invitations({ client_id: client.id });
    expect(listed).toMatchObject({ email: "boss@mailed.example", state: "pending", mail_error: null });
    expect(listed!.mail_sent_at).not.toBeNull();
  });

  it("the client page's invitation is e-mailed; resend mails it again; revoke stops the link and frees the address", async () => {
    const { client } = await agencyCaller().agencyClients.create({ name: "Resend Co" });
    const sent = await agencyCaller().agencyClients.invite({ client_id: client.id, email: "staff@resend.example", role: "editor" });
    expect(sent).toMatchObject({ mail_sent: true, mail_error: null, role: "editor" });
    await expect.poll(() => mailsTo("staff@resend.example").length).toBe(1);

    const again = await trpcFailure(agencyCaller().agencyClients.invite({ client_id: client.id, email: "STAFF@resend.example", role: "admin" }));
    expect(again.code).toBe("UNPROCESSABLE_CONTENT");
    expect(again.errors?.email?.[0]).toMatch(/already has a pending invitation/);

    const resent = await agencyCaller().agencyClients.resendInvitation({ client_id: client.id, invitation_id: sent.id });
    expect(resent.mail_sent).toBe(true);
    await expect.poll(() => mailsTo("staff@resend.example").length).toBe(2);

    await agencyCaller().agencyClients.revokeInvitation({ client_id: client.id, invitation_id: sent.id });
    const token = new URL(sent.accept_url).searchParams.get("token")!;
    expect(await createCaller({ db, user: null, via: null, tokenId: null }).invitations.lookup({ token })).toMatchObject({ ok: false, reason: "revoked" });
    const fresh = await agencyCaller().agencyClients.invite({ client_id: client.id, email: "staff@resend.example", role: "admin" });
    expect(fresh.id).not.toBe(sent.id);
  });

  it("an expired invitation is replaced by a new one; concurrent invitations to one address make one", async () => {
    const { client } = await agencyCaller().agencyClients.create({ name: "Race Co" });
    const old = await agencyCaller().agencyClients.invite({ client_id: client.id, email: "late@race.example", role: "member" });
    await db.invitation.update({ where: { id: old.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await agencyCaller().agencyClients.invite({ client_id: client.id, email: "late@race.example", role: "member" });
    expect((await db.invitation.findUniqueOrThrow({ where: { id: old.id } })).revokedAt).not.toBeNull();

    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => agencyCaller().agencyClients.invite({ client_id: client.id, email: "race@race.example", role: "member" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.invitation.count({ where: { teamId: client.id, email: "race@race.example", acceptedAt: null, revokedAt: null } })).toBe(1);
  });

  it("an e-mail that cannot be sent is recorded as such, with the link still usable", async () => {
    const { env } = await import("@/server/kernel/env");
    const { client } = await agencyCaller().agencyClients.create({ name: "No Mail Co" });
    Object.assign(env(), { SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const sent = await agencyCaller().agencyClients.invite({ client_id: client.id, email: "nobody@nomail.example", role: "admin" });
      expect(sent.mail_sent).toBe(false);
      expect(sent.mail_error).toMatch(/SMTP error/);
      const [listed] = await agencyCaller().agencyClients.invitations({ client_id: client.id });
      expect(listed).toMatchObject({ mail_sent_at: null, mail_error: sent.mail_error, state: "pending" });
    } finally {
      Object.assign(env(), { SMTP_URL: smtp.url });
    }
  });
});
