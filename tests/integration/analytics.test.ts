import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { type agencyOwner, chatbot, userWithToken } from "../helpers/fixtures";
import { analyticsDatabase, contact, conversation, feedback, link, linkClick, visitor, widgetEvent } from "../helpers/analytics-fixtures";

/**
 * Analytics on a small hand-built fixture. Every expected number below is
 * worked out by hand from the rows created in beforeAll (see the comments),
 * never by calling the code under test.
 *
 * Period 2026-03-01..2026-03-10 (10 days); previous period 2026-02-19..2026-02-28.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
let workspaceId: string;
const ids: Record<string, string> = {};

const callerFor = (user: Context["user"]) => createCaller({ db, user, via: "token", tokenId: null });
const US = { name: "United States", code: "US" };
const GB = { name: "United Kingdom", code: "GB" };
const DE = { name: "Germany", code: "DE" };
const user = (content: string) => ({ role: "user" as const, content });
const reply = (answered: boolean | null) => ({ role: "assistant" as const, answered });

beforeAll(async () => {
  let workspace;
  ({ db, owner, workspace } = await analyticsDatabase());
  workspaceId = workspace.id;
  const bot = await chatbot(db, workspace.id, owner.user.id, "Fixture bot");
  botId = bot.id;

  const v1 = await visitor(db, botId, US);
  const v2 = await visitor(db, botId, GB);
  const v3 = await visitor(db, botId);
  const v4 = await visitor(db, botId, DE);
  Object.assign(ids, { v1: v1.id, v2: v2.id, v3: v3.id, v4: v4.id });

  // Current period. C1 starts on the first instant of the period.
  const c1 = await conversation(db, botId, {
    at: "2026-03-01T00:00:00.000Z", visitorId: v1.id, category: "Delivery", sentiment: "negative",
    messages: [user("Do you deliver on Sundays?"), reply(true), user("How much is delivery?"), reply(false)],
  }); // 4 messages, 2 questions, 1 answered
  const c2 = await conversation(db, botId, {
    at: "2026-03-01T23:59:59.000Z", visitorId: v2.id, category: "Delivery", sentiment: "positive",
    messages: [user("Do you deliver on Sundays?"), reply(true)],
  }); // 2 messages (the reply is already on 03-02), 1 question, 1 answered
  const c3 = await conversation(db, botId, {
    at: "2026-03-05T12:00:00.000Z", visitorId: v1.id, category: "Billing", sentiment: "neutral",
    messages: [user("Where is my invoice?"), reply(true), user("Can I get a refund?"), reply(true), user("Where is my invoice?"), reply(false)],
  }); // 6 messages, 3 questions, 2 answered
  await conversation(db, botId, {
    at: "2026-03-10T23:59:59.000Z", visitorId: v3.id, category: null, sentiment: null,
    messages: [user("Hello")],
  }); // 1 message, no question, no category, no sentiment
  // Just after the period: counts nowhere.
  await conversation(db, botId, {
    at: "2026-03-11T00:00:00.000Z", visitorId: v4.id, category: "Delivery", sentiment: "negative",
    messages: [user("Late question"), reply(false)],
  });

  // Previous period.
  const p1 = await conversation(db, botId, {
    at: "2026-02-19T00:00:00.000Z", visitorId: v4.id, category: "Billing", sentiment: "negative",
    messages: [user("Old question"), reply(false)],
  }); // 2 messages, 1 question, 0 answered
  const p2 = await conversation(db, botId, {
    at: "2026-02-28T22:00:00.000Z", visitorId: v2.id, category: "Billing", sentiment: "negative",
    messages: [user("Q1"), reply(true), user("Q2"), reply(false), user("Q3")],
  }); // 5 messages, 2 questions, 1 answered
  // Just before the previous period: counts nowhere.
  await conversation(db, botId, {
    at: "2026-02-18T23:59:59.999Z", visitorId: v4.id, sentiment: "negative",
    messages: [user("Ancient"), reply(true)],
  });
  Object.assign(ids, { c1: c1.id, c3: c3.id });

  // Feedback counts by the time it was given.
  const a = (c: { messages: { id: string; role: string; conversationId: string; chatbotId: string }[] }, n: number) =>
    c.messages.filter((m) => m.role === "assistant")[n]!;
  await feedback(db, a(c1, 0), "positive", "2026-03-01T00:01:00Z"); // current +
  await feedback(db, a(c2, 0), "positive", "2026-03-02T08:00:00Z"); // current +
  await feedback(db, a(c3, 0), "negative", "2026-03-05T12:05:00Z"); // current -
  await feedback(db, a(p2, 1), "negative", "2026-03-01T00:00:00Z"); // current - (given on the first instant of the period)
  await feedback(db, a(c3, 1), "negative", "2026-03-11T00:00:00Z"); // after the period: nowhere
  await feedback(db, a(p2, 0), "positive", "2026-02-28T22:10:00Z"); // previous +
  await feedback(db, a(p1, 0), "negative", "2026-02-19T00:00:05Z"); // previous -

  // Links: L1 clicked in C1 (twice) and C3; L2 in C1, by V2 twice outside any
  // conversation, and once anonymously; L3 only in the previous period.
  const l1 = await link(db, botId, "https://shop.example/a", "Page A");
  const l2 = await link(db, botId, "https://shop.example/b", "Page B");
  const l3 = await link(db, botId, "https://shop.example/c", "Page C");
  Object.assign(ids, { l1: l1.id, l2: l2.id });
  await linkClick(db, botId, l1.id, "2026-03-01T00:02:00Z", { conversationId: c1.id, visitorId: v1.id });
  await linkClick(db, botId, l1.id, "2026-03-01T00:03:00Z", { conversationId: c1.id, visitorId: v1.id });
  await linkClick(db, botId, l1.id, "2026-03-05T12:10:00Z", { conversationId: c3.id, visitorId: v1.id });
  await linkClick(db, botId, l2.id, "2026-03-01T00:04:00Z", { conversationId: c1.id, visitorId: v1.id });
  await linkClick(db, botId, l2.id, "2026-03-03T10:00:00Z", { visitorId: v2.id });
  await linkClick(db, botId, l2.id, "2026-03-04T10:00:00Z", { visitorId: v2.id });
  await linkClick(db, botId, l2.id, "2026-03-06T10:00:00Z");
  await linkClick(db, botId, l3.id, "2026-02-25T10:00:00Z", { visitorId: v4.id });

  // Widget events: 3 launcher_opened, one of each of 13 other values, one outside.
  for (const day of ["01", "02", "09"]) await widgetEvent(db, botId, "launcher_opened", `2026-03-${day}T09:00:00Z`);
  for (let i = 1; i <= 11; i++) await widgetEvent(db, botId, `e${String(i).padStart(2, "0")}`, "2026-03-04T09:00:00Z");
  await widgetEvent(db, botId, "suggested_message:Hours", "2026-03-04T09:00:00Z");
  await widgetEvent(db, botId, "link:Shop", "2026-03-04T09:00:00Z");
  await widgetEvent(db, botId, "launcher_opened", "2026-02-20T09:00:00Z");

  // Leads: V1 twice (one visitor), V2 by phone only, V3 without email or phone, V4 in the previous period.
  await contact(db, botId, v1.id, "2026-03-02T10:00:00Z", { email: "one@example.test" });
  await contact(db, botId, v1.id, "2026-03-06T10:00:00Z", { email: "one+again@example.test" });
  await contact(db, botId, v2.id, "2026-03-03T10:00:00Z", { phone: "+1 555 0100" });
  await contact(db, botId, v3.id, "2026-03-04T10:00:00Z", {});
  await contact(db, botId, v4.id, "2026-02-25T10:00:00Z", { email: "four@example.test" });
});

const PERIOD = { from: "2026-03-01", to: "2026-03-10" };

describe("analytics on the hand-built fixture", () => {
  it("computes every headline number of the period and of the previous period", async () => {
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(r).toMatchObject({
      fromDate: "2026-03-01",
      toDate: "2026-03-10",
      totalConversations: 4, // C1, C2, C3, C4
      averageConversationsPerDay: 0.4, // 4 / 10 days
      answeredQuestionsPercentage: 66.67, // (1 + 1 + 2) answered of (2 + 1 + 3 + 0) questions = 4/6
      negativeSentimentPercentage: 33.33, // C1 negative of C1, C2, C3 with a sentiment = 1/3
      messagesPerConversation: 3, // (4 + 2 + 6 + 1) / 4 = 3.25
      positiveFeedback: 2,
      negativeFeedback: 2,
      uniqueLinkClicks: 5, // L1: C1, C3; L2: C1, V2, the anonymous click
      leads: 2, // V1, V2
      previousPeriodConversations: 2, // P1, P2
      previousPeriodPositiveFeedback: 1,
      previousPeriodNegativeFeedback: 1,
      previousPeriodAnsweredQuestionsPercentage: 33.33, // (0 + 1) of (1 + 2)
      previousPeriodNegativeSentimentPercentage: 100, // P1, P2 both negative
      previousPeriodMessagesPerConversation: 4, // (2 + 5) / 2 = 3.5, rounded half up
    });
  });

  it("lists every day of the period once, zeros included, in order", async () => {
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(Object.entries(r.conversationsPerDay)).toEqual([
      ["2026-03-01", 2],
      ["2026-03-02", 0],
      ["2026-03-03", 0],
      ["2026-03-04", 0],
      ["2026-03-05", 1],
      ["2026-03-06", 0],
      ["2026-03-07", 0],
      ["2026-03-08", 0],
      ["2026-03-09", 0],
      ["2026-03-10", 1],
    ]);
  });

  it("ranks the popular lists, at most 10 entries each", async () => {
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(r.popular.popularLinks).toEqual([
      { id: ids.l1, url: "https://shop.example/a", title: "Page A", conversations_count: 2 },
      { id: ids.l2, url: "https://shop.example/b", title: "Page B", conversations_count: 1 },
    ]);
    expect(r.popular.popularCategories).toEqual([
      { name: "Delivery", conversations_count: 2 },
      { name: "Billing", conversations_count: 1 },
    ]);
    expect(r.popular.popularEvents).toEqual([
      { value: "launcher_opened", click_count: 3 },
      ...["e01", "e02", "e03", "e04", "e05", "e06", "e07", "e08", "e09"].map((value) => ({ value, click_count: 1 })),
    ]);
    expect(r.popular.topCountries).toEqual([
      { country: "United Kingdom", country_code: "GB", visitors_count: 1 }, // V2
      { country: "United States", country_code: "US", visitors_count: 1 }, // V1 (two conversations, one visitor)
    ]);
  });

  it("has no insights until the job has run, with the period type of the range", async () => {
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(r.insights).toEqual({ period_type: "weekly", answered_questions: null, unanswered_questions: null });
    const month = await callerFor(owner.user).analytics.get({ chatbot_id: botId, from: "2026-02-01", to: "2026-03-10" });
    expect(month.insights.period_type).toBe("monthly");
  });

  it("counts nothing for a period without traffic, with zeros and empty lists", async () => {
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: botId, from: "2025-01-01", to: "2025-01-03" });
    expect(r).toMatchObject({
      totalConversations: 0,
      averageConversationsPerDay: 0,
      answeredQuestionsPercentage: 0,
      negativeSentimentPercentage: 0,
      messagesPerConversation: 0,
      uniqueLinkClicks: 0,
      leads: 0,
      conversationsPerDay: { "2025-01-01": 0, "2025-01-02": 0, "2025-01-03": 0 },
      popular: { popularLinks: [], popularCategories: [], popularEvents: [], topCountries: [] },
    });
  });

  it("caps a range over 366 days by keeping to and starting 365 days before it", async () => {
    const bot = await chatbot(db, workspaceId, owner.user.id, "Cap bot");
    const v = await visitor(db, bot.id);
    for (const at of [
      "2024-03-08T23:00:00Z", // before the previous period (2024-03-09..2025-03-09): nowhere
      "2024-03-09T00:00:00Z", // first instant of the previous period
      "2025-03-09T12:00:00Z", // day before the capped from: previous period
      "2025-03-10T00:00:00Z", // capped from: counted
      "2026-03-10T10:00:00Z", // to: counted
    ]) {
      await conversation(db, bot.id, { at, visitorId: v.id });
    }
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: bot.id, from: "2020-01-01", to: "2026-03-10" });
    expect(r.fromDate).toBe("2025-03-10");
    expect(r.toDate).toBe("2026-03-10");
    expect(Object.keys(r.conversationsPerDay)).toHaveLength(366);
    expect(Object.keys(r.conversationsPerDay)[0]).toBe("2025-03-10");
    expect(Object.keys(r.conversationsPerDay).at(-1)).toBe("2026-03-10");
    expect(r.totalConversations).toBe(2);
    expect(r.averageConversationsPerDay).toBe(0.01); // 2 / 366 = 0.00546…
    expect(r.previousPeriodConversations).toBe(2);
    expect(r.conversationsPerDay["2025-03-10"]).toBe(1);
    expect(r.conversationsPerDay["2026-03-10"]).toBe(1);
  });

  it("stays exact when messages arrive, change or disappear late", async () => {
    const before = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(before.messagesPerConversation).toBe(3);
    // Three late messages in C3 (one answered question) a week after the conversation started:
    // messages 13 + 3 = 16 over 4 conversations = 4; questions 7, answered 5 = 71.43 %.
    const late = new Date("2026-03-12T09:00:00Z");
    await db.message.createMany({
      data: [
        { conversationId: ids.c3!, chatbotId: botId, role: "user", content: "One more thing", createdAt: late },
        { conversationId: ids.c3!, chatbotId: botId, role: "assistant", content: "Sure.", answered: true, createdAt: late },
        { conversationId: ids.c3!, chatbotId: botId, role: "user", content: "Thanks", createdAt: late },
      ],
    });
    const after = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(after.messagesPerConversation).toBe(4);
    expect(after.answeredQuestionsPercentage).toBe(71.43);

    // An answer re-marked as unanswered: answered 4 of 7 = 57.14 %.
    await db.message.updateMany({ where: { conversationId: ids.c3!, role: "assistant", createdAt: late }, data: { answered: false } });
    expect((await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD })).answeredQuestionsPercentage).toBe(57.14);

    // Removing them again restores the original numbers.
    await db.message.deleteMany({ where: { conversationId: ids.c3!, createdAt: late } });
    const restored = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(restored.messagesPerConversation).toBe(3);
    expect(restored.answeredQuestionsPercentage).toBe(66.67);
  });

  it("counts a late conversation on the day it started", async () => {
    const v = await visitor(db, botId, GB);
    const c = await conversation(db, botId, { at: "2026-03-07T08:00:00Z", visitorId: v.id, messages: [user("Late arrival")] });
    const r = await callerFor(owner.user).analytics.get({ chatbot_id: botId, ...PERIOD });
    expect(r.totalConversations).toBe(5);
    expect(r.conversationsPerDay["2026-03-07"]).toBe(1);
    expect(r.popular.topCountries[0]).toEqual({ country: "United Kingdom", country_code: "GB", visitors_count: 2 });
    await db.conversation.delete({ where: { id: c.id } });
  });
});

describe("who sees what", () => {
  it("gives leads to admins and editors of the workspace, null to members", async () => {
    for (const [role, leads] of [["admin", 2], ["editor", 2], ["member", null]] as const) {
      const { user } = await userWithToken(db, `A ${role}`);
      await db.membership.create({ data: { teamId: workspaceId, userId: user.id, role } });
      const r = await callerFor(user).analytics.get({ chatbot_id: botId, ...PERIOD });
      expect(r.leads, role).toBe(leads);
      expect(r.totalConversations).toBe(4);
    }
  });

  it("is not found for strangers, unknown and malformed ids", async () => {
    const { user: stranger } = await userWithToken(db, "Stranger");
    for (const [user, id] of [
      [stranger, botId],
      [owner.user, "00000000-0000-4000-8000-000000000000"],
      [owner.user, "not-a-uuid"],
      [owner.user, "'; DROP TABLE chatbots; --"],
    ] as const) {
      await expect(callerFor(user).analytics.get({ chatbot_id: id, ...PERIOD })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("refuses invalid dates and from after to with field errors", async () => {
    await expect(callerFor(owner.user).analytics.get({ chatbot_id: botId, from: "2026-02-30" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      cause: { errors: { from: ["The from field must be a valid date in the format YYYY-MM-DD."] } },
    });
    await expect(callerFor(owner.user).analytics.get({ chatbot_id: botId, from: "2026-03-02", to: "2026-03-01" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      cause: { errors: { from: ["The from field must be a date before or equal to to."] } },
    });
  });

  it("serves the dashboard the chatbot's name and the previous period day by day", async () => {
    const d = await callerFor(owner.user).analytics.dashboard({ chatbot_id: botId, ...PERIOD });
    expect(d.chatbot).toEqual({ id: botId, name: "Fixture bot" });
    expect(d.analytics.totalConversations).toBe(4);
    expect(Object.keys(d.previousConversationsPerDay)).toHaveLength(10);
    expect(d.previousConversationsPerDay["2026-02-19"]).toBe(1);
    expect(d.previousConversationsPerDay["2026-02-28"]).toBe(1);
    expect(Object.values(d.previousConversationsPerDay).reduce((a, b) => a + b, 0)).toBe(2);
  });
});
