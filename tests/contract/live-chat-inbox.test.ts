/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked field by field */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createCaller } from "@/server/transport/root";
import { sendReplySlaReminders } from "@/server/conversations/reply-sla-job";
import { bakeryClient } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, teamMember } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { startSmtpServer, type LocalSmtpServer } from "../helpers/smtp-server";
import { collectSseFrames, sseFrames } from "../helpers/sse";

/**
 * The inbox as a support team's tool (docs/decisions/121-the-inbox-for-a-support-team.md) over real HTTP:
 * a workspace's saved replies in REST (bad input refused by field, nothing changed), internal notes that
 * never reach the visitor (widget stream, a messaging channel's queue, webhooks' events), and the reply
 * SLA's reminders sent once each.
 */
let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let smtp: LocalSmtpServer;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let editor: Awaited<ReturnType<typeof teamMember>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let admin: Awaited<ReturnType<typeof teamMember>>;
let teamId: string;
let botId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const created = await createTestDatabase();
  db = created.db;
  const { env } = await import("@/server/kernel/env");
  Object.assign(env(), { SMTP_URL: smtp.url });
  owner = await agencyOwner(db);
  const { team, bot } = await bakeryClient(db, owner);
  teamId = team.id;
  botId = bot.id;
  await db.chatbot.update({ where: { id: botId }, data: { enableEscalations: true } });
  [editor, member, admin] = [await teamMember(db, teamId, "editor"), await teamMember(db, teamId, "member"), await teamMember(db, teamId, "admin")];
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
});

const caller = (user: { id: string }) => createCaller({ db, user: user as never, via: "session", tokenId: null });
const path = `/v1/teams/{team_id}/saved-replies`;

