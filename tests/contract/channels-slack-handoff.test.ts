/* eslint-disable @typescript-eslint/no-explicit-any -- frames and bodies are checked field by field */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { slackEventEnvelope, startSlackStandIn, type SlackStandIn } from "../../scripts/lib/slack-stand-in";
import { BAKERY_PAGES, trainedTextSource } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { until, widgetVisitor } from "../helpers/widget-visitor";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * The Slack handoff channel end to end (docs/decisions/073-slack-handoff-channel.md) over real
 * sockets, against the local Slack stand-in: a widget visitor asks for a person → the conversation is posted
 * to the handoff channel by a job (Slack's 429 waited out) → a signed thread reply event → the visitor's
 * stream gets the agent message, once, and the conversation is `human`.
 */
let db: Db;
let sl: SlackStandIn;
let api: ReturnType<typeof apiClient>;
let base: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
const SL = { bot_token: "xoxb-2-handoff", signing_secret: "slack-signing-secret-handoff-0123" };
const HANDOFF = "C0HANDOFF01";

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  sl = await startSlackStandIn();
  sl.addBot(SL.bot_token, "bakerybot", "Bakery HQ");
  owner = await agencyOwner(db);
  const team = await db.team.create({
    data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, enabledIntegrations: ["team_chat_1"] },
  });
  botId = (await chatbot(db, team.id, owner.user.id, "Bakery Bot")).id;
  // With escalations on, the rules recognise a request for a person: the conversation waits.
  await db.chatbot.update({ where: { id: botId }, data: { enableEscalations: true } });
  for (const page of BAKERY_PAGES) await trainedTextSource(db, botId, page);
  const env = { SLACK_API_BASE_URL: sl.baseUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  base = (await startAppServer(created.url, env)).baseUrl;
  api = apiClient(base);
  await startWorkerProcess(created.url, env);
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await sl?.stop();
});

const widgetChat = (body: Record<string, unknown>) => widgetVisitor(base, botId).chat(body);
const openStream = (conversationId: string, token: string) => widgetVisitor(base, botId).openStream(conversationId, token);

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
    const first = await widgetChat({ message: "How much does delivery cost?" });
    const conversationId = first!.conversation_id as string;
    const token = first!.visitor_token as string;
    const stream = await openStream(conversationId, token);
    expect(stream.res.status).toBe(200);
    await until(() => stream.frames.some((f) => f.event === "status"), "the initial status");

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
