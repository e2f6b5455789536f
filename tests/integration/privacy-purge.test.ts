import { beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { forgetAnalytics } from "@/server/analytics/analytics";
import type { Db } from "@/server/kernel/db/client";
import { purgeExpiredData } from "@/server/privacy";
import { createCaller } from "@/server/transport/root";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";

/**
 * The retention purge on a larger volume (docs/decisions/124-retention-and-a-persons-data.md): 400 expired
 * conversations with 12,000 messages go in batches of 1,000 rows, each its own transaction; a conversation
 * an answer holds is skipped, not waited for, and goes the next night; analytics recount to the same figures.
 */
let db: Db;
let url: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency);
  await db.team.update({ where: { id: workspace.id }, data: { dataRetentionDays: 30 } });
  botId = (await chatbot(db, workspace.id, owner.user.id)).id;
});

/** `n` conversations `daysAgo` (one visitor each, a lead for every fourth), each with `perConversation` messages, in three statements. */
async function traffic(n: number, perConversation: number, daysAgo: number) {
  await db.$executeRaw`
    WITH v AS (
      INSERT INTO visitors (chatbot_id, visitor_key, country_code, country, last_seen_at)
      SELECT ${botId}::uuid, 'bulk-' || ${daysAgo} || '-' || i, 'FR', 'France', now() - make_interval(days => ${daysAgo}) FROM generate_series(1, ${n}) i
      RETURNING id)
    INSERT INTO conversations (chatbot_id, visitor_id, category, created_at, last_message_at)
    SELECT ${botId}::uuid, id, 'Orders', now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo}) FROM v`;
  await db.$executeRaw`
    INSERT INTO messages (conversation_id, chatbot_id, role, content, answered, created_at)
    SELECT c.id, c.chatbot_id, CASE WHEN i % 2 = 0 THEN 'assistant' ELSE 'user' END, 'text ' || i,
           CASE WHEN i % 2 = 0 THEN true END, c.created_at + i * interval '1 second'
      FROM conversations c CROSS JOIN generate_series(1, ${perConversation}) i
     WHERE c.chatbot_id = ${botId}::uuid AND c.created_at < now() - make_interval(days => ${daysAgo - 1})
       AND c.created_at > now() - make_interval(days => ${daysAgo + 1})`;
  await db.$executeRaw`
    INSERT INTO contacts (team_id, chatbot_id, visitor_id, email, created_at, updated_at)
    SELECT b.team_id, b.id, v.id, v.visitor_key || '@example.test', v.last_seen_at, v.last_seen_at
      FROM visitors v JOIN chatbots b ON b.id = v.chatbot_id
     WHERE v.chatbot_id = ${botId}::uuid AND v.visitor_key LIKE ${`bulk-${daysAgo}-%`} AND split_part(v.visitor_key, '-', 3)::int % 4 = 0`;
}

const read = async () => {
  forgetAnalytics();
  return createCaller({ db, user: owner.user, via: "token", tokenId: null }).analytics.get({
    chatbot_id: botId,
    from: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10),
  });
};

describe("purgeExpiredData on a volume", () => {
  it("deletes in bounded batches, skips a row an answer holds, and leaves the analytics figures exact", async () => {
    await traffic(400, 30, 60);
    await traffic(20, 4, 5);
    const before = await read();
    expect(before.totalConversations).toBe(420);

    // An answer holds one expired conversation while the purge runs: it is skipped, not waited for.
    const held = await db.conversation.findFirstOrThrow({ where: { chatbotId: botId, createdAt: { lt: new Date(Date.now() - 59 * 86_400_000) } } });
    const answer = new pg.Client({ connectionString: url });
    await answer.connect();
    await answer.query("BEGIN");
    await answer.query("SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE", [held.id]);
    const first = await purgeExpiredData(db, { batchRows: 1_000 });
    await answer.query("COMMIT");
    await answer.end();
    expect(first.conversations).toBe(399);
    // Its messages are not what the answer holds: they go at once.
    expect(first.messages).toBe(400 * 30);
    expect(first.visitors).toBe(399);

    const second = await purgeExpiredData(db, { batchRows: 1_000 });
    expect(second).toEqual({ messages: 0, conversations: 1, contacts: first.contacts === 100 ? 0 : 1, visitors: 1 });
    expect(first.contacts + second.contacts).toBe(100);
    expect(await db.conversation.count({ where: { chatbotId: botId } })).toBe(20);
    expect(await db.message.count({ where: { chatbotId: botId } })).toBe(80);
    expect(await db.contact.count({ where: { chatbotId: botId } })).toBe(5);
    expect(await read()).toEqual(before);
  });
});
