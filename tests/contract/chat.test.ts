import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { PEER_ADDRESS_HEADER } from "@/server/kernel/security/peer-address";
import { agencyOwner, teamMember } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";
import { bakeryDatabase } from "../helpers/bakery-database";

/** The chat runtime's REST surface (docs/decisions/021-the-answer-pipeline.md) over real HTTP against the production build. */
let api: ReturnType<typeof apiClient>;
let base: string;
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let teamId: string;
let botId: string;

const CONVERSATION_KEYS = ["id", "chatbot_id", "visitor_id", "archived", "unread", "sentiment", "country_code", "message_count", "status", "assignee_id", "source", "created_at", "updated_at", "last_message_at"].sort();
const MESSAGE_KEYS = ["id", "role", "content", "answered", "sources", "feedback", "user_id", "created_at"].sort();
const CONTACT_KEYS = ["id", "visitor_id", "conversation_id", "email", "first_name", "last_name", "phone", "custom_data", "created_at"].sort();

beforeAll(async () => {
  const created = await bakeryDatabase();
  ({ db, owner } = created);
  const { team, bot } = created;
  teamId = team.id;
  member = await teamMember(db, team.id, "member");
  botId = bot.id;
  const server = await startAppServer(created.url);
  base = server.baseUrl;
  api = apiClient(base);
});

async function sse(path: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const events = sseFrames(text) as Array<{ event: string; data: Record<string, unknown> }>;
  return { res, events };
}

describe("POST /v1/{chatbot_id}/chat", () => {
  it("answers with the documented shape, from the sources, and charges one credit", async () => {
    const res = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "Is delivery free?", visitor: { id: "v-1" } } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["conversation_id", "message"]);
    expect(Object.keys(res.body.message).sort()).toEqual(["answered", "content", "created_at", "id", "role", "sources"]);
    expect(res.body.message).toMatchObject({ role: "assistant", answered: true });
    expect(res.body.message.content).toContain("Delivery is free for orders above 30 euros.");
    expect(res.body.message.sources).toEqual([{ id: expect.any(String), url: "https://bakery.example/delivery", title: "Delivery" }]);
    expect(res.body.message.created_at).toMatch(MICRO_TIMESTAMP);
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(1);
  });

  it("streams delta frames then done with the same JSON (stream: true)", async () => {
    const { res, events } = await sse(`/v1/${botId}/chat`, owner.token, { message: "When are you open on Saturday?", stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const deltas = events.filter((e) => e.event === "delta");
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(deltas.length).toBeGreaterThan(0);
    const message = done.data.message as { content: string; answered: boolean };
    expect(deltas.map((d) => d.data.content).join("")).toBe(message.content);
    expect(message.answered).toBe(true);
    expect(Object.keys(done.data).sort()).toEqual(["conversation_id", "message"]);
  });

  it("a retry with the same Idempotency-Key replays the answer and is not charged twice (JSON and stream)", async () => {
    const before = (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;
    const body = { message: "Do you deliver cakes?" };
    const first = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body, key: "chat-retry-1" });
    const again = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body, key: "chat-retry-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const streamed = await sse(`/v1/${botId}/chat`, owner.token, { ...body, stream: true }, { "Idempotency-Key": "chat-retry-1" });
    expect(streamed.res.headers.get("idempotent-replayed")).toBe("true");
    expect(streamed.events.map((e) => e.event)).toEqual(["delta", "done"]);
    expect(streamed.events[1]!.data).toEqual(first.body);
    expect((await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed).toBe(before + 1);
  });

  it("refuses: 422 invalid message, 404 unknown chatbot or conversation, 423 paused, 402 no credits, 401 without a token", async () => {
    const invalid = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.message).toBeTruthy();
    expect((await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "x".repeat(4001) } })).status).toBe(422);
    expect((await api("POST", `/v1/00000000-0000-4000-8000-000000000000/chat`, { token: owner.token, body: { message: "hi" } })).status).toBe(404);
    expect((await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "hi", conversation_id: "nope" } })).status).toBe(404);
    expect((await api("POST", `/v1/${botId}/chat`, { body: { message: "hi" } })).status).toBe(401);

    await db.team.update({ where: { id: teamId }, data: { status: "paused", pauseMode: "hard" } });
    const paused = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "hi" } });
    expect(paused.status).toBe(423);
    expect(paused.body.message).toMatch(/paused or suspended/);
    const pausedStream = await sse(`/v1/${botId}/chat`, owner.token, { message: "hi", stream: true });
    expect(pausedStream.res.status).toBe(423);
    expect(pausedStream.res.headers.get("content-type")).toMatch(/application\/json/);
    await db.team.update({ where: { id: teamId }, data: { status: "active", pauseMode: null } });

    const used = (await db.team.findUniqueOrThrow({ where: { id: teamId } })).messagesUsed;
    await db.team.update({ where: { id: teamId }, data: { messageLimit: used } });
    const broke = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "hi" } });
    expect(broke.status).toBe(402);
    expect(broke.body).toEqual({ message: "No message credits left." });
    await db.team.update({ where: { id: teamId }, data: { messageLimit: 100 } });
  });
});

