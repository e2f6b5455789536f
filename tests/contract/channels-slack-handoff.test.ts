/* eslint-disable @typescript-eslint/no-explicit-any -- frames and bodies are checked field by field */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { slackEventEnvelope, startSlackStandIn, type SlackStandIn } from "../../scripts/lib/slack-stand-in";
import { startTeamsStandIn, teamsMembersAdded, teamsMessage, type TeamsStandIn } from "../../scripts/lib/teams-stand-in";
import { startHandoffApp } from "../helpers/handoff-app";
import { until } from "../helpers/widget-visitor";
import { killWorkerProcesses } from "../helpers/worker-process";

/**
 * The handoff channel end to end (docs/decisions/073-slack-handoff-channel.md, 129-teams-handoff-channel.md)
 * over real sockets, against the local Slack and Bot Framework stand-ins: a widget visitor asks for a person →
 * the conversation is posted to the handoff channel by a job (Slack's 429 waited out; in Teams a new thread
 * created in the channel) → a person's reply in that thread → the visitor's stream gets the agent message,
 * once, and the conversation is `human`.
 */
let db: Db;
let sl: SlackStandIn;
let bf: TeamsStandIn;
let app: Awaited<ReturnType<typeof startHandoffApp>>;
let api: typeof app.api;
let owner: typeof app.owner;
let botId: string;
const SL = { bot_token: "xoxb-2-handoff", signing_secret: "slack-signing-secret-handoff-0123" };
const HANDOFF = "C0HANDOFF01";

beforeAll(async () => {
  [sl, bf] = await Promise.all([startSlackStandIn(), startTeamsStandIn()]);
  sl.addBot(SL.bot_token, "bakerybot", "Bakery HQ");
  app = await startHandoffApp(["team_chat_1", "team_chat_2"], { SLACK_API_BASE_URL: sl.baseUrl, TEAMS_OPENID_METADATA_URL: bf.metadataUrl, TEAMS_TOKEN_URL: bf.tokenUrl });
  ({ db, api, owner, botId } = app);
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await Promise.all([sl?.stop(), bf?.stop()]);
});

const widgetChat = (body: Record<string, unknown>) => app.widget.chat(body);
const openStream = (conversationId: string, token: string) => app.widget.openStream(conversationId, token);

/** A widget visitor's conversation, its live stream open, then the request for a person: the conversation waits. */
async function visitorWaiting() {
  const first = await widgetChat({ message: "How much does delivery cost?" });
  const conversationId = first!.conversation_id as string;
  const token = first!.visitor_token as string;
  const stream = await openStream(conversationId, token);
  expect(stream.res.status).toBe(200);
  await until(() => stream.frames.some((f) => f.event === "status"), "the initial status");
  return { conversationId, token, stream };
}

describe("the Slack handoff channel", () => {
  let channel: any;

  it("is set on a connected Slack channel with PATCH (a malformed id is 422) and listed", async () => {
    const created = await api("POST", `/v1/${botId}/channels`, { token: owner.token, body: { kind: "team_chat_1", credentials: SL } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "connected", handoff_channel: null });
    channel = created.body;
    const bad = await api("PATCH", `/v1/${botId}/channels/${channel.id}`, { token: owner.token, body: { handoff_channel: "#support" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.handoff_channel).toBeDefined();
    const set = await api("PATCH", `/v1/${botId}/channels/${channel.id}`, { token: owner.token, body: { handoff_channel: HANDOFF } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: channel.id, handoff_channel: HANDOFF });
    const list = await api("GET", `/v1/${botId}/channels`, { token: owner.token });
    expect(list.body[0].handoff_channel).toBe(HANDOFF);
  });

  it("a widget visitor who asks for a person is posted once (a 429 waited out); the thread reply reaches the visitor's stream as the agent", async () => {
    const { conversationId, token, stream } = await visitorWaiting();

    sl.failPosts(HANDOFF, { kind: "ratelimited", retryAfter: 1 });
    await widgetChat({ message: "Can I talk to a real person please?", conversation_id: conversationId, visitor_token: token });
    await until(() => stream.frames.some((f) => f.event === "status" && f.data.status === "waiting"), "status waiting");

    const post = await sl.nextPost(HANDOFF);
    expect(sl.postAttempts.filter((p) => p.channel === HANDOFF).length).toBe(2);
    expect(post.thread_ts).toBeNull();
    expect(post.text).toContain("A visitor on the website is waiting for a person (Bakery Bot)");
    expect(post.text).toContain("Can I talk to a real person please?");
    expect(post.text).toContain(`/chatbots/${botId}/inbox?conversation=${conversationId}`);

    // An unsigned reply is refused; a bot's message in the thread (ours included) is not an agent reply.
    const reply = slackEventEnvelope({ type: "message", channel: HANDOFF, channel_type: "channel", user: "U0ANNA", text: "Hi, Anna here: delivery is free over 30 €.", ts: "1700000100.000100", thread_ts: post.ts });
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, reply, { signature: null })).status).toBe(401);
    const botEcho = slackEventEnvelope({ type: "message", channel: HANDOFF, bot_id: "B0BOT", text: "echo", ts: "1700000100.000050", thread_ts: post.ts });
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, botEcho)).status).toBe(200);
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, reply)).status).toBe(200);
    // Slack retries (same event_id): recorded once.
    expect((await sl.deliver(channel.webhook_url, SL.signing_secret, reply)).status).toBe(200);

    await until(() => stream.frames.some((f) => f.event === "message"), "the agent's message on the visitor's stream");
    expect(stream.frames.find((f) => f.event === "message")!.data).toMatchObject({ role: "agent", content: "Hi, Anna here: delivery is free over 30 €." });
    await until(() => stream.frames.some((f) => f.event === "status" && f.data.status === "human"), "status human");
    stream.close();

    const conversation = await api("GET", `/v1/${botId}/conversations/${conversationId}`, { token: owner.token });
    expect(conversation.body.status ?? conversation.body.conversation?.status).toBe("human");
    const agentMessages = await db.message.findMany({ where: { conversationId, role: "agent" } });
    expect(agentMessages.map((m) => m.content)).toEqual(["Hi, Anna here: delivery is free over 30 €."]);
    // The bot answered no question in its handoff channel's thread, and posted the conversation once.
    expect(sl.posts.filter((p) => p.channel === HANDOFF)).toHaveLength(1);
  }, 120_000);
});

