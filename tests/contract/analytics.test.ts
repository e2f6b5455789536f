import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/server/access/api-tokens";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, userWithToken } from "../helpers/fixtures";
import { contact, conversation, feedback, link, linkClick, visitor, widgetEvent } from "../helpers/analytics-fixtures";
import { startAppServer } from "../helpers/server";

/** GET /v1/{chatbot_id}/analytics over real HTTP against the production build. */
let base: string;
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let memberToken: string;
let botId: string;
let foreignBotId: string;

const DAY = 86_400_000;
const todayIso = () => new Date().toISOString().slice(0, 10);
const daysAgoIso = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency);
  const bot = await chatbot(db, workspace.id, owner.user.id, "Contract bot");
  botId = bot.id;
  const member = await userWithToken(db, "Member");
  await db.membership.create({ data: { teamId: workspace.id, userId: member.user.id, role: "member" } });
  memberToken = member.token;
  const other = await agencyOwner(db);
  foreignBotId = (await chatbot(db, (await clientWorkspace(db, other.agency)).id, other.user.id, "Foreign")).id;

  // A little traffic yesterday, inside the default range.
  const at = new Date(Date.now() - DAY).toISOString();
  const v = await visitor(db, botId, { name: "Canada", code: "CA" });
  const c = await conversation(db, botId, {
    at,
    visitorId: v.id,
    category: "Pricing",
    sentiment: "negative",
    messages: [
      { role: "user", content: "How much is it?" },
      { role: "assistant", answered: true },
    ],
  });
  await feedback(db, c.messages[1]!, "positive", at);
  const l = await link(db, botId, "https://example.test/pricing", "Pricing");
  await linkClick(db, botId, l.id, at, { conversationId: c.id });
  await widgetEvent(db, botId, "launcher_opened", at);
  await contact(db, botId, v.id, at, { email: "lead@example.test" });

  base = (await startAppServer(created.url)).baseUrl;
});

