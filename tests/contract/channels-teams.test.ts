/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked field by field */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { startTeamsStandIn, teamsMembersAdded, teamsMessage, type TeamsStandIn } from "../../scripts/lib/teams-stand-in";
import { BAKERY_PAGES, trainedTextSource } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * Microsoft Teams end to end (docs/decisions/118-teams-bot-framework.md) over real sockets: the app and a real
 * worker process against a local Bot Framework (OpenID metadata and JWKS signing real RS256 tokens, the
 * client-credentials token endpoint, a Bot Connector recording what is posted). Connecting checks the app id and
 * password with the token endpoint; an activity's token is verified (issuer, audience, expiry, signing key,
 * serviceUrl) before anything is taken; a question is answered once per activity in its conversation; a
 * stale Bot Connector token is replaced once on 401; an agent's reply from the inbox reaches the conversation.
 */
let db: Db;
let bf: TeamsStandIn;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
const APP_ID = "5f1c3a2b-8d4e-4f60-9a7b-1c2d3e4f5a6b";
const PASSWORD = "bakery~client.secret-value";
const BOT = `28:${APP_ID}`;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  bf = await startTeamsStandIn();
  bf.addBot(APP_ID, PASSWORD);
  owner = await agencyOwner(db);
  const team = await db.team.create({
    data: { kind: "client", name: "Bakery", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, enabledIntegrations: ["team_chat_2"] },
  });
  botId = (await chatbot(db, team.id, owner.user.id, "Bakery Bot")).id;
  await db.chatbot.update({ where: { id: botId }, data: { welcomeMessage: "Welcome to the bakery! Ask me anything." } });
  for (const page of BAKERY_PAGES) await trainedTextSource(db, botId, page);
  const env = { TEAMS_OPENID_METADATA_URL: bf.metadataUrl, TEAMS_TOKEN_URL: bf.tokenUrl, ENCRYPTION_KEY: randomBytes(32).toString("base64"), CHANNEL_SEND_ATTEMPTS: "2" };
  api = apiClient((await startAppServer(created.url, env)).baseUrl);
  await startWorkerProcess(created.url, env);
}, 120_000);

afterAll(async () => {
  await killWorkerProcesses();
  await bf?.stop();
});

const connect = (credentials: Record<string, string>) => api("POST", `/v1/${botId}/channels`, { token: owner.token, body: { kind: "team_chat_2", credentials } });

describe("connecting a Microsoft Teams channel", () => {
  it("refuses a malformed app id (422); a password Microsoft refuses is stored with status error and its AADSTS reason; a tenant asks its own token endpoint", async () => {
    const malformed = await connect({ app_id: "bakery", app_password: PASSWORD });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors["credentials.app_id"]).toBeDefined();
    expect((await connect({ app_id: APP_ID })).body.errors["credentials.app_password"]).toBeDefined();
    const wrong = await connect({ app_id: APP_ID, app_password: "not-the-secret" });
    expect(wrong.status).toBe(201);
    expect(wrong.body).toMatchObject({ kind: "team_chat_2", product: "Microsoft Teams", status: "error" });
    expect(wrong.body.status_message).toContain("AADSTS7000215");
    const tenant = await connect({ app_id: APP_ID, app_password: PASSWORD, tenant_id: "bakery.onmicrosoft.com" });
    expect(tenant.body.status).toBe("error");
    expect(bf.tokenRequests.at(-1)).toEqual({ tenant: "bakery.onmicrosoft.com", clientId: APP_ID });
    for (const c of [wrong.body, tenant.body]) expect((await api("DELETE", `/v1/${botId}/channels/${c.id}`, { token: owner.token })).status).toBe(204);
  });
});

