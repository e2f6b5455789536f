/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked field by field */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { CATALOGUES } from "@/shared/i18n/messages";
import { startTelegramStandIn, textUpdate, type TelegramStandIn } from "../../scripts/lib/telegram-stand-in";
import { BAKERY_PAGES, trainedTextSource } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, teamMember } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * Telegram end to end (docs/decisions/069-messaging-channels.md) over real sockets: the app and a real worker
 * process against a local server speaking the Bot API. Connecting verifies the
 * token (getMe) and sets the webhook with a secret token; an update is checked,
 * de-duplicated, answered by the one engine from a job (charged once, in the
 * inbox with source `channel`), and the reply is sent with sendMessage, waiting
 * out a 429's retry_after; a reply that cannot be delivered shows in the inbox.
 */
let db: Db;
let tg: TelegramStandIn;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let teamId: string;
let botId: string;
let closedTeamBotId: string;
const TOKEN = "123456:AAbbCCddEEff-valid";
const OTHER_TOKEN = "654321:ZZyyXXwwVVuu-other";

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  tg = await startTelegramStandIn();
  tg.addBot(TOKEN, "bakery_bot");
  tg.addBot(OTHER_TOKEN, "other_bot");
  owner = await agencyOwner(db);
  await db.team.update({ where: { id: owner.agency.id }, data: { includedIntegrations: ["messaging_app_2", "team_chat_1"] } });
  const team = await db.team.create({
    data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, enabledIntegrations: ["messaging_app_2"] },
  });
  teamId = team.id;
  member = await teamMember(db, team.id, "member");
  botId = (await chatbot(db, team.id, owner.user.id, "Bakery Bot")).id;
  await db.chatbot.update({ where: { id: botId }, data: { welcomeMessage: "Welcome to the bakery! Ask me anything." } });
  for (const page of BAKERY_PAGES) await trainedTextSource(db, botId, page);
  const closed = await db.team.create({ data: { kind: "client", name: "Closed", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, enabledIntegrations: [] } });
  closedTeamBotId = (await chatbot(db, closed.id, owner.user.id, "Closed Bot")).id;
  const env = { TELEGRAM_API_BASE_URL: tg.baseUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64"), CHANNEL_SEND_ATTEMPTS: "2" };
  api = apiClient((await startAppServer(created.url, env)).baseUrl);
  await startWorkerProcess(created.url, env);
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await tg?.stop();
});

const connect = (chatbotId: string, body: unknown, token = owner.token) => api("POST", `/v1/${chatbotId}/channels`, { token, body });

