import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import { analyticsMemoryHits, forgetAnalytics } from "@/server/analytics/analytics";
import type { Db } from "@/server/kernel/db/client";
import { analyticsDatabase } from "../helpers/analytics-fixtures";
import { type agencyOwner, chatbot } from "../helpers/fixtures";

/**
 * Analytics kept in memory are answered again only while the chatbot's
 * analytics version is unchanged (docs/decisions/096-analytics-kept-while-unchanged.md):
 * after each kind of write that changes a figure, the next read equals a
 * read with nothing kept, and differs from the read before the write.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let teamId: string;

beforeAll(async () => ({ db, owner, teamId } = await analyticsDatabase()));

describe("analytics kept while unchanged", () => {
  it("answers a repeated read from memory, and every write that changes a figure is seen by the next read", async () => {
    const bot = await chatbot(db, teamId, owner.user.id, "Kept");
    const other = await chatbot(db, teamId, owner.user.id, "Other");
    const caller = createCaller({ db, user: owner.user, via: "token", tokenId: null });
    const read = () => caller.analytics.get({ chatbot_id: bot.id });
    const dashboard = () => caller.analytics.dashboard({ chatbot_id: bot.id });
    const fresh = async () => {
      forgetAnalytics();
      return read();
    };
    const visitor = await db.visitor.create({ data: { chatbotId: bot.id, visitorKey: "v1" } });
    const conversation = await db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id } });
    const link = await db.chatbotLink.create({ data: { chatbotId: bot.id, url: "https://shop.example/a", title: "A" } });

    // Nothing changed: the second read is a hit and equal to the first.
    const first = await read();
    const hitsBefore = analyticsMemoryHits();
    expect(await read()).toEqual(first);
    expect(analyticsMemoryHits()).toBe(hitsBefore + 1);
    // A write to another chatbot changes nothing here: still a hit.
    await db.conversation.create({ data: { chatbotId: other.id, visitorId: (await db.visitor.create({ data: { chatbotId: other.id, visitorKey: "o" } })).id } });
    expect(await read()).toEqual(first);
    expect(analyticsMemoryHits()).toBe(hitsBefore + 2);

    const today = first.toDate;
    const writes: [string, () => Promise<unknown>][] = [
      ["a conversation", () => db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id } })],
      [
        "a message with an answer",
        () => db.message.create({ data: { chatbotId: bot.id, conversationId: conversation.id, role: "assistant", content: "Hi", answered: true } }),
      ],
      ["a conversation's category and sentiment", () => db.conversation.update({ where: { id: conversation.id }, data: { category: "Orders", sentiment: "negative" } })],
      [
        "feedback",
        async () => {
          const m = await db.message.findFirstOrThrow({ where: { conversationId: conversation.id, role: "assistant" } });
          return db.feedback.create({ data: { chatbotId: bot.id, conversationId: conversation.id, messageId: m.id, rating: "positive" } });
        },
      ],
      ["a widget event", () => db.widgetEvent.create({ data: { chatbotId: bot.id, conversationId: conversation.id, visitorId: visitor.id, value: "opened" } })],
      ["a link click", () => db.linkClick.create({ data: { chatbotId: bot.id, linkId: link.id, conversationId: conversation.id, visitorId: visitor.id } })],
      ["a link's title", () => db.chatbotLink.update({ where: { id: link.id }, data: { title: "A, renamed" } })],
      ["a lead", () => db.contact.create({ data: { teamId, chatbotId: bot.id, visitorId: visitor.id, conversationId: conversation.id, email: "lead@example.test" } })],
      ["a visitor's country", () => db.visitor.update({ where: { id: visitor.id }, data: { country: "Portugal", countryCode: "PT" } })],
      [
        "the period's insight themes",
        () =>
          db.insight.create({
            data: {
              chatbotId: bot.id,
              periodType: first.insights.period_type,
              periodStart: new Date(`${first.fromDate}T00:00:00Z`),
              periodEnd: new Date(`${today}T00:00:00Z`),
              answered: { insight_data: [{ summary_question: "Where?", theme: "Location", frequency: 2, examples: ["Where is it?"] }] },
              unanswered: undefined,
            },
          }),
      ],
      [
        "a bulk import rebuilt",
        () =>
          db.$transaction(async (tx) => {
            await tx.$executeRaw`SET LOCAL app.bulk_import = on`;
            await tx.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id } });
            await tx.$executeRaw`SELECT analytics_rebuild(${bot.id}::uuid)`;
          }),
      ],
      ["a conversation deleted", () => db.conversation.delete({ where: { id: conversation.id } })],
    ];
    for (const [what, write] of writes) {
      const before = await read();
      await read(); // kept
      const dashboardBefore = await dashboard();
      await write();
      const after = await read();
      expect(after, what).not.toEqual(before);
      expect((await dashboard()).analytics, `${what} (dashboard)`).toEqual(after);
      expect(dashboardBefore.analytics, `${what} (dashboard before)`).toEqual(before);
      expect(after, what).toEqual(await fresh());
    }
  });
});