const get = (path: string, token: string | null = owner.token) =>
  fetch(`${base}${path}`, { headers: { Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

describe("GET /v1/{chatbot_id}/analytics", () => {
  it("answers the documented Analytics result with every field, type and format, for the default range", async () => {
    const res = await get(`/v1/${botId}/analytics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "fromDate", "toDate", "totalConversations", "averageConversationsPerDay", "answeredQuestionsPercentage",
        "negativeSentimentPercentage", "messagesPerConversation", "positiveFeedback", "negativeFeedback", "uniqueLinkClicks",
        "leads", "previousPeriodConversations", "previousPeriodPositiveFeedback", "previousPeriodNegativeFeedback",
        "previousPeriodAnsweredQuestionsPercentage", "previousPeriodNegativeSentimentPercentage",
        "previousPeriodMessagesPerConversation", "conversationsPerDay", "popular", "insights",
        // Added beside the documented fields (record 122).
        "csat", "first_response_seconds", "resolution_seconds",
      ].sort(),
    );
    // Defaults: from 30 days before today to today (UTC), 31 days.
    expect(body.fromDate).toBe(daysAgoIso(30));
    expect(body.toDate).toBe(todayIso());
    for (const key of [
      "totalConversations", "messagesPerConversation", "positiveFeedback", "negativeFeedback", "uniqueLinkClicks", "leads",
      "previousPeriodConversations", "previousPeriodPositiveFeedback", "previousPeriodNegativeFeedback", "previousPeriodMessagesPerConversation",
    ]) {
      expect(Number.isInteger(body[key]), key).toBe(true);
    }
    for (const key of [
      "averageConversationsPerDay", "answeredQuestionsPercentage", "negativeSentimentPercentage",
      "previousPeriodAnsweredQuestionsPercentage", "previousPeriodNegativeSentimentPercentage",
    ]) {
      expect(typeof body[key], key).toBe("number");
    }
    expect(body).toMatchObject({
      totalConversations: 1,
      averageConversationsPerDay: 0.03, // 1 / 31
      answeredQuestionsPercentage: 100,
      negativeSentimentPercentage: 100,
      messagesPerConversation: 2,
      positiveFeedback: 1,
      negativeFeedback: 0,
      uniqueLinkClicks: 1,
      leads: 1,
      previousPeriodConversations: 0,
      previousPeriodAnsweredQuestionsPercentage: 0,
    });

    const days = Object.entries(body.conversationsPerDay);
    expect(days).toHaveLength(31);
    for (const [day, count] of days) {
      expect(day).toMatch(ISO_DAY);
      expect(Number.isInteger(count)).toBe(true);
    }
    expect(days[0]![0]).toBe(body.fromDate);
    expect(days.at(-1)![0]).toBe(body.toDate);
    expect(body.conversationsPerDay[daysAgoIso(1)]).toBe(1);

    expect(Object.keys(body.popular).sort()).toEqual(["popularCategories", "popularEvents", "popularLinks", "topCountries"]);
    expect(body.popular.popularLinks).toEqual([{ id: expect.any(String), url: "https://example.test/pricing", title: "Pricing", conversations_count: 1 }]);
    expect(body.popular.popularCategories).toEqual([{ name: "Pricing", conversations_count: 1 }]);
    expect(body.popular.popularEvents).toEqual([{ value: "launcher_opened", click_count: 1 }]);
    expect(body.popular.topCountries).toEqual([{ country: "Canada", country_code: "CA", visitors_count: 1 }]);
    expect(body.insights).toEqual({ period_type: "monthly", answered_questions: null, unanswered_questions: null });
  });

  it("takes from and to, caps ranges over 366 days, and says weekly for short ranges", async () => {
    const short = await (await get(`/v1/${botId}/analytics?from=2026-03-01&to=2026-03-07`)).json();
    expect([short.fromDate, short.toDate, Object.keys(short.conversationsPerDay).length]).toEqual(["2026-03-01", "2026-03-07", 7]);
    expect(short.insights.period_type).toBe("weekly");
    const capped = await (await get(`/v1/${botId}/analytics?from=2020-01-01&to=2026-03-10`)).json();
    expect([capped.fromDate, capped.toDate, Object.keys(capped.conversationsPerDay).length]).toEqual(["2025-03-10", "2026-03-10", 366]);
  });

  it("gives leads null to a workspace member, who may not view contacts", async () => {
    const res = await get(`/v1/${botId}/analytics`, memberToken);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.leads).toBeNull();
    expect(body.totalConversations).toBe(1);
  });

  it.each([
    ["no token", null],
    ["an unknown token", `acp_${"A".repeat(43)}`],
  ])("answers 401 with %s", async (_label, token) => {
    const res = await get(`/v1/${botId}/analytics`, token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthenticated." });
  });

  it("answers 401 for a revoked token", async () => {
    const { token, apiToken } = await createApiToken(db, owner.user.id, "soon revoked");
    await db.apiToken.update({ where: { id: apiToken.id }, data: { revokedAt: new Date() } });
    expect((await get(`/v1/${botId}/analytics`, token)).status).toBe(401);
  });

  it.each([
    ["an unknown id", () => "0b7d7f8e-5c2a-4f0e-9a53-2d0c5e6f7a81"],
    ["another agency's chatbot", () => foreignBotId],
    ["a malformed id", () => "not-a-uuid"],
    ["a deleted chatbot", () => "deleted"],
  ])("answers 404 {message} for %s", async (label, id) => {
    let chatbotId = id();
    if (chatbotId === "deleted") {
      const gone = await chatbot(db, owner.agency.id, owner.user.id, "Gone");
      await db.chatbot.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
      chatbotId = gone.id;
    }
    const res = await get(`/v1/${chatbotId}/analytics`);
    expect(res.status, label).toBe(404);
    expect(await res.json()).toEqual({ message: "Chatbot not found." });
  });

  it.each([
    ["from=2026-02-30", { from: ["The from field must be a valid date in the format YYYY-MM-DD."] }],
    ["to=tomorrow", { to: ["The to field must be a valid date in the format YYYY-MM-DD."] }],
    ["from=2026-13-01&to=2026-1-5", { from: [expect.any(String)], to: [expect.any(String)] }],
    ["from=", { from: [expect.any(String)] }],
    ["from=2026-03-02&to=2026-03-01", { from: ["The from field must be a date before or equal to to."] }],
  ])("answers 422 {message, errors} for ?%s", async (query, errors) => {
    const res = await get(`/v1/${botId}/analytics?${query}`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["errors", "message"]);
    expect(body.errors).toEqual(errors);
    expect(typeof body.message).toBe("string");
    expect(body.message).toContain(Object.values(body.errors as Record<string, string[]>)[0]![0]);
  });

  it("answers 405 for other methods", async () => {
    const res = await fetch(`${base}/v1/${botId}/analytics`, { method: "POST", headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("is documented in the OpenAPI document with the AnalyticsResult schema", async () => {
    const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
    const op = doc.paths["/v1/{chatbot_id}/analytics"].get;
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(["path:chatbot_id", "query:from", "query:to"]);
    expect(op.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/AnalyticsResult" });
    const schema = doc.components.schemas.AnalyticsResult;
    expect(schema.required).toEqual(expect.arrayContaining(["fromDate", "conversationsPerDay", "popular", "insights", "leads"]));
    expect(schema.properties.leads.anyOf.map((s: { type: string }) => s.type)).toEqual(["integer", "null"]);
    expect(schema.properties.conversationsPerDay).toMatchObject({ type: "object", additionalProperties: { type: "integer" } });
  });
});
