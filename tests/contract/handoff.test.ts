/* eslint-disable @typescript-eslint/no-explicit-any -- frames and bodies are checked field by field */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { messagesFor } from "@/shared/i18n/messages";
import { bakeryDatabase } from "../helpers/bakery-database";
import { agencyOwner, chatbot, teamMember, userWithToken } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { collectSseFrames, sseFrames } from "../helpers/sse";

/**
 * Human handoff over real HTTP (docs/decisions/055-conversation-states-and-handoff.md) with TWO app processes on one
 * database: the visitor chats and listens on process A, the agent takes over
 * and replies through the REST API on process B; the reply reaches the
 * visitor's stream through PostgreSQL LISTEN/NOTIFY, and after the takeover
 * no surface (widget, share page, REST) produces a bot message or a charge.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let teamId: string;
let botId: string;
let otherBotId: string;
let a: string;
let b: string;
let apiA: ReturnType<typeof apiClient>;
let apiB: ReturnType<typeof apiClient>;

beforeAll(async () => {
  const created = await bakeryDatabase();
  ({ db, owner } = created);
  const { team, bot } = created;
  teamId = team.id;
  member = await teamMember(db, team.id, "member");
  botId = bot.id;
  otherBotId = (await chatbot(db, team.id, owner.user.id, "Other Bot")).id;
  // Presence is re-checked every second here (default 30 s), so a visitor is told within the test's patience.
  const presence = { HANDOFF_PRESENCE_CHECK_SECONDS: "1" };
  const [sa, sb] = await Promise.all([startAppServer(created.url, presence), startAppServer(created.url, presence)]);
  a = sa.baseUrl;
  b = sb.baseUrl;
  apiA = apiClient(a);
  apiB = apiClient(b);
});

async function widgetChat(base: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/widget/${botId}/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const done = sseFrames(text).find((f) => f.event === "done");
  return { status: res.status, done: done ? (done.data as Record<string, any>) : null, text };
}

/** A visitor's live stream, read frame by frame. */
async function openStream(base: string, conversationId: string, opts: { token?: string; query?: string; lastEventId?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.lastEventId) headers["Last-Event-ID"] = opts.lastEventId;
  const res = await fetch(`${base}/api/widget/${botId}/conversations/${conversationId}/stream${opts.query ?? ""}`, { headers, signal: controller.signal });
  return { res, frames: collectSseFrames(res), close: () => controller.abort() };
}

