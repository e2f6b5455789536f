import { describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/db";
import { conversation, visitor } from "../helpers/analytics-fixtures";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";

/** Migration 20261127221000_answers_without_source_links: recorded answers lose their "Sources: [..](..)" line, nothing else. */
describe("answers recorded with a sources line", () => {
  it("keep their text without it; other messages are untouched", async () => {
    const { db, migrateRest } = await databaseBefore("20261127221000");
    const owner = await agencyOwner(db);
    const bot = (await chatbot(db, (await clientWorkspace(db, owner.agency)).id, owner.user.id)).id;
    const conv = await conversation(db, bot, { at: "2026-02-01T10:00:00Z", visitorId: (await visitor(db, bot)).id });
    const write = (role: string, content: string) => db.message.create({ data: { conversationId: conv.id, chatbotId: bot, role, content } });
    const old = await write("assistant", "We open at nine.\nOn Saturday at ten.\n\nSources: [Opening hours](https://shop.example/hours), [FAQ](https://shop.example/faq)");
    const plain = await write("assistant", "See [our prices](https://shop.example/prices).");
    const asked = await write("user", "Sources: [x](https://x.example)\n\nSources: [y](https://y.example)");
    await migrateRest();
    const content = async (id: string) => (await db.message.findUniqueOrThrow({ where: { id } })).content;
    expect(await content(old.id)).toBe("We open at nine.\nOn Saturday at ten.");
    expect(await content(plain.id)).toBe(plain.content);
    expect(await content(asked.id)).toBe(asked.content);
  });
});
