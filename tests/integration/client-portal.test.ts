import { createServer, type AddressInfo, type Socket } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { authOptions } from "@/server/access/session";
import { portalContext } from "@/server/accounts/portal";
import { createTestDatabase } from "../helpers/db";
import { trpcFailure } from "../helpers/trpc-failure";
import { teamMember, workspaceWithRoles, type WorkspaceWithRoles } from "../helpers/fixtures";
import { linkIn } from "../helpers/mail-text";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";

/** The client portal's server side (docs/decisions/033-client-portal.md) through the real procedures, with a real local SMTP server. */
let db: Db;
let smtp: LocalSmtpServer;
let owner: WorkspaceWithRoles["owner"];
let workspace: WorkspaceWithRoles["workspace"];
let admin: WorkspaceWithRoles["admin"];
let editor: WorkspaceWithRoles["editor"];
let member: WorkspaceWithRoles["member"];
let stranger: WorkspaceWithRoles["stranger"];

const requestFrom = (host: string | null, ip: string | null = null) => ({ host, ip, idempotencyKey: null });
const callerFor = (user: Context["user"], host: string | null = null) => createCaller({ db, user, via: "session", tokenId: null, request: requestFrom(host) });
const anonymous = (host: string | null = null) => createCaller({ db, user: null, via: null, tokenId: null, request: requestFrom(host) });


beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  ({ db } = await createTestDatabase());
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { SMTP_URL: smtp.url });
  // next-auth's jwt callback reads the database through the app's own client.
  (globalThis as { prisma?: Db }).prisma = db;
  ({ owner, workspace, admin, editor, member, stranger } = await workspaceWithRoles(db));
});

const tokenFrom = (url: string, param = "token") => new URL(url).searchParams.get(param)!;

describe("no unmetered side door", () => {
  it("someone who joins through an invitation gets no personal team and cannot create chatbots outside the workspace", async () => {
    const sent = await callerFor(admin.user).team.invite({ team_id: workspace.id, email: "New.Person@Example.test", role: "member" });
    const accepted = await anonymous().invitations.accept({ token: tokenFrom(sent.accept_url), name: "New Person", password: "password-123" });
    expect(accepted).toMatchObject({ email: "new.person@example.test", team_id: workspace.id, role: "member" });
    const joined = await db.user.findUniqueOrThrow({ where: { email: "new.person@example.test" }, include: { ownedTeams: true, memberships: true } });
    expect(joined.ownedTeams).toEqual([]);
    expect(joined.memberships.map((m) => m.teamId)).toEqual([workspace.id]);
    expect(joined.currentTeamId).toBe(workspace.id);
    expect(await callerFor(joined).chatbots.editableTeams()).toEqual([]);
  });

  it("refuses chatbots in a personal team, which has no plan and no credits", async () => {
    const personalTeamId = owner.user.currentTeamId!;
    const personal = await db.team.findFirstOrThrow({ where: { ownerId: owner.user.id, kind: "personal" } });
    expect(personalTeamId).toBeTruthy();
    const refused = await trpcFailure(callerFor(owner.user).chatbots.create({ team_id: personal.id, name: "Side door" }));
    expect(refused).toMatchObject({ code: "UNPROCESSABLE_CONTENT", status: 422 });
    expect(refused.message).toMatch(/plan and credits/);
    const teams = (await callerFor(owner.user).chatbots.editableTeams()).map((t) => t.kind);
    expect(teams).not.toContain("personal");
    expect(await db.chatbot.count({ where: { teamId: personal.id } })).toBe(0);
  });
});