describe("the Microsoft Teams handoff channel", () => {
  const APP_ID = "7a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d";
  const BOT = `28:${APP_ID}`;
  const TEAMS_HANDOFF = "19:bakery-support_0123@thread.tacv2";
  let channel: any;
  const send = (activity: Record<string, unknown>) => bf.send(channel.webhook_url, APP_ID, activity);

  it("is set on a connected Teams channel with PATCH: anything but a Teams channel's id is 422 naming handoff_channel", async () => {
    bf.addBot(APP_ID, "teams-handoff-password");
    const created = await api("POST", `/v1/${botId}/channels`, { token: owner.token, body: { kind: "team_chat_2", credentials: { app_id: APP_ID, app_password: "teams-handoff-password" } } });
    expect(created.status).toBe(201);
    channel = created.body;
    for (const bad of ["General", HANDOFF, `${TEAMS_HANDOFF};messageid=1700000000001`, "19:bakery support@thread.tacv2"]) {
      const res = await api("PATCH", `/v1/${botId}/channels/${channel.id}`, { token: owner.token, body: { handoff_channel: bad } });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors.handoff_channel[0]).toContain("19:…@thread.tacv2");
    }
    const set = await api("PATCH", `/v1/${botId}/channels/${channel.id}`, { token: owner.token, body: { handoff_channel: TEAMS_HANDOFF } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ kind: "team_chat_2", handoff_channel: TEAMS_HANDOFF });
  });

  it("posts a waiting conversation as a new thread in the channel; a person's reply in it reaches the visitor, once; the bot's own, another thread's and a question there are not answered", async () => {
    // Installing the bot's app in the team: its first activity names the tenant's Bot Connector.
    expect(await send(teamsMembersAdded(bf.serviceUrl, BOT, "19:bakery-general@thread.tacv2", true))).toBe(200);
    const { conversationId, token, stream } = await visitorWaiting();
    const from = bf.conversations.length;
    await widgetChat({ message: "Can I talk to a real person please?", conversation_id: conversationId, visitor_token: token });
    const post = await bf.nextConversation(TEAMS_HANDOFF, from);
    expect(post).toMatchObject({ isGroup: true, id: `${TEAMS_HANDOFF};messageid=${post.activityId}` });
    expect(post.text).toContain("A visitor on the website is waiting for a person (Bakery Bot)");
    expect(post.text).toContain("**Visitor:** Can I talk to a real person please?");
    expect(post.text).toContain(`/chatbots/${botId}/inbox?conversation=${conversationId})`);

    // The thread is linked once the Bot Connector's answer is stored.
    await until(async () => (await db.channelHandoffThread.count({ where: { channelId: channel.id, conversationId } })) === 1, "the thread linked");
    const thread = post.id;
    const reply = teamsMessage(bf.serviceUrl, BOT, thread, "Hi, Sam here: delivery is free over 30 €.", { channel: true });
    const answered = bf.posted.length;
    // The bot's own message in the thread, a reply in a thread of no conversation, a question to the bot in the handoff channel: none is the agent's, none answered.
    expect(await send({ ...teamsMessage(bf.serviceUrl, BOT, thread, "echo", { channel: true }), from: { id: BOT } })).toBe(200);
    expect(await send(teamsMessage(bf.serviceUrl, BOT, `${TEAMS_HANDOFF};messageid=1700000000999`, "Wrong thread.", { channel: true }))).toBe(200);
    const question = teamsMessage(bf.serviceUrl, BOT, TEAMS_HANDOFF, "Do you deliver cakes?", { channel: true, mention: true });
    expect(await send({ ...question, conversation: { ...question.conversation, id: `${TEAMS_HANDOFF};messageid=${question.id}` } })).toBe(200);
    expect(await send(reply)).toBe(200);
    // The Bot Framework retries a delivery: the same activity, recorded once.
    expect(await send(reply)).toBe(200);

    await until(() => stream.frames.some((f) => f.event === "message"), "the agent's message on the visitor's stream");
    expect(stream.frames.find((f) => f.event === "message")!.data).toMatchObject({ role: "agent", content: "Hi, Sam here: delivery is free over 30 €." });
    await until(() => stream.frames.some((f) => f.event === "status" && f.data.status === "human"), "status human");
    stream.close();
    await new Promise((r) => setTimeout(r, 500));
    const agentMessages = await db.message.findMany({ where: { chatbotId: botId, role: "agent" }, orderBy: { createdAt: "asc" } });
    expect(agentMessages.filter((m) => m.conversationId === conversationId).map((m) => m.content)).toEqual(["Hi, Sam here: delivery is free over 30 €."]);
    expect(agentMessages.map((m) => m.content)).not.toContain("Wrong thread.");
    expect(bf.posted.slice(answered).filter((p) => p.conversationId.startsWith(TEAMS_HANDOFF))).toHaveLength(0);
    expect(bf.conversations.filter((c) => c.channel === TEAMS_HANDOFF)).toHaveLength(1);
  }, 120_000);
});