describe("the visitor's address (TRUST_PROXY off)", () => {
  it("is the socket's peer: forged X-Forwarded-For and a forged internal peer header are ignored", async () => {
    // 81.2.69.160 is in the United Kingdom; the real peer (loopback) has no country.
    const forged = { "X-Forwarded-For": "81.2.69.160", "X-Real-IP": "81.2.69.160", [PEER_ADDRESS_HEADER]: "81.2.69.160" };
    const res = await api("POST", `/v1/${botId}/chat`, { token: owner.token, body: { message: "Is delivery free?" }, headers: forged });
    expect(res.status).toBe(200);
    const visitor = await db.conversation.findUniqueOrThrow({ where: { id: res.body.conversation_id }, select: { visitor: { select: { countryCode: true } } } });
    expect(visitor.visitor.countryCode).toBeNull();
  });
});

describe("conversations, contacts, and what follows from real use", () => {
  it("lists and reads conversations, counts them in /v1/me/chatbots and analytics; members read but get 403 on contacts", async () => {
    const chat = await api("POST", `/v1/${botId}/chat`, { token: member.token, body: { message: "This is awful, my cake never arrived! Mail me: tom@example.com" } });
    expect(chat.status).toBe(200);
    const list = await api("GET", `/v1/${botId}/conversations?per_page=2`, { token: member.token });
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(["current_page", "data", "per_page", "total"]);
    expect(list.body.per_page).toBe(2);
    expect(list.body.total).toBeGreaterThanOrEqual(4);
    const newest = list.body.data[0];
    expect(Object.keys(newest).sort()).toEqual(CONVERSATION_KEYS);
    expect(newest).toMatchObject({ id: chat.body.conversation_id, chatbot_id: botId, unread: true, archived: false, message_count: 2, sentiment: "negative" });
    expect(newest.last_message_at).toMatch(MICRO_TIMESTAMP);

    const one = await api("GET", `/v1/${botId}/conversations/${chat.body.conversation_id}`, { token: member.token });
    expect(one.status).toBe(200);
    expect(one.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(Object.keys(one.body.messages[1]).sort()).toEqual(MESSAGE_KEYS);
    expect(one.body.messages[1]).toMatchObject({ id: chat.body.message.id, feedback: null });
    expect((await api("GET", `/v1/${botId}/conversations/00000000-0000-4000-8000-000000000000`, { token: member.token })).status).toBe(404);

    expect((await api("GET", `/v1/${botId}/conversations?archived=true`, { token: member.token })).body.total).toBe(0);

    expect((await api("GET", `/v1/${botId}/contacts`, { token: member.token })).status).toBe(403);
    const contacts = await api("GET", `/v1/${botId}/contacts`, { token: owner.token });
    expect(contacts.status).toBe(200);
    expect(contacts.body.data).toHaveLength(1);
    expect(Object.keys(contacts.body.data[0]).sort()).toEqual(CONTACT_KEYS);
    expect(contacts.body.data[0]).toMatchObject({ email: "tom@example.com", conversation_id: chat.body.conversation_id });

    const mine = await api("GET", "/v1/me/chatbots", { token: member.token });
    const item = mine.body.find((b: { id: string }) => b.id === botId);
    expect(item).toMatchObject({ open_count: list.body.total, unread_count: list.body.total });

    const analytics = await api("GET", `/v1/${botId}/analytics`, { token: owner.token });
    expect(analytics.body.totalConversations).toBe(list.body.total);
    expect(analytics.body.leads).toBe(1);
    expect(analytics.body.negativeSentimentPercentage).toBeGreaterThan(0);
    expect(analytics.body.answeredQuestionsPercentage).toBeGreaterThan(0);
  });

  it("documents every operation in /v1/openapi.json", async () => {
    const doc = await api("GET", "/v1/openapi.json", { token: owner.token });
    const paths = doc.body.paths as Record<string, Record<string, unknown>>;
    expect(paths["/v1/{chatbot_id}/chat"]?.post).toBeTruthy();
    expect(paths["/v1/{chatbot_id}/conversations"]?.get).toBeTruthy();
    expect(paths["/v1/{chatbot_id}/conversations/{conversation_id}"]?.get).toBeTruthy();
    expect(paths["/v1/{chatbot_id}/contacts"]?.get).toBeTruthy();
  });
});
