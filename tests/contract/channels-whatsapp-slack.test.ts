/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked field by field */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { CATALOGUES } from "@/shared/i18n/messages";
import { slackEventEnvelope, startSlackStandIn, type SlackStandIn } from "../../scripts/lib/slack-stand-in";
import { startTeamsStandIn, teamsMessage, type TeamsStandIn } from "../../scripts/lib/teams-stand-in";
import { startWhatsAppStandIn, whatsappListReplyDelivery, whatsappStatusDelivery, whatsappTextDelivery, type WhatsAppStandIn } from "../../scripts/lib/whatsapp-stand-in";
import { BAKERY_PAGES, trainedTextSource } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { waitFor } from "../helpers/https-receiver";
import { startAppServer } from "../helpers/server";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * WhatsApp Cloud API and Slack Events API end to end (docs/decisions/069-messaging-channels.md) over real
 * sockets, against local servers speaking each provider's documented API:
 * the handshakes, the signatures (401 unsigned or stale), de-duplication by the
 * provider's id, answers from the one engine (charged once each), replies with
 * Graph `messages` and `chat.postMessage` in the thread, rate limits waited out.
 */
let db: Db;
let wa: WhatsAppStandIn;
let sl: SlackStandIn;
let bf: TeamsStandIn;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let teamId: string;
let botId: string;
const WA = { access_token: "EAAG-test-token", phone_number_id: "1065550001", app_secret: "wa-app-secret-0123456789" };
const SL = { bot_token: "xoxb-1-test", signing_secret: "slack-signing-secret-0123456789" };
const TEAMS = { app_id: "3c9e1f2a-4b5d-4e6f-8a7b-9c0d1e2f3a4b", app_password: "bakery-teams-secret" };

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  [wa, sl, bf] = await Promise.all([startWhatsAppStandIn(), startSlackStandIn(), startTeamsStandIn()]);
  bf.addBot(TEAMS.app_id, TEAMS.app_password);
  wa.addNumber(WA.access_token, WA.phone_number_id, "+1 555 000 1111");
  sl.addBot(SL.bot_token, "bakerybot", "Bakery HQ");
  owner = await agencyOwner(db);
  const team = await db.team.create({
    data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, enabledIntegrations: ["messaging_app_1", "team_chat_1", "team_chat_2"] },
  });
  teamId = team.id;
  botId = (await chatbot(db, team.id, owner.user.id, "Bakery Bot")).id;
  for (const page of BAKERY_PAGES) await trainedTextSource(db, botId, page);
  // Three attempts of a reply: enough for every retry below, and a reply given up on within seconds.
  const env = { WHATSAPP_API_BASE_URL: wa.baseUrl, SLACK_API_BASE_URL: sl.baseUrl, TEAMS_OPENID_METADATA_URL: bf.metadataUrl, TEAMS_TOKEN_URL: bf.tokenUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64"), CHANNEL_SEND_ATTEMPTS: "3" };
  api = apiClient((await startAppServer(created.url, env)).baseUrl);
  await startWorkerProcess(created.url, env);
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await Promise.all([wa?.stop(), sl?.stop(), bf?.stop()]);
});

