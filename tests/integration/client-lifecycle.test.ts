import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { runLowCreditAlerts } from "@/server/workspaces/lifecycle";
import { createTestDatabase } from "../helpers/db";
import { trpcFailure } from "../helpers/trpc-failure";
import { agencyOwner, chatbot, clientWorkspace, conversations, sources, teamMember } from "../helpers/fixtures";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";

/** Archive/restore of client workspaces, deleting chatbots and the low-credit alert (docs/decisions/034-client-lifecycle.md), with a real local SMTP server. */
let db: Db;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

const callerFor = (user: Context["user"]) => createCaller({ db, user, via: "session", tokenId: null });


beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ db } = await createTestDatabase());
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { SMTP_URL: smtp.url });
  owner = await agencyOwner(db);
});

describe("archiving a client workspace", () => {
  it("suspends it, hides it from the portal, revokes its invitations, and restores it active", async () => {
    const workspace = await clientWorkspace(db, owner.agency, "Archived Co");
    const admin = await teamMember(db, workspace.id, "admin");
    const invitation = await callerFor(owner.user).team.invite({ team_id: workspace.id, email: "later@example.test", role: "member" });
    await callerFor(owner.user).lifecycle.archiveClient({ client_id: workspace.id });

    const row = await db.team.findUniqueOrThrow({ where: { id: workspace.id } });
    expect(row.status).toBe("suspended");
    expect(row.archivedAt).not.toBeNull();
    expect((await callerFor(owner.user).agencyClients.get({ client_id: workspace.id })).client.status).toBe("suspended");
    expect((await callerFor(owner.user).agencyClients.overview()).clients.find((c) => c.id === workspace.id)).toMatchObject({ archived: true });
    expect((await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).revokedAt).not.toBeNull();
    expect(await callerFor(admin.user).team.manageable()).toEqual([]);
    const refused = await trpcFailure(callerFor(owner.user).chatbots.create({ team_id: workspace.id, name: "X" }));
    expect(refused.message).toMatch(/archived/);
    expect((await trpcFailure(callerFor(owner.user).lifecycle.archiveClient({ client_id: workspace.id }))).message).toBe("This client is already archived.");

    await callerFor(owner.user).lifecycle.restoreClient({ client_id: workspace.id });
    expect(await db.team.findUniqueOrThrow({ where: { id: workspace.id } })).toMatchObject({ status: "active", archivedAt: null });
    expect((await callerFor(admin.user).team.manageable()).map((w) => w.id)).toEqual([workspace.id]);
  });

  it("is for the agency owner of that client only", async () => {
    const workspace = await clientWorkspace(db, owner.agency, "Mine");
    const other = await agencyOwner(db);
    expect((await trpcFailure(callerFor(other.user).lifecycle.archiveClient({ client_id: workspace.id }))).code).toBe("NOT_FOUND");
    const admin = await teamMember(db, workspace.id, "admin");
    expect((await trpcFailure(callerFor(admin.user).lifecycle.archiveClient({ client_id: workspace.id }))).code).toBe("FORBIDDEN");
  });
});