async function widgetChat(body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/widget/${botId}/chat`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "text/event-stream" }, body: JSON.stringify(body) });
  const done = sseFrames(await res.text()).find((f) => f.event === "done");
  return done!.data as Record<string, any>;
}

const askForPerson = (conversationId: string, token: string) =>
  fetch(`${base}/api/widget/${botId}/conversations/${conversationId}/handoff`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ visitor_token: token }) });

describe("saved replies in REST", () => {
  it("are created (idempotently), listed, changed and deleted by the workspace's team, and documented; each change is in the audit log", async () => {
    const url = path.replace("{team_id}", teamId);
    const body = { shortcut: "/refund", body: "Hi {visitor_first_name}, {chatbot_name} has refunded your order." };
    const created = await api("POST", url, { token: editor.token, key: "refund-1", body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ team_id: teamId, shortcut: "refund", body: body.body });
    const replayed = await api("POST", url, { token: editor.token, key: "refund-1", body });
    expect([replayed.status, replayed.headers.get("idempotent-replayed"), replayed.body.id]).toEqual([201, "true", created.body.id]);

    const listed = await api("GET", url, { token: member.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: any) => r.shortcut)).toEqual(["refund"]);
    expect((await api("GET", url, { token: owner.token })).body).toHaveLength(1);

    const patched = await api("PATCH", `${url}/${created.body.id}`, { token: editor.token, body: { body: "Refunded, {visitor_first_name}. — {agent_first_name}" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ shortcut: "refund", body: "Refunded, {visitor_first_name}. — {agent_first_name}" });

    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(Object.keys(doc.paths[path] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths[`${path}/{id}`] ?? {}).sort()).toEqual(["delete", "patch"]);

    const extra = await api("POST", url, { token: owner.token, body: { shortcut: "bye", body: "Bye!" } });
    expect((await api("DELETE", `${url}/${extra.body.id}`, { token: editor.token })).status).toBe(204);
    expect((await api("DELETE", `${url}/${extra.body.id}`, { token: editor.token })).status).toBe(404);

    // A workspace setting: one entry per change (the replayed create none), with its shortcut and body before and after.
    const entries = await db.auditEntry.findMany({ where: { action: { startsWith: "saved_reply." } }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => [e.action, e.targetName, e.teamId, e.agencyId, e.actorType])).toEqual([
      ["saved_reply.created", "/refund", teamId, owner.agency.id, "api_token"],
      ["saved_reply.updated", "/refund", teamId, owner.agency.id, "api_token"],
      ["saved_reply.created", "/bye", teamId, owner.agency.id, "api_token"],
      ["saved_reply.deleted", "/bye", teamId, owner.agency.id, "api_token"],
    ]);
    expect([entries[1]!.before, entries[1]!.after]).toEqual([{ shortcut: "refund", body: body.body }, { shortcut: "refund", body: patched.body.body }]);
    const log = await api("GET", `/v1/agency/audit-log?action=saved_reply.updated`, { token: owner.token });
    expect(log.status).toBe(200);
    expect(log.body.data.map((e: any) => [e.action, e.target.name])).toEqual([["saved_reply.updated", "/refund"]]);
  });

  it("refuses a taken shortcut (409), an unknown variable (400), an empty body or a bad shortcut (422), naming the field; nothing changes", async () => {
    const url = path.replace("{team_id}", teamId);
    const before = await db.savedReply.findMany({ where: { teamId }, orderBy: { id: "asc" } });
    const audited = await db.auditEntry.count();
    const taken = await api("POST", url, { token: editor.token, body: { shortcut: "refund", body: "Again" } });
    expect([taken.status, Object.keys(taken.body.errors)]).toEqual([409, ["shortcut"]]);
    const unknown = await api("POST", url, { token: editor.token, body: { shortcut: "order", body: "Your order {order_id} is late" } });
    expect([unknown.status, Object.keys(unknown.body.errors)]).toEqual([400, ["body"]]);
    expect(unknown.body.message).toContain("{order_id}");
    const empty = await api("POST", url, { token: editor.token, body: { shortcut: "empty", body: "   " } });
    expect([empty.status, Object.keys(empty.body.errors)]).toEqual([422, ["body"]]);
    const shape = await api("POST", url, { token: editor.token, body: { shortcut: "Big Refund", body: "x" } });
    expect([shape.status, Object.keys(shape.body.errors)]).toEqual([422, ["shortcut"]]);
    const [refund] = before;
    const patchUnknown = await api("PATCH", `${url}/${refund!.id}`, { token: editor.token, body: { body: "{nope}" } });
    expect([patchUnknown.status, Object.keys(patchUnknown.body.errors)]).toEqual([400, ["body"]]);
    expect((await api("POST", url, { token: member.token, body: { shortcut: "member", body: "x" } })).status).toBe(403);
    const otherWorkspace = await bakeryClient(db, await agencyOwner(db));
    expect((await api("GET", path.replace("{team_id}", otherWorkspace.team.id), { token: editor.token })).status).toBe(404);
    expect(await db.savedReply.findMany({ where: { teamId }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await db.auditEntry.count()).toBe(audited);
  });

  it("fills the variables for the open conversation in the inbox", async () => {
    const chat = await widgetChat({ message: "Do you deliver?" });
    await db.contact.create({ data: { teamId, chatbotId: botId, visitorId: (await db.conversation.findUniqueOrThrow({ where: { id: chat.conversation_id } })).visitorId, email: "ada@example.test", firstName: "Ada" } });
    const replies = await caller(editor.user).inboxTools.savedReplies({ chatbot_id: botId, conversation_id: chat.conversation_id });
    expect(replies.find((r) => r.shortcut === "refund")?.text).toBe(`Refunded, Ada. — ${editor.user.name.split(" ")[0]}`);
  });
});

describe("an internal note", () => {
  it("is the team's only: not on the visitor's stream, not queued to the channel, not in a webhook event, not a message", async () => {
    const chat = await widgetChat({ message: "Where is my order?" });
    const conversationId = chat.conversation_id as string;
    const secret = "Internal: customer is on the refund blocklist";
    // The conversation also lives on a messaging channel: an agent's reply is queued to it, a note is not.
    const channel = await db.channel.create({ data: { chatbotId: botId, kind: "telegram", credentialsCiphertext: "x", webhookSecret: "s".repeat(32) } });
    await db.channelChat.create({ data: { channelId: channel.id, chatKey: "chat-1", conversationId } });
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/widget/${botId}/conversations/${conversationId}/stream`, {
      headers: { Accept: "text/event-stream", Authorization: `Bearer ${chat.visitor_token}` },
      signal: controller.signal,
    });
    const frames = collectSseFrames(stream);

    const note = await caller(editor.user).inboxTools.addNote({ chatbot_id: botId, conversation_id: conversationId, kind: "internal", body: secret });
    expect(note).toMatchObject({ kind: "internal", body: secret, user_id: editor.user.id });
    // The visitor asks for a person (an escalation and its webhook event), and an agent answers.
    expect((await askForPerson(conversationId, chat.visitor_token)).status).toBe(200);
    const reply = await api("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: editor.token, body: { content: "Let me check." } });
    expect(reply.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!frames.some((f) => f.event === "message") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    controller.abort();

    expect(frames.filter((f) => f.event === "message").map((f) => (f.data as any).content)).toEqual(["Let me check."]);
    expect(JSON.stringify(frames)).not.toContain(secret);
    const queued = await db.$queryRaw<Array<{ text: string }>>`
      SELECT j.payload->>'text' AS text FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE t.identifier = 'channel_send' AND j.payload->>'chat_key' = 'chat-1'`;
    expect(queued.map((j) => j.text)).toEqual(["Let me check."]);
    const events = await db.outboxEvent.findMany({ where: { chatbotId: botId } });
    expect(events.map((e) => e.type)).toContain("escalation.created");
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(secret);
    const detail = await api("GET", `/v1/${botId}/conversations/${conversationId}`, { token: editor.token });
    expect(detail.text).not.toContain(secret);
    expect(await db.message.count({ where: { conversationId, content: secret } })).toBe(0);
    // The team sees it, in the thread's order.
    expect((await caller(member.user).inboxTools.notes({ chatbot_id: botId, conversation_id: conversationId })).map((n) => n.body)).toEqual([secret]);
    await expect(caller(member.user).inboxTools.addNote({ chatbot_id: botId, conversation_id: conversationId, kind: "note", body: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });

    // The same on REST: written by the roles that reply, read by the team, refused by field, documented.
    const notesUrl = `/v1/${botId}/conversations/${conversationId}/notes`;
    const written = await api("POST", notesUrl, { token: editor.token, body: { kind: "note", body: "VIP customer" } });
    expect(written.status).toBe(201);
    expect(written.body).toEqual({ id: expect.any(String), kind: "note", body: "VIP customer", user_id: editor.user.id, author: editor.user.name, created_at: expect.any(String) });
    const read = await api("GET", notesUrl, { token: member.token });
    expect([read.status, read.body.map((n: any) => [n.kind, n.body])]).toEqual([200, [["internal", secret], ["note", "VIP customer"]]]);
    expect((await api("POST", notesUrl, { token: member.token, body: { kind: "note", body: "x" } })).status).toBe(403);
    const bad = await api("POST", notesUrl, { token: editor.token, body: { kind: "shout", body: " " } });
    expect([bad.status, Object.keys(bad.body.errors).sort()]).toEqual([422, ["body", "kind"]]);
    expect((await api("GET", `/v1/${botId}/conversations/00000000-0000-4000-8000-000000000000/notes`, { token: editor.token })).status).toBe(404);
    expect(await db.conversationNote.count({ where: { conversationId } })).toBe(2);
    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(Object.keys(doc.paths["/v1/{chatbot_id}/conversations/{conversation_id}/notes"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/v1/{chatbot_id}/reply-sla"] ?? {}).sort()).toEqual(["get", "patch"]);
  });
});

describe("the reply SLA", () => {
  it("e-mails the assignee once, then the workspace's admins once; an answer stops the clock; the views count the conversation", async () => {
    // The target on REST: read by the team, changed by the roles that edit the chatbot, 1–1440 minutes.
    expect((await api("GET", `/v1/${botId}/reply-sla`, { token: member.token })).body).toEqual({ reply_sla_minutes: 5 });
    expect((await api("PATCH", `/v1/${botId}/reply-sla`, { token: member.token, body: { reply_sla_minutes: 1 } })).status).toBe(403);
    const tooLong = await api("PATCH", `/v1/${botId}/reply-sla`, { token: editor.token, body: { reply_sla_minutes: 2000 } });
    expect([tooLong.status, Object.keys(tooLong.body.errors)]).toEqual([422, ["reply_sla_minutes"]]);
    expect(await api("PATCH", `/v1/${botId}/reply-sla`, { token: editor.token, body: { reply_sla_minutes: 1 } })).toMatchObject({ status: 200, body: { reply_sla_minutes: 1 } });
    const chat = await widgetChat({ message: "Can I change my cake order?" });
    const conversationId = chat.conversation_id as string;
    await askForPerson(conversationId, chat.visitor_token);
    expect((await api("PATCH", `/v1/${botId}/conversations/${conversationId}`, { token: editor.token, body: { assignee_id: editor.user.id } })).status).toBe(200);
    const views = await caller(editor.user).inboxTools.views({ chatbot_id: botId });
    expect(views.awaiting.map((a) => a.id)).toContain(conversationId);
    expect(views.counts.mine).toBeGreaterThanOrEqual(1);

    const mailsBefore = smtp.messages.length;
    expect(await sendReplySlaReminders(db)).toBe(0); // not yet due
    await db.$executeRaw`UPDATE conversations SET awaiting_since = now() - interval '2 minutes' WHERE id = ${conversationId}::uuid`;
    const [first, again] = await Promise.all([sendReplySlaReminders(db), sendReplySlaReminders(db)]);
    expect(first + again).toBe(1);
    await smtp.waitFor(mailsBefore + 1);
    expect(smtp.messages.at(-1)!.to).toContain(editor.user.email.toLowerCase());

    await db.$executeRaw`UPDATE conversations SET sla_assignee_mailed_at = now() - interval '2 minutes' WHERE id = ${conversationId}::uuid`;
    expect((await sendReplySlaReminders(db)) + (await sendReplySlaReminders(db))).toBe(1);
    await smtp.waitFor(mailsBefore + 2);
    expect(smtp.messages.at(-1)!.to).toContain(admin.user.email.toLowerCase());
    expect(smtp.messages.slice(mailsBefore).filter((m) => m.to.includes(editor.user.email.toLowerCase()))).toHaveLength(1);

    await api("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: editor.token, body: { content: "Yes, you can." } });
    const after = await db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect([after.awaitingSince, after.slaAssigneeMailedAt, after.slaAdminsMailedAt]).toEqual([null, null, null]);
    expect(await sendReplySlaReminders(db)).toBe(0);
  });
});
