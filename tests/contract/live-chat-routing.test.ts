/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are checked field by field */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { bakeryDatabase } from "../helpers/bakery-database";
import { agencyOwner, teamMember } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";

/**
 * Live chat all day (docs/decisions/122-business-hours-routing-and-ratings.md) over real HTTP with TWO app
 * processes on one database: business hours (validation, "back at" outside them), routing exact under
 * concurrency (parallel requests split across both processes never exceed an agent's maximum), the
 * visitor's rating (REST, its rules, `conversation.rated`) and the analytics' added figures.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let teamId: string;
let botId: string;
let apis: [ReturnType<typeof apiClient>, ReturnType<typeof apiClient>];
let bases: [string, string];

beforeAll(async () => {
  const created = await bakeryDatabase();
  ({ db, owner } = created);
  const { team, bot } = created;
  teamId = team.id;
  botId = bot.id;
  const [a, b] = await Promise.all([startAppServer(created.url), startAppServer(created.url)]);
  bases = [a.baseUrl, b.baseUrl];
  apis = [apiClient(a.baseUrl), apiClient(b.baseUrl)];
});

async function widget(base: string, path: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/widget/${botId}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

/** A visitor's widget conversation: its id and the visitor's token. */
async function visitorConversation(base: string) {
  const res = await fetch(`${base}/api/widget/${botId}/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({ message: "How much does delivery cost?" }),
  });
  const done = sseFrames(await res.text()).find((f) => f.event === "done")!.data as any;
  return { id: done.conversation_id as string, token: done.visitor_token as string };
}

const weekdays = (intervals: Array<{ from: string; to: string }>) => ({ mon: intervals, tue: intervals, wed: intervals, thu: intervals, fri: intervals, sat: intervals, sun: intervals });

describe("business hours", () => {
  it("refuses overlapping intervals, one ending before it starts and an unknown time zone, naming each field; nothing changes", async () => {
    const bad = await apis[0]("PUT", `/v1/${botId}/business-hours`, {
      token: owner.token,
      body: { business_hours: { time_zone: "Mars/Olympus", weekly: { ...weekdays([]), mon: [{ from: "09:00", to: "12:00" }, { from: "11:30", to: "14:00" }], tue: [{ from: "18:00", to: "08:00" }] } } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["business_hours.time_zone", "business_hours.weekly.mon.1.from", "business_hours.weekly.tue.0.to"]);
    expect((await db.chatbot.findUniqueOrThrow({ where: { id: botId } })).businessHours).toBeNull();
  });

  it("outside them, asking for a person says when the team is back and marks the conversation outside hours", async () => {
    // Closed today (a holiday in UTC), open every day from 09:00: back tomorrow at 09:00.
    const today = new Date().toISOString().slice(0, 10);
    const set = await apis[0]("PUT", `/v1/${botId}/business-hours`, {
      token: owner.token,
      body: { business_hours: { time_zone: "UTC", weekly: weekdays([{ from: "09:00", to: "17:00" }]), holidays: [today] } },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ open_now: false, back_at: expect.stringMatching(/^Back \w+day at 09:00$/), business_hours: { time_zone: "UTC", unattended_minutes: 5 } });
    const read = await apis[1]("GET", `/v1/${botId}/business-hours`, { token: owner.token });
    expect(read.body).toEqual(set.body);

    const visitor = await visitorConversation(bases[1]);
    const asked = await widget(bases[1], `/conversations/${visitor.id}/handoff`, { visitor_token: visitor.token });
    expect(asked).toEqual({ status: 200, body: { status: "waiting", agents_available: false, back_at: set.body.back_at } });
    expect(await db.conversation.findUniqueOrThrow({ where: { id: visitor.id }, select: { status: true, outsideHours: true } })).toEqual({ status: "waiting", outsideHours: true });

    const cleared = await apis[1]("PUT", `/v1/${botId}/business-hours`, { token: owner.token, body: { business_hours: null } });
    expect(cleared.body).toEqual({ business_hours: null, open_now: true, back_at: null });
  });
});

describe("routing", () => {
  it("assigns conversations that start waiting at once, from two processes, never past an agent's maximum; the queue drains when a slot frees", async () => {
    // The earlier visitor's outside-hours conversation would be the queue's first: hand it back to the bot.
    await db.conversation.updateMany({ where: { chatbotId: botId, status: "waiting" }, data: { status: "bot" } });
    const anna = await teamMember(db, teamId, "editor", "Anna");
    const ben = await teamMember(db, teamId, "editor", "Ben");
    // Anna takes at most 2, Ben at most 1; nobody else is available.
    expect((await apis[0]("PATCH", `/v1/teams/${teamId}/availability`, { token: anna.token, body: { available: true, max_open_conversations: 2 } })).body).toEqual({ available: true, max_open_conversations: 2, open_conversations: 0 });
    expect((await apis[1]("PATCH", `/v1/teams/${teamId}/availability`, { token: ben.token, body: { available: true, max_open_conversations: 1 } })).status).toBe(200);
    expect((await apis[0]("GET", `/v1/teams/${teamId}/availability`, { token: owner.token })).status).toBe(404);

    const visitor = await db.visitor.create({ data: { chatbotId: botId, visitorKey: randomUUID() } });
    const ids = await Promise.all(Array.from({ length: 6 }, async () => (await db.conversation.create({ data: { chatbotId: botId, visitorId: visitor.id, source: "widget" } })).id));
    const answers = await Promise.all(ids.map((id, i) => apis[i % 2]!("PATCH", `/v1/${botId}/conversations/${id}`, { token: owner.token, body: { status: "waiting" } })));
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 200));

    const assignees = async () => Object.fromEntries((await db.conversation.findMany({ where: { id: { in: ids } }, select: { id: true, assigneeId: true } })).map((c) => [c.id, c.assigneeId]));
    const counted = (byId: Record<string, string | null>) => ({
      anna: Object.values(byId).filter((a) => a === anna.user.id).length,
      ben: Object.values(byId).filter((a) => a === ben.user.id).length,
      none: Object.values(byId).filter((a) => a === null).length,
    });
    const first = await assignees();
    expect(counted(first)).toEqual({ anna: 2, ben: 1, none: 3 });
    expect((await apis[1]("GET", `/v1/teams/${teamId}/availability`, { token: anna.token })).body).toEqual({ available: true, max_open_conversations: 2, open_conversations: 2 });

    // Ben resolves his (it stays his, resolved): the oldest waiting conversation of the queue becomes his, in the same transaction.
    const bens = ids.find((id) => first[id] === ben.user.id)!;
    expect((await apis[0]("PATCH", `/v1/${botId}/conversations/${bens}`, { token: ben.token, body: { status: "resolved" } })).status).toBe(200);
    expect(counted(await assignees())).toEqual({ anna: 2, ben: 2, none: 2 });
    // Away takes nothing; Anna raising her maximum takes the next one.
    await apis[1]("PATCH", `/v1/teams/${teamId}/availability`, { token: ben.token, body: { available: false } });
    expect((await apis[1]("PATCH", `/v1/teams/${teamId}/availability`, { token: anna.token, body: { max_open_conversations: 3 } })).body.open_conversations).toBe(3);
    expect(counted(await assignees())).toEqual({ anna: 3, ben: 2, none: 1 });

    const bad = await apis[0]("PATCH", `/v1/teams/${teamId}/availability`, { token: anna.token, body: { max_open_conversations: 0 } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["max_open_conversations"]);
    await apis[0]("PATCH", `/v1/teams/${teamId}/availability`, { token: anna.token, body: { available: false } });
  });
});

describe("ratings", () => {
  it("the visitor rates a resolved conversation 1–5; again replaces it; nobody else rates it; conversation.rated goes out; analytics show CSAT and times", async () => {
    const visitor = await visitorConversation(bases[0]);
    const rate = (body: Record<string, unknown>, base = bases[0]) => widget(base, `/conversations/${visitor.id}/rating`, { visitor_token: visitor.token, ...body });

    expect((await rate({ score: 5 })).status).toBe(409); // not resolved yet
    await widget(bases[0], `/conversations/${visitor.id}/handoff`, { visitor_token: visitor.token });
    await apis[1]("POST", `/v1/${botId}/conversations/${visitor.id}/messages`, { token: owner.token, body: { content: "Hello, Anna here." } });
    expect((await apis[1]("PATCH", `/v1/${botId}/conversations/${visitor.id}`, { token: owner.token, body: { status: "resolved" } })).status).toBe(200);

    const out = await rate({ score: 6 });
    expect(out.status).toBe(422);
    expect(out.body.errors.score).toEqual(["The score field must be a whole number from 1 to 5."]);
    const stranger = await visitorConversation(bases[1]);
    expect((await widget(bases[1], `/conversations/${visitor.id}/rating`, { visitor_token: stranger.token, score: 1 })).status).toBe(404);
    expect((await widget(bases[1], `/conversations/${visitor.id}/rating`, { score: 1 })).status).toBe(404);
    expect(await db.conversationRating.count()).toBe(0);

    const rated = await rate({ score: 3 });
    expect(rated).toEqual({ status: 200, body: { conversation_id: visitor.id, score: 3, comment: null, rated_at: expect.any(String) } });
    const again = await rate({ score: 5, comment: "  Quick and kind. " }, bases[1]);
    expect(again.body).toMatchObject({ score: 5, comment: "Quick and kind." });
    expect(await db.conversationRating.findMany({ select: { conversationId: true, score: true } })).toEqual([{ conversationId: visitor.id, score: 5 }]);

    const events = await db.outboxEvent.findMany({ where: { type: "conversation.rated" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => (e.data as any).rating.score)).toEqual([3, 5]);
    expect(events[1]!.data).toMatchObject({ rating: { conversation_id: visitor.id, score: 5, comment: "Quick and kind." }, visitor: { visitor_id: expect.any(String) }, chatbot_name: "Bakery Bot" });

    // The bot's answer was enough: the visitor resolves a conversation with the bot, then rates it.
    const happy = await visitorConversation(bases[1]);
    expect((await widget(bases[1], `/conversations/${happy.id}/resolve`, { visitor_token: happy.token })).body).toEqual({ status: "resolved" });
    expect((await widget(bases[1], `/conversations/${happy.id}/rating`, { visitor_token: happy.token, score: 2 })).status).toBe(200);

    const analytics = await apis[0]("GET", `/v1/${botId}/analytics`, { token: owner.token });
    expect(analytics.status).toBe(200);
    expect(analytics.body.csat).toEqual({ score: 50, average: 3.5, count: 2 });
    expect(analytics.body.first_response_seconds).toBeGreaterThanOrEqual(0);
    expect(analytics.body.resolution_seconds).toBeGreaterThanOrEqual(0);
    expect(analytics.body.totalConversations).toBeGreaterThan(0);
  });
});