describe("deleting a client workspace", () => {
  it("needs it archived, removes its agents, sources, conversations and people, and keeps its ledger", async () => {
    const workspace = await clientWorkspace(db, owner.agency, "Gone Co");
    const admin = await teamMember(db, workspace.id, "admin");
    const bot = await chatbot(db, workspace.id, owner.user.id, "Gone bot");
    await sources(db, bot.id, [{ title: "FAQ" }]);
    await conversations(db, bot.id, { open: 2, unread: 0, archived: 0 });
    await db.team.update({ where: { id: workspace.id }, data: { poolMessagesUsed: 7 } });
    await db.creditLedgerEntry.create({ data: { teamId: workspace.id, agencyId: owner.agency.id, kind: "topup", usedAfter: 0, topupAfter: 5, debtAfter: 0, topupDelta: 5 } });

    expect((await trpcFailure(callerFor(owner.user).lifecycle.deleteClient({ client_id: workspace.id }))).message).toBe("Archive this client before deleting it.");
    expect((await trpcFailure(callerFor(admin.user).lifecycle.deleteClient({ client_id: workspace.id }))).code).toBe("FORBIDDEN");
    await callerFor(owner.user).lifecycle.archiveClient({ client_id: workspace.id });
    await callerFor(owner.user).lifecycle.deleteClient({ client_id: workspace.id });

    expect(await db.chatbot.count({ where: { teamId: workspace.id } })).toBe(0);
    expect(await db.source.count({ where: { chatbotId: bot.id } })).toBe(0);
    expect(await db.conversation.count({ where: { chatbotId: bot.id } })).toBe(0);
    expect(await db.membership.count({ where: { teamId: workspace.id } })).toBe(0);
    expect(await db.creditLedgerEntry.count({ where: { teamId: workspace.id } })).toBe(1);
    expect((await db.team.findUniqueOrThrow({ where: { id: workspace.id } })).poolMessagesUsed).toBe(7);

    expect((await trpcFailure(callerFor(owner.user).agencyClients.get({ client_id: workspace.id }))).code).toBe("NOT_FOUND");
    expect((await trpcFailure(callerFor(owner.user).lifecycle.restoreClient({ client_id: workspace.id }))).code).toBe("NOT_FOUND");
    expect((await callerFor(owner.user).agencyClients.overview()).clients.map((c) => c.id)).not.toContain(workspace.id);
    expect((await callerFor(owner.user).agencyClients.list({})).data.map((c) => c.id)).not.toContain(workspace.id);
    expect((await trpcFailure(callerFor(owner.user).team.get({ team_id: workspace.id }))).code).toBe("NOT_FOUND");
    expect(await callerFor(admin.user).team.manageable()).toEqual([]);
  });
});

describe("deleting a chatbot", () => {
  it("removes it from every list at once, for admins and owners only", async () => {
    const workspace = await clientWorkspace(db, owner.agency, "Bots");
    const editor = await teamMember(db, workspace.id, "editor");
    const admin = await teamMember(db, workspace.id, "admin");
    const bot = await chatbot(db, workspace.id, owner.user.id, "Doomed");
    expect((await trpcFailure(callerFor(editor.user).lifecycle.deleteChatbot({ chatbot_id: bot.id }))).code).toBe("FORBIDDEN");
    await callerFor(admin.user).lifecycle.deleteChatbot({ chatbot_id: bot.id });
    expect((await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } })).deletedAt).not.toBeNull();
    expect((await callerFor(admin.user).me.chatbots()).map((c) => c.id)).not.toContain(bot.id);
    expect((await trpcFailure(callerFor(admin.user).chatbots.overview({ chatbot_id: bot.id }))).code).toBe("NOT_FOUND");
  });
});

describe("low-credit alert", () => {
  it("e-mails the agency owner once per episode and shows the badge", async () => {
    const workspace = await clientWorkspace(db, owner.agency, "Thin Credits");
    await db.team.update({ where: { id: workspace.id }, data: { messageLimit: 100, messagesUsed: 95 } });
    await callerFor(owner.user).lifecycle.setLowCreditThreshold({ client_id: workspace.id, threshold: 10 });
    const before = smtp.messages.length;

    expect(await runLowCreditAlerts(db)).toBe(1);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([owner.user.email]);
    expect(mail!.subject).toBe("Thin Credits is running low on credits");
    expect((await callerFor(owner.user).agencyClients.overview()).clients.find((c) => c.id === workspace.id)).toMatchObject({ low_credits: true, low_credit_threshold: 10 });

    // Same episode: no second e-mail.
    expect(await runLowCreditAlerts(db)).toBe(0);
    // Credits rise above the threshold: the episode ends; a new fall alerts again.
    await db.team.update({ where: { id: workspace.id }, data: { messagesUsed: 0 } });
    expect(await runLowCreditAlerts(db)).toBe(0);
    expect((await db.team.findUniqueOrThrow({ where: { id: workspace.id } })).lowCreditAlertedAt).toBeNull();
    await db.team.update({ where: { id: workspace.id }, data: { messagesUsed: 99 } });
    expect(await runLowCreditAlerts(db)).toBe(1);
    await smtp.waitFor(before + 2);

    const bad = await trpcFailure(callerFor(owner.user).lifecycle.setLowCreditThreshold({ client_id: workspace.id, threshold: -1 }));
    expect(bad.code).toBe("UNPROCESSABLE_CONTENT");
  });
});
