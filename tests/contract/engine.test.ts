import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { slackEventEnvelope, startSlackStandIn, type SlackStandIn } from "../../scripts/lib/slack-stand-in";
import { startTelegramStandIn, textUpdate, type TelegramStandIn } from "../../scripts/lib/telegram-stand-in";
import { startWhatsAppStandIn, whatsappTextDelivery, type WhatsAppStandIn } from "../../scripts/lib/whatsapp-stand-in";
import { bakeryClient } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";
import { signIn } from "../helpers/session";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * One conversation engine behind every chat surface (docs/decisions/104-one-adapter-shape.md): REST chat,
 * the widget, the share page and the playground answer the same input with the same status and the same
 * body, good or bad; Telegram, WhatsApp and Slack, which answer from the queue, get the same answer, and for
 * what they cannot express their documented equivalent (docs/architecture.md, "One chat turn").
 */
let db: Db;
let base: string;
let token: string;
let cookie: string;
let botId: string;
let teamId: string;
let tg: TelegramStandIn;
let wa: WhatsAppStandIn;
let sl: SlackStandIn;
const TG_TOKEN = "123456:AAbbCCddEEff-engine";
const WA = { access_token: "EAAG-engine-token", phone_number_id: "1065550002", app_secret: "wa-app-secret-engine-0123456789" };
const SL = { bot_token: "xoxb-engine", signing_secret: "slack-signing-secret-engine-0123456789" };
const hooks: Record<"whatsapp" | "slack", string> = { whatsapp: "", slack: "" };

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  [tg, wa, sl] = await Promise.all([startTelegramStandIn(), startWhatsAppStandIn(), startSlackStandIn()]);
  tg.addBot(TG_TOKEN, "engine_bot");
  wa.addNumber(WA.access_token, WA.phone_number_id, "+1 555 000 2222");
  sl.addBot(SL.bot_token, "enginebot", "Bakery HQ");
  const owner = await agencyOwner(db);
  token = owner.token;
  const channels = ["messaging_app_2", "messaging_app_1", "team_chat_1"];
  await db.team.update({ where: { id: owner.agency.id }, data: { includedIntegrations: channels } });
  const client = await bakeryClient(db, owner, { enabledIntegrations: channels });
  botId = client.bot.id;
  teamId = client.team.id;
  const env = { TELEGRAM_API_BASE_URL: tg.baseUrl, WHATSAPP_API_BASE_URL: wa.baseUrl, SLACK_API_BASE_URL: sl.baseUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  base = (await startAppServer(created.url, env)).baseUrl;
  await startWorkerProcess(created.url, env);
  cookie = (await signIn(base, owner.user.email, "password-123")).cookie;
  const api = apiClient(base);
  const connect = async (body: unknown) => {
    const res = await api("POST", `/v1/${botId}/channels`, { token, body });
    expect(res.status).toBe(201);
    return res.body as { webhook_url: string; verify_token: string | null };
  };
  await connect({ kind: "messaging_app_2", credentials: { bot_token: TG_TOKEN } });
  hooks.whatsapp = (await connect({ kind: "messaging_app_1", credentials: WA })).webhook_url;
  hooks.slack = (await connect({ kind: "team_chat_1", credentials: SL })).webhook_url;
}, 180_000);

afterAll(async () => {
  await killWorkerProcesses();
  await Promise.all([tg?.stop(), wa?.stop(), sl?.stop()]);
});

type Answer = { status: number; body: Record<string, unknown> };
const REQUEST_SURFACES = ["rest", "widget", "share", "playground"] as const;
const CHANNELS = ["telegram", "whatsapp", "slack"] as const;
type Channel = (typeof CHANNELS)[number];