describe("a Teams conversation", () => {
  let channel: any;
  const events = () => db.channelEvent.count({ where: { channelId: channel.id } });

  beforeAll(async () => {
    const res = await connect({ app_id: APP_ID, app_password: PASSWORD });
    expect(res.status).toBe(201);
    channel = res.body;
  });

  it("is connected, its messaging endpoint listed, the password never shown", async () => {
    expect(channel).toMatchObject({ chatbot_id: botId, kind: "team_chat_2", status: "connected", status_message: null, webhook_url: expect.stringMatching(/\/api\/channels\/[0-9a-f-]{36}$/) });
    const list = await api("GET", `/v1/${botId}/channels`, { token: owner.token });
    expect(list.text).not.toContain(PASSWORD);
    expect(JSON.stringify(await db.channel.findUniqueOrThrow({ where: { id: channel.id } }))).not.toContain(PASSWORD);
  });

  it("greets when the bot is added, answers a personal message in its conversation, and answers a retried activity once", async () => {
    let from = bf.posted.length;
    expect(await bf.send(channel.webhook_url, APP_ID, teamsMembersAdded(bf.serviceUrl, BOT, "a:1dana-personal", false))).toBe(200);
    expect(await bf.send(channel.webhook_url, APP_ID, teamsMembersAdded(bf.serviceUrl, BOT, "a:1dana-personal", true))).toBe(200);
    expect((await bf.nextPosted("a:1dana-personal", from)).text).toBe("Welcome to the bakery! Ask me anything.");
    from = bf.posted.length;
    const question = teamsMessage(bf.serviceUrl, BOT, "a:1dana-personal", "When is the bakery open on Saturday?");
    expect(await bf.send(channel.webhook_url, APP_ID, question)).toBe(200);
    expect((await bf.nextPosted("a:1dana-personal", from)).text).toContain("8 am to 2 pm");
    // The Bot Framework retries a delivery it thinks failed: same activity id, no second answer or charge.
    expect(await bf.send(channel.webhook_url, APP_ID, question)).toBe(200);
    const convo = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, source: "channel" }, include: { messages: true } });
    expect(convo.messages.map((m) => m.role).sort()).toEqual(["assistant", "user"]);
    // The greeting is only a greeting (no turn); one question, one answer.
    expect(bf.posted.slice(from)).toHaveLength(1);
  });

  it("in a channel, answers only a mention of the bot (the mention taken out), in the thread's conversation", async () => {
    const thread = "19:bakery-general@thread.tacv2;messageid=1700000000001";
    const from = bf.posted.length;
    const before = await events();
    expect(await bf.send(channel.webhook_url, APP_ID, teamsMessage(bf.serviceUrl, BOT, thread, "Do you deliver cakes?", { channel: true }))).toBe(200);
    expect(await events()).toBe(before);
    expect(await bf.send(channel.webhook_url, APP_ID, teamsMessage(bf.serviceUrl, BOT, thread, "Do you deliver cakes?", { channel: true, mention: true }))).toBe(200);
    expect((await bf.nextPosted(thread, from)).text).toContain("10 kilometres");
    expect(await db.message.findFirst({ where: { chatbotId: botId, content: "Do you deliver cakes?", role: "user" } })).not.toBeNull();
  });

  it("refuses a token that is missing, for another bot, expired, forged or signed by an unknown key (401), and one vouching for another serviceUrl (403): nothing taken", async () => {
    const before = await events();
    const activity = () => teamsMessage(bf.serviceUrl, BOT, "a:1mallory", "When is the bakery open on Saturday?");
    for (const token of ["none", "wrong-audience", "expired", "forged", "unknown-kid"] as const) {
      expect(await bf.send(channel.webhook_url, APP_ID, activity(), { token }), token).toBe(401);
    }
    // A real token for this bot, for a Bot Connector that is not the activity's: our token must not go there.
    const elsewhere = { ...activity(), serviceUrl: "https://attacker.example/" };
    expect(await bf.send(channel.webhook_url, APP_ID, elsewhere, { serviceUrlClaim: bf.serviceUrl })).toBe(403);
    // An activity without text: taken by nobody, 200.
    expect(await bf.send(channel.webhook_url, APP_ID, { ...activity(), text: "   " })).toBe(200);
    expect(await events()).toBe(before);
    expect(bf.posted.filter((p) => p.conversationId === "a:1mallory")).toHaveLength(0);
  });

  it("accepts a key Microsoft publishes later (fetched on its unknown kid), and replaces a Bot Connector token refused with 401 once", async () => {
    bf.rotateKey();
    bf.expireTokens();
    const tokensBefore = bf.tokenRequests.length;
    const from = bf.posted.length;
    expect(await bf.send(channel.webhook_url, APP_ID, teamsMessage(bf.serviceUrl, BOT, "a:1dana-personal", "Do you deliver cakes?"))).toBe(200);
    expect((await bf.nextPosted("a:1dana-personal", from)).text).toContain("10 kilometres");
    expect(bf.tokenRequests.length).toBe(tokensBefore + 1);
    expect(await db.message.count({ where: { chatbotId: botId, role: "assistant" } })).toBe(3);
  });

  it("an agent's reply from the inbox goes to the Teams conversation, `&`, `<`, `>` as entities (Teams' markdown reads HTML)", async () => {
    const convo = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, source: "channel" }, orderBy: { createdAt: "asc" } });
    const from = bf.posted.length;
    const posted = await api("POST", `/v1/${botId}/conversations/${convo.id}/messages`, { token: owner.token, body: { content: "Hi, Sam from the bakery here. Q&A: bring <your order number>." } });
    expect(posted.status).toBe(201);
    expect((await bf.nextPosted("a:1dana-personal", from)).text).toBe("Hi, Sam from the bakery here. Q&amp;A: bring &lt;your order number&gt;.");
  });
});
