import { beforeAll, describe, expect, it } from "vitest";
import { listConversations } from "@/server/conversations/inbox";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as createChatbot } from "../helpers/fixtures";

/**
 * The inbox's search (docs/decisions/057-the-inbox-as-a-daily-tool.md): a conversation is found by any of its
 * messages' text or by its visitor's lead (e-mail, or first and last name),
 * case-insensitively, with `%`, `_` and `\` meaning themselves, never in
 * another chatbot; and together with the other filters.
 */
let db: Db;
let botId: string;
let otherBotId: string;
const ids: Record<string, string> = {};

async function conversation(chatbotId: string, key: string, messages: string[], lead?: { email: string; firstName?: string; lastName?: string }) {
  const visitor = await db.visitor.create({ data: { chatbotId, visitorKey: `key-${key}` } });
  const c = await db.conversation.create({ data: { chatbotId, visitorId: visitor.id, source: "widget" } });
  for (const content of messages) await db.message.create({ data: { conversationId: c.id, chatbotId, role: "user", content } });
  if (lead) {
    const bot = await db.chatbot.findUniqueOrThrow({ where: { id: chatbotId } });
    await db.contact.create({ data: { teamId: bot.teamId, chatbotId, visitorId: visitor.id, conversationId: c.id, email: lead.email, firstName: lead.firstName ?? "", lastName: lead.lastName ?? "" } });
  }
  ids[key] = c.id;
  return c.id;
}

const found = async (search: string, extra: Record<string, string> = {}, chatbotId = botId) =>
  (await listConversations(db, chatbotId, { page: 1, per_page: 50, search, ...extra })).data.map((c) => c.id).sort();
const idsOf = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  const owner = await agencyOwner(db);
  botId = (await createChatbot(db, owner.agency.id, owner.user.id, "Search Bot")).id;
  otherBotId = (await createChatbot(db, owner.agency.id, owner.user.id, "Other Bot")).id;
  await conversation(botId, "order", ["Hello", "Where is my order 4711? It was due on Sunday."]);
  await conversation(botId, "lead", ["Do you bake gluten-free bread?"], { email: "Anna.Baker@example.test", firstName: "Anna", lastName: "Baker" });
  await conversation(botId, "percent", ["Is there 50% off_today on cakes?"]);
  await conversation(botId, "plain", ["Opening hours please"]);
  await conversation(otherBotId, "elsewhere", ["Where is my order 4711?"], { email: "anna.baker@example.test", firstName: "Anna", lastName: "Baker" });
  await db.conversation.update({ where: { id: ids.plain! }, data: { status: "waiting" } });
});

describe("the inbox's search", () => {
  it("finds a conversation by any message's text, case-insensitively, in this chatbot only", async () => {
    expect(await found("ORDER 4711")).toEqual(idsOf("order"));
    expect(await found("sunday")).toEqual(idsOf("order"));
    expect(await found("order 4711", {}, otherBotId)).toEqual(idsOf("elsewhere"));
    expect(await found("zanzibar")).toEqual([]);
  });

  it("finds it by the lead's e-mail or name", async () => {
    expect(await found("anna.baker@")).toEqual(idsOf("lead"));
    expect(await found("Anna Baker")).toEqual(idsOf("lead"));
    expect(await found("baker")).toEqual(idsOf("lead"));
  });

  it("takes %, _ and \\ literally, and short searches too", async () => {
    expect(await found("50%")).toEqual(idsOf("percent"));
    expect(await found("%")).toEqual(idsOf("percent"));
    expect(await found("off_today")).toEqual(idsOf("percent"));
    expect(await found("f_t")).toEqual(idsOf("percent"));
    expect(await found("\\")).toEqual([]);
    expect(await found("o")).toEqual(idsOf("order", "lead", "percent", "plain"));
  });

  it("combines with the other filters, and counts what it finds", async () => {
    expect(await found("hours", { status: "waiting" })).toEqual(idsOf("plain"));
    expect(await found("hours", { status: "bot" })).toEqual([]);
    const page = await listConversations(db, botId, { page: 1, per_page: 1, search: "o" });
    expect(page.total).toBe(4);
    expect(page.data).toHaveLength(1);
  });
});