/** A request surface: the status and the JSON (or the stream's `done` or `error` frame). */
async function ask(surface: (typeof REQUEST_SURFACES)[number], body: Record<string, unknown>): Promise<Answer> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
  let url = `${base}/api/widget/${botId}/chat`;
  if (surface === "rest") {
    url = `${base}/v1/${botId}/chat`;
    headers.Authorization = `Bearer ${token}`;
    body = { ...body, stream: true };
  } else if (surface === "share") body = { ...body, source: "share" };
  else if (surface === "playground") {
    url = `${base}/api/playground/${botId}`;
    Object.assign(headers, { Cookie: cookie, Origin: base });
  }
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  const done = sseFrames(text).find((f) => f.event === "done" || f.event === "error")!;
  return { status: done.event === "done" ? res.status : 500, body: done.data as Record<string, unknown> };
}

let chatSeq = 0;
/**
 * A channel's chat, new for each message: the body's `message` as the provider's text (any JSON value, as a
 * provider could send it; a conversation id has no place in a provider's payload). The delivery's status,
 * whether the channel took it as a question (its event recorded), and the chat to read the reply from.
 */
async function tell(channel: Channel, message: unknown): Promise<{ status: number; taken: boolean; reply: () => Promise<string>; chatKey: string }> {
  const n = ++chatSeq;
  const asText = (payload: unknown) => JSON.parse(JSON.stringify(payload).replace('"@text@"', JSON.stringify(message))) as unknown;
  const events = await db.channelEvent.count();
  let status: number;
  let chatKey: string;
  let reply: () => Promise<string>;
  if (channel === "telegram") {
    const chat = 7000 + n;
    const from = tg.sent.length;
    status = await tg.deliver(TG_TOKEN, asText(textUpdate(9000 + n, chat, "@text@")));
    chatKey = String(chat);
    reply = async () => (await tg.nextMessage(chatKey, from)).text;
  } else if (channel === "whatsapp") {
    chatKey = `1555700${String(n).padStart(4, "0")}`;
    const from = wa.sent.length;
    status = await wa.deliver(hooks.whatsapp, WA.app_secret, asText(whatsappTextDelivery(WA.phone_number_id, chatKey, `wamid.engine${n}`, "@text@")));
    const to = chatKey;
    reply = async () => (await wa.nextMessage(to, from)).text;
  } else {
    const dm = `D0ENG${n}`;
    const ts = `1700100000.${String(n).padStart(6, "0")}`;
    const from = sl.posts.length;
    status = (await sl.deliver(hooks.slack, SL.signing_secret, asText(slackEventEnvelope({ type: "message", channel: dm, channel_type: "im", user: "U0ADA", text: "@text@", ts })))).status;
    chatKey = `${dm}:${ts}`;
    reply = async () => {
      const post = await sl.nextPost(dm, from);
      expect(post.thread_ts).toBe(ts);
      return post.text;
    };
  }
  return { status, taken: (await db.channelEvent.count()) > events, reply, chatKey };
}

/** The chat's conversation (the channel's visitor is its chat) with its messages, once its answer is recorded. */
async function chatConversation(chatKey: string) {
  return db.conversation.findFirstOrThrow({
    where: { chatbotId: botId, source: "channel", visitor: { visitorKey: { endsWith: `:${chatKey}` } } },
    include: { messages: { orderBy: { createdAt: "asc" } } },
  });
}

