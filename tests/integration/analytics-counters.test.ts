import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { conversation, visitor } from "../helpers/analytics-fixtures";

/**
 * The per-conversation message counters (migration 20261121120000_analytics)
 * against a recount from the messages themselves, after concurrent writes
 * from many connections: no lost update, no deadlock.
 */
let db: Db;
let botId: string;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  const owner = await agencyOwner(db);
  botId = (await chatbot(db, (await clientWorkspace(db, owner.agency)).id, owner.user.id)).id;
});

async function countersMatchMessages() {
  const rows = await db.$queryRaw<{ id: string; stored: string; actual: string }[]>`
    SELECT c.id::text, concat_ws('/', c.message_count, c.question_count, c.answered_count) AS stored,
           concat_ws('/', count(m.id), count(m.id) FILTER (WHERE m.role = 'assistant' AND m.answered IS NOT NULL),
                     count(m.id) FILTER (WHERE m.role = 'assistant' AND m.answered)) AS actual
      FROM conversations c LEFT JOIN messages m ON m.conversation_id = c.id
     WHERE c.chatbot_id = ${botId}::uuid
     GROUP BY c.id`;
  return rows;
}

describe("message counters", () => {
  it("stay exact under concurrent inserts, updates and deletes across conversations", async () => {
    const v = await visitor(db, botId);
    const convs = await Promise.all([0, 1, 2].map((i) => conversation(db, botId, { at: `2026-03-0${i + 1}T10:00:00Z`, visitorId: v.id })));
    const ids = convs.map((c) => c.id);
    const message = (conversationId: string, i: number) => ({
      conversationId,
      chatbotId: botId,
      role: i % 2 ? "assistant" : "user",
      content: `m${i}`,
      answered: i % 2 ? i % 3 !== 0 : null,
    });

    // 30 single inserts and 10 multi-conversation batches in both orders, all at once.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => db.message.create({ data: message(ids[i % 3]!, i) })),
      ...Array.from({ length: 10 }, (_, i) =>
        db.message.createMany({ data: (i % 2 ? [...ids] : [...ids].reverse()).flatMap((id) => [message(id, i), message(id, i + 1)]) }),
      ),
    ]);
    expect(await db.message.count({ where: { chatbotId: botId } })).toBe(90);

    await Promise.all([
      db.message.updateMany({ where: { chatbotId: botId, role: "assistant", content: "m1" }, data: { answered: false } }),
      db.message.updateMany({ where: { chatbotId: botId, role: "user", content: "m2" }, data: { role: "assistant", answered: true } }),
      db.message.deleteMany({ where: { chatbotId: botId, content: "m4" } }),
      db.message.deleteMany({ where: { conversationId: ids[0], content: { in: ["m5", "m7"] } } }),
    ]);

    const rows = await countersMatchMessages();
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.stored, r.id).toBe(r.actual);
  });
});