describe("navigation by role and view as client", () => {
  it("gives each role only what it can use", async () => {
    expect((await portalContext(db, owner.user.id, null)).nav).toEqual(["home", "clients", "templates", "billing", "chatbots", "team", "webhooks", "audit-log", "api-tokens", "settings"]);
    expect((await portalContext(db, admin.user.id, null)).nav).toEqual(["home", "chatbots", "team", "api-tokens", "settings"]);
    expect((await portalContext(db, editor.user.id, null)).nav).toEqual(["home", "chatbots", "api-tokens", "settings"]);
    expect((await portalContext(db, member.user.id, null)).nav).toEqual(["home", "chatbots", "api-tokens", "settings"]);
  });

  it("lets an agency owner view as one of their clients, and no one else's", async () => {
    const viewing = await portalContext(db, owner.user.id, workspace.id);
    expect(viewing.viewAs).toEqual({ id: workspace.id, name: "Harbor Dental" });
    expect(viewing.nav).toEqual(["home", "chatbots", "team", "api-tokens", "settings"]);
    expect((await portalContext(db, stranger.user.id, workspace.id)).viewAs).toBeNull();
    expect((await portalContext(db, admin.user.id, workspace.id)).viewAs).toBeNull();
    expect((await portalContext(db, owner.user.id, "not-a-uuid")).viewAs).toBeNull();
  });
});

describe("team management", () => {
  it("shows members, roles, pending invitations and who invited them", async () => {
    await callerFor(owner.user).team.invite({ team_id: workspace.id, email: "pending@example.test", role: "editor" });
    const team = await callerFor(admin.user).team.get({ team_id: workspace.id });
    expect(team.your_role).toBe("admin");
    expect(team.agency_owner).toMatchObject({ email: owner.user.email, is_you: false });
    expect(team.members.find((m) => m.is_you)).toMatchObject({ user_id: admin.user.id, role: "admin" });
    expect(team.members.map((m) => m.role)).toEqual(expect.arrayContaining(["admin", "editor", "member"]));
    const pending = team.invitations.find((i) => i.email === "pending@example.test")!;
    expect(pending).toMatchObject({ role: "editor", state: "pending", invited_by: { email: owner.user.email, is_you: false } });
  });

  it("is for admins and the agency owner only; other tenants do not see the workspace", async () => {
    expect((await trpcFailure(callerFor(editor.user).team.get({ team_id: workspace.id }))).code).toBe("FORBIDDEN");
    expect((await trpcFailure(callerFor(member.user).team.invite({ team_id: workspace.id, email: "x@example.test", role: "admin" }))).code).toBe("FORBIDDEN");
    expect((await trpcFailure(callerFor(stranger.user).team.get({ team_id: workspace.id }))).code).toBe("NOT_FOUND");
    expect((await trpcFailure(callerFor(owner.user).team.get({ team_id: "nope" }))).code).toBe("NOT_FOUND");
    expect((await callerFor(admin.user).team.manageable()).map((w) => w.id)).toEqual([workspace.id]);
    expect(await callerFor(member.user).team.manageable()).toEqual([]);
  });

  it("changes a role and removes a member, never yourself", async () => {
    const temp = await teamMember(db, workspace.id, "member", "Temp");
    await callerFor(admin.user).team.changeRole({ team_id: workspace.id, user_id: temp.user.id, role: "editor" });
    expect((await db.membership.findFirstOrThrow({ where: { teamId: workspace.id, userId: temp.user.id } })).role).toBe("editor");
    const self = await trpcFailure(callerFor(admin.user).team.changeRole({ team_id: workspace.id, user_id: admin.user.id, role: "member" }));
    expect(self).toMatchObject({ code: "UNPROCESSABLE_CONTENT", message: "You cannot change your own role. Ask another admin." });
    await callerFor(owner.user).team.removeMember({ team_id: workspace.id, user_id: temp.user.id });
    expect(await db.membership.count({ where: { teamId: workspace.id, userId: temp.user.id } })).toBe(0);
    expect((await trpcFailure(callerFor(owner.user).team.removeMember({ team_id: workspace.id, user_id: temp.user.id }))).code).toBe("NOT_FOUND");
    const bad = await trpcFailure(callerFor(owner.user).team.changeRole({ team_id: workspace.id, user_id: member.user.id, role: "boss" as never }));
    expect(bad.errors).toHaveProperty("role");
  });

  it("e-mails invitations, resends them, and a revoked link stops working", async () => {
    const before = smtp.messages.length;
    const sent = await callerFor(admin.user).team.invite({ team_id: workspace.id, email: "revoke-me@example.test", role: "editor" });
    expect(sent.mail_sent).toBe(true);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["revoke-me@example.test"]);
    expect(mail!.subject).toContain("Harbor Dental");
    expect(linkIn(mail!, "/invitations/accept")).toBe(sent.accept_url);

    const resent = await callerFor(admin.user).team.resendInvitation({ team_id: workspace.id, invitation_id: sent.id });
    await smtp.waitFor(before + 2);
    expect((await anonymous().invitations.lookup({ token: tokenFrom(resent.accept_url) })).ok).toBe(true);

    await callerFor(admin.user).team.revokeInvitation({ team_id: workspace.id, invitation_id: sent.id });
    for (const url of [sent.accept_url, resent.accept_url]) {
      const lookup = await anonymous().invitations.lookup({ token: tokenFrom(url) });
      expect(lookup).toMatchObject({ ok: false, reason: "revoked" });
      const accept = await trpcFailure(anonymous().invitations.accept({ token: tokenFrom(url), name: "Too late", password: "password-123" }));
      expect(accept.message).toMatch(/withdrawn/);
    }
    expect(await db.user.count({ where: { email: "revoke-me@example.test" } })).toBe(0);
    expect((await callerFor(admin.user).team.get({ team_id: workspace.id })).invitations.map((i) => i.id)).not.toContain(sent.id);
    const again = await trpcFailure(callerFor(admin.user).team.revokeInvitation({ team_id: workspace.id, invitation_id: sent.id }));
    expect(again.message).toMatch(/revoked/);
  });
});