/** The owner as visitors see them: the first word of their name. */
const firstName = () => owner.user.name!.split(" ")[0];

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("an agent takes over a widget conversation from another app process", () => {
  it("the visitor's stream on A receives the status and the agent's reply sent on B; afterwards no surface answers as the bot", async () => {
    const first = await widgetChat(a, { message: "How much does delivery cost?" });
    expect(first.status).toBe(200);
    const conversationId = first.done!.conversation_id as string;
    const token = first.done!.visitor_token as string;

    const stream = await openStream(a, conversationId, { token });
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await until(() => stream.frames.some((f) => f.event === "status"), "the initial status");
    expect(stream.frames[0]).toMatchObject({ event: "status", data: { status: "bot" } });

    const taken = await apiB("PATCH", `/v1/${botId}/conversations/${conversationId}`, { token: owner.token, body: { status: "human", assignee_id: owner.user.id } });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ id: conversationId, status: "human", assignee_id: owner.user.id, source: "widget" });
    await until(() => stream.frames.some((f) => f.event === "status" && f.data.status === "human"), "status human");

    const reply = await apiB("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: owner.token, body: { content: "Hi, this is Anna from the bakery." } });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body)).toEqual(["message"]);
    expect(Object.keys(reply.body.message).sort()).toEqual(["content", "created_at", "id", "role", "user_id"]);
    expect(reply.body.message).toMatchObject({ role: "agent", content: "Hi, this is Anna from the bakery.", user_id: owner.user.id });
    await until(() => stream.frames.some((f) => f.event === "message"), "the agent's message");
    expect(stream.frames.find((f) => f.event === "message")).toEqual({
      id: reply.body.message.id,
      event: "message",
      data: { id: reply.body.message.id, role: "agent", content: "Hi, this is Anna from the bakery.", created_at: reply.body.message.created_at, author: firstName() },
    });
    stream.close();

    const usedBefore = (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;
    const assistantBefore = await db.message.count({ where: { conversationId, role: "assistant" } });
    // The widget (A), the share page (B: the same public API, source share) and REST (B): recorded, not answered.
    const widget = await widgetChat(a, { message: "Thanks! Is it free on Sundays?", conversation_id: conversationId, visitor_token: token });
    expect(widget.status).toBe(200);
    expect(widget.done).toMatchObject({ conversation_id: conversationId, answered: false, handoff: true, status: "human", message: { role: "user", content: "Thanks! Is it free on Sundays?" } });
    expect(widget.text).not.toContain("event: delta");
    const share = await widgetChat(b, { message: "Hello again", conversation_id: conversationId, visitor_token: token, source: "share" });
    expect(share.done).toMatchObject({ answered: false, handoff: true });
    const rest = await apiB("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "From the API", conversation_id: conversationId } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ conversation_id: conversationId, answered: false, handoff: true, message: { role: "user", content: "From the API" } });
    expect(await db.message.count({ where: { conversationId, role: "assistant" } })).toBe(assistantBefore);
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(usedBefore);

    const one = await apiA("GET", `/v1/${botId}/conversations/${conversationId}`, { token: owner.token });
    expect(one.body.conversation).toMatchObject({ status: "human", assignee_id: owner.user.id });
    expect(one.body.messages.map((m: any) => m.role)).toEqual(["user", "assistant", "agent", "user", "user", "user"]);
    const list = await apiA("GET", `/v1/${botId}/conversations`, { token: owner.token });
    expect(list.body.data.find((c: any) => c.id === conversationId)).toMatchObject({ status: "human", assignee_id: owner.user.id });

    // Handed back: the bot answers again.
    expect((await apiA("PATCH", `/v1/${botId}/conversations/${conversationId}`, { token: owner.token, body: { status: "bot" } })).body.status).toBe("bot");
    const again = await widgetChat(b, { message: "How much does delivery cost?", conversation_id: conversationId, visitor_token: token });
    expect(again.done).toMatchObject({ message: { role: "assistant" } });
  });

  it("a reconnect gets the messages it missed (Last-Event-ID, or ?last_event_id= on a first connection) with ?visitor_token=", async () => {
    const first = await widgetChat(a, { message: "Do you bake sourdough?" });
    const conversationId = first.done!.conversation_id as string;
    const token = first.done!.visitor_token as string;
    const send = (content: string) => apiB("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: owner.token, body: { content } });
    const one = (await send("One")).body.message;
    const two = (await send("Two")).body.message;
    const resumed = await openStream(a, conversationId, { query: `?visitor_token=${encodeURIComponent(token)}`, lastEventId: one.id });
    await until(() => resumed.frames.some((f) => f.event === "message"), "the missed message");
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.frames.filter((f) => f.event === "message").map((f) => f.data.content)).toEqual(["Two"]);
    resumed.close();
    const fresh = await openStream(b, conversationId, { query: `?visitor_token=${encodeURIComponent(token)}&last_event_id=${two.id}` });
    await until(() => fresh.frames.some((f) => f.event === "status"), "the status");
    const three = (await send("Three")).body.message;
    await until(() => fresh.frames.some((f) => f.event === "message"), "the new message");
    expect(fresh.frames.filter((f) => f.event === "message").map((f) => f.id)).toEqual([three.id]);
    fresh.close();
  });

  it("another visitor's conversation, a forged token or none is 404", async () => {
    const mine = await widgetChat(a, { message: "Hello" });
    const theirs = await widgetChat(a, { message: "Hello too" });
    const conversationId = mine.done!.conversation_id as string;
    expect((await openStream(a, conversationId, { token: theirs.done!.visitor_token })).res.status).toBe(404);
    expect((await openStream(a, conversationId, { token: "forged.token" })).res.status).toBe(404);
    expect((await openStream(a, conversationId)).res.status).toBe(404);
    const notMine = await openStream(a, "00000000-0000-4000-8000-000000000000", { token: mine.done!.visitor_token });
    expect(notMine.res.status).toBe(404);
    expect(await notMine.res.json()).toEqual({ message: "Conversation not found." });
  });
});

describe("one listening connection per app process", () => {
  it("serves both the live streams and the API-token cache", async () => {
    const first = await widgetChat(a, { message: "Hello" });
    const token = first.done!.visitor_token as string;
    const streams = await Promise.all([a, b].map((base) => openStream(base, first.done!.conversation_id as string, { token })));
    for (const api of [apiA, apiB]) expect((await api("GET", "/v1/me", { token: owner.token })).status).toBe(200);
    await until(() => streams.every((s) => s.frames.some((f) => f.event === "status")), "both streams");
    const [row] = await db.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'acp-listener'`;
    expect(row!.n).toBe(2);
    for (const s of streams) s.close();
  });
});

describe("a visitor who waits for a person while nobody is in the inbox is told so", () => {
  const agentSeen = (at: string) => db.$executeRawUnsafe(`UPDATE teams SET agent_seen_at = ${at} WHERE id = $1::uuid`, teamId);

  it("on a wait the rules started, at once and when the last agent leaves during the wait, on any instance", async () => {
    await db.chatbot.update({ where: { id: botId }, data: { enableEscalations: true } });
    try {
      await agentSeen("now()");
      const first = await widgetChat(a, { message: "How much does delivery cost?" });
      const conversationId = first.done!.conversation_id as string;
      const token = first.done!.visitor_token as string;
      const stream = await openStream(a, conversationId, { token });
      await until(() => stream.frames.some((f) => f.event === "status"), "the initial status");
      expect(stream.frames.some((f) => f.event === "availability")).toBe(false);

      // The rules recognise the request: the conversation waits, and an agent was in the inbox a moment ago.
      await widgetChat(b, { message: "Can I talk to a real person please?", conversation_id: conversationId, visitor_token: token });
      await until(() => stream.frames.some((f) => f.event === "status" && f.data.status === "waiting"), "status waiting");
      await until(() => stream.frames.some((f) => f.event === "availability"), "the first availability");
      expect(stream.frames.filter((f) => f.event === "availability").map((f) => f.data)).toEqual([{ agents_available: true }]);

      // The agent's inbox (served by B) closed long ago: A finds out from the stored presence, not from B.
      await agentSeen("now() - interval '1 day'");
      await until(() => stream.frames.filter((f) => f.event === "availability").length === 2, "the visitor is told nobody is there");
      expect(stream.frames.filter((f) => f.event === "availability").map((f) => f.data)).toEqual([{ agents_available: true }, { agents_available: false }]);

      // Another tab on B is told at once; an agent taking over ends the question.
      const other = await openStream(b, conversationId, { token });
      await until(() => other.frames.some((f) => f.event === "availability"), "availability on B");
      expect(other.frames.filter((f) => f.event !== "message").map((f) => [f.event, f.data])).toEqual([
        ["status", { status: "waiting" }],
        ["availability", { agents_available: false }],
      ]);
      await apiB("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: owner.token, body: { content: "I'm here now." } });
      await until(() => other.frames.some((f) => f.event === "status" && f.data.status === "human"), "status human");
      await agentSeen("now()");
      await new Promise((r) => setTimeout(r, 1_500));
      expect(other.frames.filter((f) => f.event === "availability")).toHaveLength(1);
      stream.close();
      other.close();
    } finally {
      await db.chatbot.update({ where: { id: botId }, data: { enableEscalations: false } });
    }
  });
});

describe("a request for a person in words, in the visitor's language", () => {
  it("starts the handoff at once, escalations off: the bot says so in that language, nothing is charged, a look-alike question is answered", async () => {
    const used = async () => (await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { messagesUsed: true } })).messagesUsed;
    const before = await used();
    const asked = await widgetChat(a, { message: "Puis-je parler à quelqu'un ?" });
    expect(asked.status).toBe(200);
    expect(asked.done!.message).toMatchObject({ role: "assistant", answered: true, content: messagesFor("fr").panel.waitingNotice });
    const conversationId = asked.done!.conversation_id as string;
    expect((await db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).status).toBe("waiting");
    expect(await db.escalation.count({ where: { conversationId } })).toBe(0);
    expect(await used()).toBe(before);
    // While waiting, the next message is the visitor's, for the person: no bot answer.
    const next = await widgetChat(b, { message: "¿Puedo hablar con una persona?", conversation_id: conversationId, visitor_token: asked.done!.visitor_token });
    expect(next.done).toMatchObject({ handoff: true, status: "waiting" });

    const question = await widgetChat(a, { message: "What does a human resources module do?" });
    expect(question.done!.message.content).not.toBe(messagesFor("en").panel.waitingNotice);
    expect((await db.conversation.findUniqueOrThrow({ where: { id: question.done!.conversation_id as string } })).status).toBe("bot");
    // An answer is charged (so the request above was free, not merely unmetered).
    expect(await used()).toBe(before + 1);
  });
});

describe("who from the team replied and resolved, as the visitor sees it", () => {
  it("the person's first name on the stream's messages and on resolving; null (the team) when the workspace hides names", async () => {
    const first = await widgetChat(a, { message: "How much does delivery cost?" });
    const conversationId = first.done!.conversation_id as string;
    const stream = await openStream(a, conversationId, { token: first.done!.visitor_token as string });
    await until(() => stream.frames.some((f) => f.event === "status"), "the initial status");
    const path = `/v1/${botId}/conversations/${conversationId}`;
    const frames = (event: string) => stream.frames.filter((f) => f.event === event).map((f) => f.data);
    await apiB("POST", `${path}/messages`, { token: owner.token, body: { content: "Hello from the bakery." } });
    await apiB("PATCH", path, { token: owner.token, body: { status: "resolved" } });
    await until(() => frames("status").some((d) => d.status === "resolved"), "resolved");
    // In the order they happened: the reply, then "resolved" (the reply is read from the table before it is sent).
    const at = (match: (f: { event: string; data: Record<string, unknown> }) => boolean) => stream.frames.findIndex(match);
    expect(at((f) => f.event === "message")).toBeGreaterThan(-1);
    expect(at((f) => f.event === "message")).toBeLessThan(at((f) => f.event === "status" && f.data.status === "resolved"));
    expect(frames("message").map((d) => d.author)).toEqual([firstName()]);
    expect(frames("status").at(-1)).toEqual({ status: "resolved", by: firstName() });

    await db.team.update({ where: { id: teamId }, data: { showAgentNames: false } });
    try {
      await apiB("POST", `${path}/messages`, { token: owner.token, body: { content: "One more thing." } });
      await apiB("PATCH", path, { token: owner.token, body: { status: "resolved" } });
      await until(() => frames("status").filter((d) => d.status === "resolved").length === 2, "resolved again");
      expect(frames("message").map((d) => d.author)).toEqual([firstName(), null]);
      expect(frames("status").at(-1)).toEqual({ status: "resolved", by: null });
    } finally {
      await db.team.update({ where: { id: teamId }, data: { showAgentNames: true } });
      stream.close();
    }
  });
});

describe("the lead form in REST", () => {
  it("reads the default, changes the keys sent, checks the whole form, and the widget shows the change", async () => {
    const read = await apiA("GET", `/v1/${otherBotId}/lead-form`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.lead_form).toMatchObject({ on_handoff: true, after_messages: null, fields: [{ key: "name" }, { key: "email", required: true }] });

    const fields = [
      { key: "name", label: "Name", type: "text", required: true },
      { key: "email", label: "E-mail", type: "email", required: false },
      { key: "phone", label: "Phone", type: "phone", required: true },
      { key: "order_number", label: "Order number", type: "text", required: false },
    ];
    const changed = await apiB("PATCH", `/v1/${otherBotId}/lead-form`, { token: owner.token, body: { fields, after_messages: 3 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ lead_form: { fields, after_messages: 3, on_handoff: true, on_no_credits: true } });
    expect((await apiA("PATCH", `/v1/${otherBotId}/lead-form`, { token: owner.token, body: { on_handoff: false } })).body.lead_form).toMatchObject({ fields, after_messages: 3, on_handoff: false });
    const config = await (await fetch(`${a}/api/widget/${otherBotId}/config`)).json();
    expect(config.lead_form).toEqual({ fields, after_messages: 3, on_handoff: false, on_no_credits: true });

    const noContact = await apiA("PATCH", `/v1/${otherBotId}/lead-form`, { token: owner.token, body: { fields: [{ key: "name", label: "Name", type: "text", required: true }] } });
    expect(noContact.status).toBe(422);
    expect(noContact.body.errors).toEqual({ fields: ["Ask for an e-mail or a phone number."] });
    const badKey = await apiA("PATCH", `/v1/${otherBotId}/lead-form`, { token: owner.token, body: { fields: [{ key: "E-mail!", label: "E-mail", type: "email", required: true }] } });
    expect(badKey.status).toBe(422);
    expect(Object.keys(badKey.body.errors)).toEqual(["fields.0.key"]);
    expect((await apiA("PATCH", `/v1/${otherBotId}/lead-form`, { token: owner.token, body: { after_messages: 0 } })).status).toBe(422);
    expect((await apiA("PATCH", `/v1/${otherBotId}/lead-form`, { token: member.token, body: { on_handoff: true } })).status).toBe(403);
    expect((await apiA("GET", `/v1/${otherBotId}/lead-form`, { token: owner.token })).body.lead_form.on_handoff).toBe(false);

    const doc = (await apiA("GET", "/v1/openapi.json")).body;
    expect(Object.keys(doc.paths["/v1/{chatbot_id}/lead-form"]).sort()).toEqual(["get", "patch"]);
    expect(Object.keys(doc.paths["/v1/{chatbot_id}/lead-form"].patch.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "after_messages",
      "fields",
      "on_handoff",
      "on_no_credits",
    ]);
  });
});

describe("the REST operations' refusals", () => {
  let conversationId: string;
  beforeAll(async () => {
    conversationId = (await widgetChat(a, { message: "Hello there" })).done!.conversation_id as string;
  });

  it("422 on a bad status or an assignee outside the workspace, 404 outside the caller's reach, 403 for a member", async () => {
    const patch = (body: unknown, token = owner.token, bot = botId) => apiA("PATCH", `/v1/${bot}/conversations/${conversationId}`, { token, body });
    const bad = await patch({ status: "asleep" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("status");
    expect((await patch({ assignee_id: "00000000-0000-4000-8000-000000000000" })).status).toBe(422);
    expect((await patch({ status: "human" }, owner.token, otherBotId)).status).toBe(404);
    expect((await patch({ status: "human" }, member.token)).status).toBe(403);
    expect((await apiA("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: owner.token, body: { content: "" } })).status).toBe(422);
    expect((await apiA("POST", `/v1/${otherBotId}/conversations/${conversationId}/messages`, { token: owner.token, body: { content: "hi" } })).status).toBe(404);
    // Assigning a member of the workspace is fine.
    expect((await patch({ assignee_id: member.user.id })).body.assignee_id).toBe(member.user.id);
  });

  it("422 for an assignee who owns the workspace's row but cannot see the chatbot (no membership)", async () => {
    const outsider = await userWithToken(db, "Owner Without Membership");
    const team = await db.team.create({ data: { kind: "client", name: "Owned by an outsider", plan: "agency_client", ownerId: outsider.user.id, agencyId: owner.agency.id } });
    const bot = await chatbot(db, team.id, owner.user.id, "Outsider's Bot");
    const visitor = await db.visitor.create({ data: { chatbotId: bot.id, visitorKey: "outsider-visitor" } });
    const conversation = await db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id } });
    const path = `/v1/${bot.id}/conversations/${conversation.id}`;
    expect((await apiA("GET", path, { token: outsider.token })).status).toBe(404);
    const refused = await apiA("PATCH", path, { token: owner.token, body: { assignee_id: outsider.user.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty("assignee_id");
    expect((await apiA("PATCH", path, { token: owner.token, body: { assignee_id: owner.user.id } })).body.assignee_id).toBe(owner.user.id);
  });

  it("documents both operations in /v1/openapi.json", async () => {
    const doc = (await apiA("GET", "/v1/openapi.json")).body;
    const patch = doc.paths["/v1/{chatbot_id}/conversations/{conversation_id}"].patch;
    expect(Object.keys(patch.requestBody.content["application/json"].schema.properties).sort()).toEqual(["assignee_id", "status"]);
    expect(patch.requestBody.content["application/json"].schema.properties.status.enum).toEqual(["bot", "waiting", "human", "resolved"]);
    const post = doc.paths["/v1/{chatbot_id}/conversations/{conversation_id}/messages"].post;
    expect(Object.keys(post.responses)).toContain("201");
    expect(doc.components.schemas.Conversation.properties).toHaveProperty("assignee_id");
    expect(doc.components.schemas.Conversation.properties.status.enum).toEqual(["bot", "waiting", "human", "resolved"]);
  });
});