const connect = (body: unknown) => api("POST", `/v1/${botId}/channels`, { token: owner.token, body });
const used = async () => (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;

let whatsappChannel: any;
let slackChannel: any;

describe("WhatsApp", () => {
  let channel: any;

  it("a wrong access token is stored as error with Graph's message; a good one connects with the number's name and a verify token", async () => {
    const bad = await connect({ kind: "messaging_app_1", credentials: { ...WA, access_token: "wrong" } });
    expect(bad.status).toBe(201);
    expect(bad.body).toMatchObject({ product: "WhatsApp", status: "error", status_message: "WhatsApp: Invalid OAuth access token - Cannot parse access token" });
    expect((await connect({ kind: "messaging_app_1", credentials: { access_token: WA.access_token } })).body.errors["credentials.phone_number_id"]).toBeDefined();
    const res = await connect({ kind: "messaging_app_1", credentials: WA });
    expect(res.status).toBe(201);
    channel = whatsappChannel = res.body;
    expect(channel).toMatchObject({ status: "connected", name: "+1 555 000 1111" });
    expect(channel.verify_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const list = await api("GET", `/v1/${botId}/channels`, { token: owner.token });
    for (const secret of Object.values(WA)) expect(list.text).not.toContain(secret);
  });

  it("answers Meta's subscription handshake with the challenge only for its verify token", async () => {
    const ok = await wa.handshake(channel.webhook_url, channel.verify_token);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe(ok.challenge);
    expect((await wa.handshake(channel.webhook_url, "not-the-token")).status).toBe(403);
  });

  it("refuses deliveries without a valid X-Hub-Signature-256 (401)", async () => {
    const delivery = whatsappTextDelivery(WA.phone_number_id, "15551230000", "wamid.unsigned", "hello");
    expect(await wa.deliver(channel.webhook_url, WA.app_secret, delivery, null)).toBe(401);
    expect(await wa.deliver(channel.webhook_url, "another-secret", delivery)).toBe(401);
    expect(await db.channelEvent.count({ where: { channelId: channel.id } })).toBe(0);
  });

  it("answers a text message once with the Graph messages endpoint (a redelivery and status callbacks are not answered), charged once", async () => {
    const before = await used();
    const from = wa.sent.length;
    const delivery = whatsappTextDelivery(WA.phone_number_id, "15551234567", "wamid.HBgL001", "When is the bakery open on Saturday?");
    expect(await wa.deliver(channel.webhook_url, WA.app_secret, delivery)).toBe(200);
    expect((await wa.nextMessage("15551234567", from)).text).toContain("8 am to 2 pm");
    expect(await wa.deliver(channel.webhook_url, WA.app_secret, delivery)).toBe(200);
    expect(await wa.deliver(channel.webhook_url, WA.app_secret, whatsappStatusDelivery(WA.phone_number_id, "wamid.out1"))).toBe(200);
    const convo = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, source: "channel" }, include: { messages: true } });
    expect(convo.messages).toHaveLength(2);
    expect(await used()).toBe(before + 1);
    expect(wa.sent.filter((m) => m.to === "15551234567")).toHaveLength(1);
  });

  it("retries after Graph's rate limit (code 130429) and delivers", async () => {
    wa.failSends("15550009999", { status: 400, code: 130429, message: "(#130429) Rate limit hit" });
    const from = wa.sent.length;
    expect(await wa.deliver(channel.webhook_url, WA.app_secret, whatsappTextDelivery(WA.phone_number_id, "15550009999", "wamid.HBgL002", "Do you deliver cakes?"))).toBe(200);
    expect((await wa.nextMessage("15550009999", from)).text).toContain("10 kilometres");
    expect(wa.sendAttempts.filter((a) => a.to === "15550009999")).toHaveLength(2);
  });
});

describe("Slack", () => {
  let channel: any;

  it("auth.test refusing the token is stored as error with Slack's code; a good one connects as the bot", async () => {
    const bad = await connect({ kind: "team_chat_1", credentials: { ...SL, bot_token: "xoxb-wrong" } });
    expect(bad.body).toMatchObject({ product: "Slack", status: "error", status_message: "Slack: invalid_auth" });
    const res = await connect({ kind: "team_chat_1", credentials: SL });
    expect(res.status).toBe(201);
    channel = slackChannel = res.body;
    expect(channel).toMatchObject({ status: "connected", name: "@bakerybot (Bakery HQ)", verify_token: null });
  });

  it("answers url_verification with its challenge once the request is signed; unsigned, wrongly signed or stale requests get 401", async () => {
    const verification = { token: "legacy", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P", type: "url_verification" };
    const ok = await sl.deliver(channel.webhook_url, SL.signing_secret, verification);
    expect(ok).toEqual({ status: 200, body: { challenge: verification.challenge } });
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, verification, { signature: null })).status).toBe(401);
    expect((await sl.deliver(channel.webhook_url, "wrong-secret", verification)).status).toBe(401);
    const stale = String(Math.floor(Date.now() / 1000) - 6 * 60);
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, verification, { timestamp: stale })).status).toBe(401);
  });

  it("answers a DM and a mention in their threads, each once; ignores its own and other bots' messages and plain channel chatter", async () => {
    const before = await used();
    const from = sl.posts.length;
    const dm = slackEventEnvelope({ type: "message", channel: "D0001", channel_type: "im", user: "U0ADA", text: "When is the bakery open on Saturday?", ts: "1700000000.000100" });
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, dm)).status).toBe(200);
    const reply = await sl.nextPost("D0001", from);
    expect(reply.text).toContain("8 am to 2 pm");
    expect(reply.thread_ts).toBe("1700000000.000100");
    // Slack retries (same event_id): no second answer.
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, dm)).status).toBe(200);

    const mention = slackEventEnvelope({ type: "app_mention", channel: "C0SHOP", user: "U0ADA", text: "<@U0BOT> Do you deliver cakes?", ts: "1700000001.000200" });
    const next = sl.posts.length;
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, mention)).status).toBe(200);
    const answer = await sl.nextPost("C0SHOP", next);
    expect(answer.text).toContain("10 kilometres");
    expect(answer.thread_ts).toBe("1700000001.000200");

    for (const event of [
      { type: "message", channel: "D0001", channel_type: "im", bot_id: "B0BOT", text: "an answer of ours", ts: "1700000002.000300" },
      { type: "message", channel: "C0SHOP", channel_type: "channel", user: "U0ADA", text: "When is the bakery open on Saturday?", ts: "1700000003.000400" },
      { type: "message", subtype: "message_changed", channel: "D0001", channel_type: "im", text: "edited", ts: "1700000004.000500" },
    ]) {
      expect((await sl.deliver(channel.webhook_url, SL.signing_secret, slackEventEnvelope(event))).status).toBe(200);
    }
    expect(await db.channelEvent.count({ where: { channelId: channel.id } })).toBe(2);
    expect(await used()).toBe(before + 2);
  });

  it("waits out chat.postMessage's 429 Retry-After", async () => {
    sl.failPosts("D0002", { kind: "ratelimited", retryAfter: 1 });
    const from = sl.posts.length;
    const dm = slackEventEnvelope({ type: "message", channel: "D0002", channel_type: "im", user: "U0BOB", text: "What is the delivery area?", ts: "1700000005.000600" });
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, dm)).status).toBe(200);
    const reply = await sl.nextPost("D0002", from);
    const attempts = sl.postAttempts.filter((a) => a.channel === "D0002");
    expect(attempts).toHaveLength(2);
    expect(reply.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("a 429 without Retry-After is retried after the backoff, not at once, and given up after CHANNEL_SEND_ATTEMPTS, not 20 times", async () => {
    // Slack's Retry-After missing (a proxy's 429) once read as 0 s: up to 20 immediate retries, none counted.
    sl.failPosts("D0003", { kind: "ratelimited" }, 25);
    const dm = slackEventEnvelope({ type: "message", channel: "D0003", channel_type: "im", user: "U0CAROL", text: "Do you deliver cakes?", ts: "1700000006.000700" });
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, dm)).status).toBe(200);
    const failed = await waitFor(() => db.message.findFirst({ where: { chatbotId: botId, deliveryError: "Slack: ratelimited (after 3 attempts)" } }), 30_000, "the reply given up on");
    expect(failed.content).toContain("10 kilometres");
    const attempts = sl.postAttempts.filter((a) => a.channel === "D0003");
    expect(attempts).toHaveLength(3);
    // The backoff: 2 s then 4 s, each between half of it and all of it (jitter).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(2000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sl.postAttempts.filter((a) => a.channel === "D0003")).toHaveLength(3);
  });
});