const used = async () => (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;
const requestSurfaceMessages = () => db.message.count({ where: { conversation: { source: { not: "channel" } } } });

/**
 * What a channel does where a request surface answers a status (docs/architecture.md, "One chat turn"):
 * `ignored` — not a question (blank, not text): 200, no event taken, nothing recorded or charged;
 * `cut` — text past 4,000 characters is cut to 4,000 (the providers allow longer) and answered;
 * `told` — a refusal: its message is the reply, nothing recorded or charged;
 * `own-conversation` — a provider's message names no conversation: the chat continues its own (a new one here).
 */
type ChannelOutcome = "ignored" | "cut" | "told" | "own-conversation";

describe("the same input, the same outcome on every surface", () => {
  it.each<[string, Record<string, unknown>, number, ChannelOutcome]>([
    ["an empty message", { message: "   " }, 422, "ignored"],
    ["a message over 4,000 characters", { message: "x".repeat(4001) }, 422, "cut"],
    ["a message with a NUL", { message: "hi\u0000" }, 422, "told"],
    ["a message that is not text", { message: 42 }, 422, "ignored"],
    ["an unknown conversation", { message: "When are you open?", conversation_id: "00000000-0000-4000-8000-000000000000" }, 404, "own-conversation"],
    ["a conversation id that is not a UUID", { message: "When are you open?", conversation_id: "not-a-uuid" }, 404, "own-conversation"],
  ])("%s", async (_what, body, status, outcome) => {
    const before = { messages: await requestSurfaceMessages(), used: await used() };
    const answers = await Promise.all(REQUEST_SURFACES.map((s) => ask(s, body)));
    for (const [i, answer] of answers.entries()) expect(answer.status, REQUEST_SURFACES[i]).toBe(status);
    // The same body too (the field errors, the message).
    for (const [i, answer] of answers.entries()) expect(answer.body, REQUEST_SURFACES[i]).toEqual(answers[0]!.body);
    expect(await requestSurfaceMessages()).toBe(before.messages);

    for (const channel of CHANNELS) {
      const told = await tell(channel, body.message);
      expect(told.status, channel).toBe(200);
      expect(told.taken, channel).toBe(outcome !== "ignored");
      if (outcome === "ignored") continue;
      const reply = await told.reply();
      if (outcome === "told") {
        expect(reply, channel).toBe(answers[0]!.body.message);
        await expect(chatConversation(told.chatKey), channel).rejects.toThrow();
        continue;
      }
      const conversation = await chatConversation(told.chatKey);
      expect(conversation.messages.map((m) => m.role), channel).toEqual(["user", "assistant"]);
      expect(conversation.messages[0]!.content, channel).toBe(outcome === "cut" ? "x".repeat(4000) : body.message);
      expect(conversation.messages[1]!.content, channel).toBe(reply);
    }
    // A refused or ignored message costs nothing anywhere; an answered one, one credit per channel.
    expect(await used()).toBe(before.used + (outcome === "cut" || outcome === "own-conversation" ? CHANNELS.length : 0));
  });

  it("answers with the same JSON shape everywhere (the widget and the share page add their visitor token), and the channels with the same text", async () => {
    const question = "When are you open on Saturday?";
    const answers = await Promise.all(REQUEST_SURFACES.map((s) => ask(s, { message: question })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.message as object).sort()).toEqual(["answered", "content", "created_at", "id", "role", "sources"]);
    }
    expect(Object.keys(answers[0]!.body).sort()).toEqual(["conversation_id", "message"]);
    expect(Object.keys(answers[1]!.body).sort()).toEqual(["conversation_id", "message", "visitor_token"]);
    expect(Object.keys(answers[2]!.body).sort()).toEqual(["conversation_id", "message", "visitor_token"]);
    expect(Object.keys(answers[3]!.body).sort()).toEqual(["conversation_id", "message"]);
    const content = (answers[0]!.body.message as { content: string }).content;
    expect(new Set(answers.map((a) => (a.body.message as { content: string }).content))).toEqual(new Set([content]));
    const sources = await db.conversation.findMany({ where: { id: { in: answers.map((a) => a.body.conversation_id as string) } }, select: { source: true } });
    expect(sources.map((c) => c.source).sort()).toEqual(["api", "playground", "share", "widget"]);

    for (const channel of CHANNELS) {
      const told = await tell(channel, question);
      expect(await told.reply(), channel).toBe(content);
      const conversation = await chatConversation(told.chatKey);
      expect(conversation.messages.map((m) => [m.role, m.content]), channel).toEqual([
        ["user", question],
        ["assistant", content],
      ]);
    }
  });
});