async function waitFor<T>(read: () => Promise<T | null | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("connecting a Telegram channel", () => {
  it("refuses a disabled integration, another kind, a malformed token (422) and a member (403)", async () => {
    const closed = await connect(closedTeamBotId, { kind: "messaging_app_2", credentials: { bot_token: TOKEN } });
    expect(closed.status).toBe(422);
    expect(closed.body.errors.kind[0]).toContain("not enabled for this workspace");
    expect((await connect(botId, { kind: "crm_1", credentials: {} })).body.errors.kind).toBeDefined();
    const bad = await connect(botId, { kind: "messaging_app_2", credentials: { bot_token: "nope" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors["credentials.bot_token"]).toBeDefined();
    expect((await connect(botId, { kind: "messaging_app_2", credentials: {} })).body.errors["credentials.bot_token"]).toBeDefined();
    expect((await connect(botId, { kind: "messaging_app_2", credentials: { bot_token: TOKEN } }, member.token)).status).toBe(403);
    expect((await api("GET", `/v1/${botId}/channels`)).status).toBe(401);
    expect(await db.channel.count()).toBe(0);
  });

  it("a token Telegram refuses is stored with status error and Telegram's message", async () => {
    const res = await connect(botId, { kind: "messaging_app_2", credentials: { bot_token: "999:unknown-token" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: "messaging_app_2", product: "Telegram", status: "error", status_message: "Telegram: Unauthorized" });
    expect((await api("DELETE", `/v1/${botId}/channels/${res.body.id}`, { token: owner.token })).status).toBe(204);
  });
});

describe("a Telegram chat", () => {
  let channel: any;
  let updateId = 5000;

  beforeAll(async () => {
    const res = await connect(botId, { kind: "messaging_app_2", credentials: { bot_token: TOKEN } });
    expect(res.status).toBe(201);
    channel = res.body;
  });

  it("is connected: getMe's name, the webhook set with a secret token, listed, the token never shown", async () => {
    expect(channel).toMatchObject({ chatbot_id: botId, status: "connected", status_message: null, name: "@bakery_bot" });
    expect(Object.keys(channel).sort()).toEqual(["chatbot_id", "created_at", "handoff_channel", "id", "kind", "name", "product", "status", "status_message", "verify_token", "webhook_url"]);
    const hook = tg.webhookOf(TOKEN)!;
    expect(hook.url).toBe(channel.webhook_url);
    expect(hook.secret_token).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    const list = await api("GET", `/v1/${botId}/channels`, { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.id)).toContain(channel.id);
    expect(list.text).not.toContain(TOKEN);
    expect(JSON.stringify(await db.channel.findUniqueOrThrow({ where: { id: channel.id } }))).not.toContain(TOKEN);
    const audit = await db.auditEntry.findFirstOrThrow({ where: { action: "channel.connected", targetId: channel.id } });
    expect(audit).toMatchObject({ teamId, agencyId: owner.agency.id, targetName: "Telegram @bakery_bot", actorType: "api_token" });
    expect(JSON.stringify([audit.before, audit.after, audit.targetName])).not.toContain(TOKEN);
  });

  it("refuses an update without the secret token or with a wrong one (401)", async () => {
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 77, "hello"), null)).toBe(401);
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 77, "hello"), "wrong-secret")).toBe(401);
  });

  it("/start greets with the welcome message, uncharged", async () => {
    const from = tg.sent.length;
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 41, "/start"))).toBe(200);
    expect((await tg.nextMessage("41", from)).text).toBe("Welcome to the bakery! Ask me anything.");
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(0);
  });

  it("answers a message from a job: the reply reaches Telegram, the conversation is in the inbox as `channel`, charged once; a retried update is not answered again", async () => {
    const from = tg.sent.length;
    const update = textUpdate(++updateId, 42, "When is the bakery open on Saturday?");
    expect(await tg.deliver(TOKEN, update)).toBe(200);
    const reply = await tg.nextMessage("42", from);
    expect(reply.text).toContain("8 am to 2 pm");
    // Telegram retries a delivery it thinks failed: same update_id, no second answer or charge.
    expect(await tg.deliver(TOKEN, update)).toBe(200);
    const convo = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, source: "channel" }, include: { messages: true } });
    expect(convo.messages.map((m) => m.role).sort()).toEqual(["assistant", "user"]);
    const detail = await api("GET", `/v1/${botId}/conversations/${convo.id}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).toContain('"source":"channel"');
    // The next message continues the same conversation.
    const next = tg.sent.length;
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 42, "Do you deliver cakes?"))).toBe(200);
    expect((await tg.nextMessage("42", next)).text).toContain("10 kilometres");
    expect(await db.message.count({ where: { conversationId: convo.id } })).toBe(4);
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(2);
    expect(tg.sent.filter((m) => m.chat_id === "42")).toHaveLength(2);
  });

  it("an agent's reply from the inbox or REST goes to the Telegram chat; while the agent has it, the bot stays silent", async () => {
    const convo = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, source: "channel" } });
    const from = tg.sent.length;
    const posted = await api("POST", `/v1/${botId}/conversations/${convo.id}/messages`, { token: owner.token, body: { content: "Hi, Sam from the bakery here. Yes, we deliver!" } });
    expect(posted.status).toBe(201);
    expect((await tg.nextMessage("42", from)).text).toBe("Hi, Sam from the bakery here. Yes, we deliver!");
    const used = (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 42, "Great, thanks Sam!"))).toBe(200);
    await waitFor(() => db.message.findFirst({ where: { conversationId: convo.id, content: "Great, thanks Sam!" } }));
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(used);
    expect(tg.sent.slice(from).filter((m) => m.chat_id === "42")).toHaveLength(1);
  });

  it("resolved, the chat is asked to rate it with inline buttons: a plain 5 counts, a press replaces it (answered), 9 or another chat's conversation is refused; conversation.rated and CSAT include it", async () => {
    const convo = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, source: "channel" } });
    const someoneElse = await db.visitor.create({ data: { chatbotId: botId, visitorKey: "someone-else" } });
    const other = await db.conversation.create({ data: { chatbotId: botId, visitorId: someoneElse.id, source: "channel", status: "resolved" } });
    const from = tg.sent.length;
    expect((await api("PATCH", `/v1/${botId}/conversations/${convo.id}`, { token: owner.token, body: { status: "resolved" } })).status).toBe(200);
    const prompt = await tg.nextMessage("42", from);
    expect(prompt.text).toBe(CATALOGUES.en.panel.rateConversation);
    expect(prompt.reply_markup!.inline_keyboard).toEqual([[1, 2, 3, 4, 5].map((n) => ({ text: String(n), callback_data: `rate:${convo.id}:${n}` }))]);

    const thanks = CATALOGUES.en.panel.ratingThanks;
    let next = tg.sent.length;
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 42, "5"))).toBe(200);
    expect((await tg.nextMessage("42", next)).text).toBe(thanks);
    expect(await db.conversationRating.findUnique({ where: { conversationId: convo.id } })).toMatchObject({ score: 5 });

    next = tg.sent.length;
    expect(await tg.pressButton(TOKEN, prompt, "4", ++updateId)).toBe(200);
    expect((await tg.nextMessage("42", next)).text).toBe(thanks);
    expect(tg.answeredCallbacks.at(-1)).toEqual({ callback_query_id: `cq${updateId}`, text: thanks });
    expect(await db.conversationRating.findUnique({ where: { conversationId: convo.id } })).toMatchObject({ score: 4 });

    // Forged presses: a score outside 1–5, another visitor's conversation. Refused in words, nothing changed.
    const forged = (data: string) => ({ ...prompt, reply_markup: { inline_keyboard: [[{ text: "x", callback_data: data }]] } });
    next = tg.sent.length;
    expect(await tg.pressButton(TOKEN, forged(`rate:${convo.id}:9`), "x", ++updateId)).toBe(200);
    expect((await tg.nextMessage("42", next)).text).toBe("The score field must be a whole number from 1 to 5.");
    next = tg.sent.length;
    expect(await tg.pressButton(TOKEN, forged(`rate:${other.id}:1`), "x", ++updateId)).toBe(200);
    expect((await tg.nextMessage("42", next)).text).toBe("Conversation not found.");
    expect(await db.conversationRating.findMany({ select: { conversationId: true, score: true } })).toEqual([{ conversationId: convo.id, score: 4 }]);

    const events = await db.outboxEvent.findMany({ where: { type: "conversation.rated" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => (e.data as any).rating)).toEqual([expect.objectContaining({ conversation_id: convo.id, score: 5 }), expect.objectContaining({ conversation_id: convo.id, score: 4 })]);
    expect((await api("GET", `/v1/${botId}/analytics`, { token: owner.token })).body.csat).toEqual({ score: 100, average: 4, count: 1 });
    // Rated: a digit is a message again, not a rating.
    next = tg.sent.length;
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 42, "3"))).toBe(200);
    expect((await tg.nextMessage("42", next)).text).not.toBe(thanks);
    expect(await db.message.findFirst({ where: { chatbotId: botId, content: "3", role: "user" } })).not.toBeNull();
    expect(await db.conversationRating.findUnique({ where: { conversationId: convo.id } })).toMatchObject({ score: 4 });
  });

  it("waits out a 429's retry_after, then delivers", async () => {
    tg.failSends("43", { error_code: 429, description: "Too Many Requests: retry after 1", retry_after: 1 });
    const from = tg.sent.length;
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 43, "What is the delivery area?"))).toBe(200);
    const reply = await tg.nextMessage("43", from);
    const attempts = tg.sendAttempts.filter((a) => a.chat_id === "43");
    expect(attempts).toHaveLength(2);
    expect(reply.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("a chatbot that cannot answer (a hard pause) says the widget's words in its language, with the lead form's prompt; /start greets in it", async () => {
    await db.chatbot.update({ where: { id: botId }, data: { defaultLanguage: "de", welcomeMessage: "Hi! How can I help you today?" } });
    await db.team.update({ where: { id: teamId }, data: { status: "paused", pauseMode: "hard" } });
    try {
      const from = tg.sent.length;
      expect(await tg.deliver(TOKEN, textUpdate(++updateId, 47, "Wann habt ihr offen?"))).toBe(200);
      const de = CATALOGUES.de.panel;
      expect((await tg.nextMessage("47", from)).text).toBe(`${de.pausedTitle.replace("{name}", "Bakery Bot")}\n\n${de.pausedBodyLeads}`);
      await db.team.update({ where: { id: teamId }, data: { status: "active", pauseMode: null } });
      const next = tg.sent.length;
      expect(await tg.deliver(TOKEN, textUpdate(++updateId, 47, "/start"))).toBe(200);
      expect((await tg.nextMessage("47", next)).text).toBe(CATALOGUES.de.chatbot.welcomeMessage);
    } finally {
      await db.team.update({ where: { id: teamId }, data: { status: "active", pauseMode: null } });
      await db.chatbot.update({ where: { id: botId }, data: { defaultLanguage: "en", welcomeMessage: "Welcome to the bakery! Ask me anything." } });
    }
  });

  it("a reply Telegram refuses is shown on the conversation in the inbox, not retried", async () => {
    tg.failSends("44", { error_code: 403, description: "Forbidden: bot was blocked by the user" });
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 44, "When is the bakery open on Saturday?"))).toBe(200);
    const failed = await waitFor(() => db.message.findFirst({ where: { chatbotId: botId, deliveryError: { not: null } } }));
    expect(failed.deliveryError).toBe("Telegram: Forbidden: bot was blocked by the user");
    expect(tg.sendAttempts.filter((a) => a.chat_id === "44")).toHaveLength(1);
  });

  it("removing Telegram from the workspace's integrations disconnects it: updates get 200 and no answer", async () => {
    await db.team.update({ where: { id: teamId }, data: { enabledIntegrations: [] } });
    const list = await api("GET", `/v1/${botId}/channels`, { token: owner.token });
    expect(list.body.find((c: any) => c.id === channel.id).status).toBe("disconnected");
    const before = await db.message.count({ where: { chatbotId: botId } });
    expect(await tg.deliver(TOKEN, textUpdate(++updateId, 45, "When is the bakery open on Saturday?"))).toBe(200);
    expect(await db.channelEvent.count({ where: { channelId: channel.id, eventId: `tg:${updateId}` } })).toBe(0);
    expect(await db.message.count({ where: { chatbotId: botId } })).toBe(before);
    await db.team.update({ where: { id: teamId }, data: { enabledIntegrations: ["messaging_app_2"] } });
  });

  it("DELETE disconnects: 204, the webhook removed, later deliveries to its URL get 404", async () => {
    const hook = tg.webhookOf(TOKEN)!;
    expect((await api("DELETE", `/v1/${botId}/channels/${channel.id}`, { token: owner.token })).status).toBe(204);
    expect(tg.webhookOf(TOKEN)).toBeUndefined();
    const res = await fetch(hook.url, { method: "POST", headers: { "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": hook.secret_token }, body: JSON.stringify(textUpdate(++updateId, 46, "hi")) });
    expect(res.status).toBe(404);
    expect((await api("DELETE", `/v1/${botId}/channels/${channel.id}`, { token: owner.token })).status).toBe(404);
    expect(await db.auditEntry.count({ where: { action: "channel.disconnected", targetId: channel.id } })).toBe(1);
  });
});