describe("rating a resolved conversation", () => {
  it("asks with a WhatsApp list and Slack buttons in the thread; the person's choice is the rating, thanked for; conversation.rated goes out", async () => {
    const en = CATALOGUES.en.panel;
    const chatOf = (chatKey: string) => db.channelChat.findFirstOrThrow({ where: { chatKey } });
    const [waChat, slChat] = [await chatOf("15551234567"), await chatOf("D0001:1700000000.000100")];
    const [waFrom, slFrom] = [wa.sent.length, sl.posts.length];
    for (const chat of [waChat, slChat]) {
      expect((await api("PATCH", `/v1/${botId}/conversations/${chat.conversationId}`, { token: owner.token, body: { status: "resolved" } })).status).toBe(200);
    }

    const list = await wa.nextMessage("15551234567", waFrom);
    expect(list.text).toBe(en.rateConversation);
    expect(list.rows).toEqual([1, 2, 3, 4, 5].map((n) => ({ id: `rate:${waChat.conversationId}:${n}`, title: `${n} out of 5` })));
    const waNext = wa.sent.length;
    const choice = whatsappListReplyDelivery(WA.phone_number_id, "15551234567", "wamid.RATE1", list.rows![4]!);
    expect(await wa.deliver(whatsappChannel.webhook_url, WA.app_secret, choice)).toBe(200);
    expect((await wa.nextMessage("15551234567", waNext)).text).toBe(en.ratingThanks);
    expect(await wa.deliver(whatsappChannel.webhook_url, WA.app_secret, choice)).toBe(200); // Meta redelivers: taken once

    const prompt = await sl.nextPost("D0001", slFrom);
    expect([prompt.text, prompt.thread_ts]).toEqual([en.rateConversation, "1700000000.000100"]);
    const slNext = sl.posts.length;
    expect(await sl.clickButton(slackChannel.webhook_url, SL.signing_secret, prompt, "2")).toBe(200);
    const thanks = await sl.nextPost("D0001", slNext);
    expect([thanks.text, thanks.thread_ts]).toEqual([en.ratingThanks, "1700000000.000100"]);

    const ratings = await db.conversationRating.findMany({ select: { conversationId: true, score: true }, orderBy: { score: "desc" } });
    expect(ratings).toEqual([{ conversationId: waChat.conversationId, score: 5 }, { conversationId: slChat.conversationId, score: 2 }]);
    expect(await db.outboxEvent.count({ where: { type: "conversation.rated" } })).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(wa.sent.slice(waNext).filter((m) => m.to === "15551234567")).toHaveLength(1);
  });
});