describe("account", () => {
  it("updates the profile name with a clear error for a blank one", async () => {
    const { user } = await callerFor(editor.user).account.updateProfile({ name: "  Erin Editor " });
    expect(user.name).toBe("Erin Editor");
    expect((await trpcFailure(callerFor(editor.user).account.updateProfile({ name: "  " }))).errors).toHaveProperty("name");
  });

  it("changes the password after checking the current one", async () => {
    const wrong = await trpcFailure(callerFor(member.user).account.changePassword({ current_password: "nope-nope", new_password: "another-pass-1" }));
    expect(wrong.errors).toEqual({ current_password: ["The current password is not correct."] });
    const short = await trpcFailure(callerFor(member.user).account.changePassword({ current_password: "password-123", new_password: "short" }));
    expect(short.errors).toHaveProperty("new_password");
    await callerFor(member.user).account.changePassword({ current_password: "password-123", new_password: "another-pass-1" });
    const row = await db.user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(row.sessionsValidAfter).not.toBeNull();
    const { verifyPassword } = await import("@/server/access/password");
    expect(await verifyPassword("another-pass-1", row.passwordHash!)).toBe(true);
  });

  it("signs out everywhere: sessions from before are refused by the jwt callback, new ones accepted", async () => {
    const jwt = authOptions().callbacks!.jwt!;
    const call = (token: Record<string, unknown>) => jwt({ token, account: null, user: undefined as never, trigger: undefined } as never);
    const signedIn = await jwt({ token: {}, user: { id: editor.user.id }, account: null } as never);
    expect(await call({ ...signedIn })).toMatchObject({ sub: editor.user.id });
    await new Promise((r) => setTimeout(r, 5));
    await callerFor(editor.user).account.signOutEverywhere();
    expect(await call({ ...signedIn })).toEqual({});
    const fresh = await jwt({ token: {}, user: { id: editor.user.id }, account: null } as never);
    expect(await call({ ...fresh })).toMatchObject({ sub: editor.user.id });
  });

  it("resets a forgotten password through an e-mailed, single-use link", async () => {
    const before = smtp.messages.length;
    await anonymous().account.requestPasswordReset({ email: admin.user.email.toUpperCase() });
    await anonymous().account.requestPasswordReset({ email: "nobody@example.test" });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before + 1);
    expect(mail!.to).toEqual([admin.user.email]);
    const link = linkIn(mail!, "/reset-password");
    const token = tokenFrom(link);
    const stored = await db.passwordResetToken.findFirstOrThrow({ where: { userId: admin.user.id } });
    expect(stored.tokenHash).not.toContain(token);

    expect(await anonymous().account.resetLinkUsable({ token })).toEqual({ usable: true });
    const weak = await trpcFailure(anonymous().account.resetPassword({ token, password: "short" }));
    expect(weak.errors).toHaveProperty("password");
    await anonymous().account.resetPassword({ token, password: "brand-new-pass" });
    const { verifyPassword } = await import("@/server/access/password");
    expect(await verifyPassword("brand-new-pass", (await db.user.findUniqueOrThrow({ where: { id: admin.user.id } })).passwordHash!)).toBe(true);

    expect(await anonymous().account.resetLinkUsable({ token })).toEqual({ usable: false });
    const reused = await trpcFailure(anonymous().account.resetPassword({ token, password: "yet-another-1" }));
    expect(reused.message).toMatch(/already used or has expired/);
    expect((await trpcFailure(anonymous().account.resetPassword({ token: "forged", password: "yet-another-1" }))).code).toBe("UNPROCESSABLE_CONTENT");
  });

  it("answers a reset request before any e-mail work: a stalled SMTP server never holds the answer", async () => {
    // An SMTP server that accepts connections and never greets: sending to it blocks until its timeout.
    const sockets: Socket[] = [];
    const stalled = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
    const { env } = await import("@/server/kernel/env");
    const smtpUrl = env().SMTP_URL;
    Object.assign(env(), { SMTP_URL: `smtp://127.0.0.1:${(stalled.address() as AddressInfo).port}` });
    try {
      const answered = anonymous().account.requestPasswordReset({ email: editor.user.email }).then(() => "answered" as const);
      const waited = new Promise<"stalled">((resolve) => setTimeout(() => resolve("stalled"), 5_000));
      expect(await Promise.race([answered, waited])).toBe("answered");
      // The e-mail work did start, after the answer: the stalled server got its connection.
      await expect.poll(() => sockets.length, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      Object.assign(env(), { SMTP_URL: smtpUrl });
      for (const socket of sockets) socket.destroy();
      stalled.close();
    }
  });

  it("limits reset requests per address and per IP, with the same answer whether the account exists or not", async () => {
    const { env } = await import("@/server/kernel/env");
    Object.assign(env(), { PASSWORD_RESET_PER_EMAIL: 2, PASSWORD_RESET_PER_IP: 5 });
    const from = (ip: string) => createCaller({ db, user: null, via: null, tokenId: null, request: requestFrom(null, ip) });
    const before = smtp.messages.length;
    const known = member.user.email;

    // Per address: the third request in the window is refused, for a real account and an unknown address alike.
    for (const email of [known, "ghost@example.test"]) {
      await from("198.51.100.1").account.requestPasswordReset({ email });
      await from("198.51.100.2").account.requestPasswordReset({ email: email.toUpperCase() });
    }
    const limitedKnown = await trpcFailure(from("198.51.100.3").account.requestPasswordReset({ email: known }));
    const limitedGhost = await trpcFailure(from("198.51.100.3").account.requestPasswordReset({ email: "ghost@example.test" }));
    expect(limitedKnown.code).toBe("TOO_MANY_REQUESTS");
    expect(limitedGhost).toEqual({ ...limitedKnown, message: limitedKnown.message });
    expect(limitedKnown.message).toMatch(/^Too many password reset requests for this address\./);
    await smtp.waitFor(before + 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(before + 2);

    // Per IP: one network spraying addresses is stopped after PASSWORD_RESET_PER_IP requests.
    for (let i = 0; i < 5; i++) await from("203.0.113.9").account.requestPasswordReset({ email: `spray-${i}@example.test` });
    const sprayed = await trpcFailure(from("203.0.113.9").account.requestPasswordReset({ email: "spray-5@example.test" }));
    expect(sprayed.message).toMatch(/^Too many password reset requests from your network\./);
    await from("203.0.113.10").account.requestPasswordReset({ email: "spray-5@example.test" });
  });
});