describe("a chatbot that cannot answer", () => {
  const en = CATALOGUES.en.panel;
  const said = (title: string, body: string) => `${title.replace("{name}", "Bakery Bot")}\n\n${body}`;
  const standing = (data: { status: "active" | "paused" | "suspended"; pauseMode: "hard" | "soft" | null }) => db.team.update({ where: { id: teamId }, data });
  const channelOf = async (kind: string) => [(await api("GET", `/v1/${botId}/channels`, { token: owner.token })).body].flat().flatMap((b: any) => b.data ?? b).find((c: any) => c.kind === kind && c.status === "connected");

  it("says the widget's dead-end words on WhatsApp, Microsoft Teams and Slack (paused, suspended, switched off), never the internal reason; once per event, charged nothing", async () => {
    const [whatsapp, slack] = [await channelOf("messaging_app_1"), await channelOf("team_chat_1")];
    const teams = (await connect({ kind: "team_chat_2", credentials: TEAMS })).body;
    expect(teams.status).toBe("connected");
    const before = await used();
    try {
      await standing({ status: "paused", pauseMode: "hard" });
      const from = wa.sent.length;
      const delivery = whatsappTextDelivery(WA.phone_number_id, "15557770001", "wamid.PAUSED1", "Are you open today?");
      expect(await wa.deliver(whatsapp.webhook_url, WA.app_secret, delivery)).toBe(200);
      expect((await wa.nextMessage("15557770001", from)).text).toBe(said(en.pausedTitle, en.pausedBodyLeads));
      // Meta redelivers the same message: no second refusal.
      expect(await wa.deliver(whatsapp.webhook_url, WA.app_secret, delivery)).toBe(200);

      // A paused workspace's Teams user: the same words, in their conversation; the Bot Framework's retry gets none more.
      const teamsFrom = bf.posted.length;
      const activity = teamsMessage(bf.serviceUrl, `28:${TEAMS.app_id}`, "a:1paused-teams", "Are you open today?");
      expect(await bf.send(teams.webhook_url, TEAMS.app_id, activity)).toBe(200);
      const teamsRefusal = await bf.nextPosted("a:1paused-teams", teamsFrom);
      expect(teamsRefusal.text).toBe(said(en.pausedTitle, en.pausedBodyLeads));
      expect(teamsRefusal.text).not.toMatch(/paused|suspended|workspace|credit/i);
      expect(await bf.send(teams.webhook_url, TEAMS.app_id, activity)).toBe(200);

      await standing({ status: "suspended", pauseMode: null });
      const next = sl.posts.length;
      const dm = slackEventEnvelope({ type: "message", channel: "D0PAUSE", channel_type: "im", user: "U0DAN", text: "Are you open today?", ts: "1700000010.000100" });
      expect((await sl.deliver(slack.webhook_url, SL.signing_secret, dm)).status).toBe(200);
      const refusal = await sl.nextPost("D0PAUSE", next);
      expect(refusal.text).toBe(said(en.stoppedTitle, en.stoppedBodyLeads));
      expect(refusal.text).not.toMatch(/paused|suspended|workspace|credit/i);
      expect((await sl.deliver(slack.webhook_url, SL.signing_secret, dm)).status).toBe(200);

      // Switched off: no lead form offered (record 078), whatever the flag.
      await standing({ status: "active", pauseMode: null });
      await db.chatbot.update({ where: { id: botId }, data: { enabled: false } });
      const last = wa.sent.length;
      expect(await wa.deliver(whatsapp.webhook_url, WA.app_secret, whatsappTextDelivery(WA.phone_number_id, "15557770001", "wamid.OFF1", "Hello?"))).toBe(200);
      expect((await wa.nextMessage("15557770001", last)).text).toBe(said(en.stoppedTitle, en.stoppedBody));

      await new Promise((r) => setTimeout(r, 500));
      expect(wa.sent.filter((m) => m.to === "15557770001")).toHaveLength(2);
      expect(sl.posts.filter((p) => p.channel === "D0PAUSE")).toHaveLength(1);
      expect(bf.posted.filter((p) => p.conversationId === "a:1paused-teams")).toHaveLength(1);
      expect(await used()).toBe(before);
    } finally {
      await standing({ status: "active", pauseMode: null });
      await db.chatbot.update({ where: { id: botId }, data: { enabled: true } });
    }
  });
});
