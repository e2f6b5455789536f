import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { listVisibleChatbots } from "@/server/chatbots/chatbot-list";
import { createTestDatabase, databaseBefore } from "../helpers/db";
import { contact, conversation, visitor } from "../helpers/analytics-fixtures";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";

/**
 * The chatbots' inbox counts (migration 20261125110000_inbox_counts: total,
 * open = not archived, unread = not archived and unread) against a recount of the
 * conversations themselves, after concurrent writes from many connections:
 * no lost update, no writer waiting on another's counter row.
 */
let db: Db;
let url: string;
let teamId: string;
let userId: string;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  const owner = await agencyOwner(db);
  teamId = (await clientWorkspace(db, owner.agency)).id;
  userId = owner.user.id;
});

/** Per chatbot: the stored sums and the recount, as "open/unread/total". */
async function storedAndRecounted(bots: string[], client: Db = db) {
  const rows = await client.$queryRaw<{ id: string; stored: string; recount: string }[]>`
    SELECT b.id::text,
           (SELECT concat_ws('/', coalesce(sum(n.open), 0), coalesce(sum(n.unread), 0), coalesce(sum(n.total), 0))
              FROM chatbot_inbox_counts n WHERE n.chatbot_id = b.id) AS stored,
           (SELECT concat_ws('/', count(*) FILTER (WHERE NOT v.archived), count(*) FILTER (WHERE NOT v.archived AND v.unread), count(*))
              FROM conversations v WHERE v.chatbot_id = b.id) AS recount
      FROM chatbots b WHERE b.id = ANY(${bots}::uuid[]) ORDER BY b.id`;
  return { stored: rows.map((r) => `${r.id}:${r.stored}`), recount: rows.map((r) => `${r.id}:${r.recount}`) };
}

describe("inbox counts", () => {
  it("equal a recount after concurrent new conversations, reads, archiving, moves and deletions", async () => {
    const [a, b] = [(await chatbot(db, teamId, userId, "Inbox A")).id, (await chatbot(db, teamId, userId, "Inbox B")).id];
    const [va, vb] = [await visitor(db, a), await visitor(db, b)];
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) => conversation(db, i % 2 ? b : a, { at: `2026-08-0${1 + (i % 9)}T10:00:00Z`, visitorId: i % 2 ? vb.id : va.id })),
    );
    const ids = made.map((c) => c.id);
    // New conversations are unread; reads, archiving, a re-opened one, and more new ones, all at once.
    await Promise.all([
      ...ids.slice(0, 6).map((id) => db.conversation.update({ where: { id }, data: { unread: false } })),
      ...ids.slice(6, 10).map((id) => db.conversation.update({ where: { id }, data: { archived: true } })),
      db.conversation.updateMany({ where: { id: { in: ids.slice(10, 14) } }, data: { archived: true, unread: false } }),
      db.conversation.update({ where: { id: ids[14] }, data: { lastMessageAt: new Date(), sentiment: "negative" } }),
      ...Array.from({ length: 8 }, (_, i) => conversation(db, i % 2 ? b : a, { at: "2026-08-20T10:00:00Z", visitorId: i % 2 ? vb.id : va.id })),
    ]);
    await Promise.all([
      // Read again, then unread by a new message; un-archived; moved to the other chatbot; deleted.
      db.conversation.updateMany({ where: { id: { in: ids.slice(0, 3) } }, data: { unread: true } }),
      db.conversation.update({ where: { id: ids[6] }, data: { archived: false } }),
      db.conversation.update({ where: { id: ids[15] }, data: { chatbotId: a === made[15]!.chatbotId ? b : a, visitorId: a === made[15]!.chatbotId ? vb.id : va.id } }),
      db.conversation.delete({ where: { id: ids[16] } }),
      db.conversation.delete({ where: { id: ids[10] } }),
    ]);
    const { stored, recount } = await storedAndRecounted([a, b]);
    expect(stored).toEqual(recount);
    // The recount is what was written: 32 conversations, two deleted, six still archived (8 archived, one
    // re-opened, one deleted).
    const sum = (i: number) => recount.reduce((n, r) => n + Number(r.split(":")[1]!.split("/")[i]), 0);
    expect([sum(0), sum(2)]).toEqual([32 - 2 - 6, 32 - 2]);
    // And the list reads them.
    const listed = await listVisibleChatbots(db, userId);
    for (const r of recount) {
      const [id, counts] = r.split(":");
      const [open, unread] = counts!.split("/").map(Number);
      expect(listed.find((c) => c.id === id)).toMatchObject({ open_count: open, unread_count: unread });
    }
  });

  it("never makes a writer wait for another transaction's counter row", async () => {
    const bot = (await chatbot(db, teamId, userId, "Busy inbox")).id;
    const v = await visitor(db, bot);
    await conversation(db, bot, { at: "2026-09-01T09:00:00Z", visitorId: v.id });
    expect(await db.chatbotInboxCount.count({ where: { chatbotId: bot } })).toBe(1);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // An open transaction whose new conversation has updated the chatbot's counter row, not committed yet…
      await holder.query("BEGIN");
      await holder.query(`INSERT INTO conversations (chatbot_id, visitor_id, updated_at) VALUES ($1, $2, now())`, [bot, v.id]);
      // …does not hold back another new conversation of the same chatbot (it would wait here for the
      // holder's commit, forever): it lands on a new row.
      await conversation(db, bot, { at: "2026-09-01T10:00:00Z", visitorId: v.id });
      expect(await db.chatbotInboxCount.count({ where: { chatbotId: bot } })).toBe(2);
      await holder.query("COMMIT");
    } finally {
      await holder.end();
    }
    const { stored, recount } = await storedAndRecounted([bot]);
    expect(stored).toEqual([`${bot}:3/3/3`]);
    expect(stored).toEqual(recount);
  });

  it("count the contacts exactly after concurrent adds, moves between chatbots and deletions (record 067)", async () => {
    const [a, b] = [(await chatbot(db, teamId, userId, "Leads A")).id, (await chatbot(db, teamId, userId, "Leads B")).id];
    const [va, vb] = [await visitor(db, a), await visitor(db, b)];
    await Promise.all(Array.from({ length: 20 }, (_, i) => contact(db, i % 2 ? b : a, i % 2 ? vb.id : va.id, "2026-09-03T10:00:00Z", { email: `l${i}@x.example` })));
    const made = await db.contact.findMany({ where: { chatbotId: { in: [a, b] } }, orderBy: { email: "asc" } });
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => contact(db, a, va.id, "2026-09-04T10:00:00Z", { email: `m${i}@x.example` })),
      db.contact.deleteMany({ where: { id: { in: made.slice(0, 4).map((c) => c.id) } } }),
      db.contact.updateMany({ where: { id: { in: made.slice(4, 7).map((c) => c.id) } }, data: { chatbotId: b, visitorId: vb.id } }),
      db.contact.update({ where: { id: made[8]!.id }, data: { email: "changed@x.example" } }),
    ]);
    const stored = await db.$queryRaw<{ id: string; n: number }[]>`
      SELECT b.id::text, (SELECT coalesce(sum(contacts), 0)::int FROM chatbot_inbox_counts n WHERE n.chatbot_id = b.id) AS n
        FROM chatbots b WHERE b.id = ANY(${[a, b]}::uuid[]) ORDER BY 1`;
    const recount = await db.$queryRaw<{ id: string; n: number }[]>`
      SELECT b.id::text, (SELECT count(*)::int FROM contacts c WHERE c.chatbot_id = b.id) AS n
        FROM chatbots b WHERE b.id = ANY(${[a, b]}::uuid[]) ORDER BY 1`;
    expect(stored).toEqual(recount);
    expect(recount.reduce((n, r) => n + r.n, 0)).toBe(22);
  });

  it("go with their chatbot when it is deleted", async () => {
    const bot = (await chatbot(db, teamId, userId, "Doomed inbox")).id;
    await conversation(db, bot, { at: "2026-09-02T10:00:00Z", visitorId: (await visitor(db, bot)).id });
    expect(await db.chatbotInboxCount.count({ where: { chatbotId: bot } })).toBe(1);
    await db.chatbot.delete({ where: { id: bot } });
    expect(await db.chatbotInboxCount.count({ where: { chatbotId: bot } })).toBe(0);
  });
});

describe("the inbox counts migration", () => {
  it("backfills the counts from the conversations stored before it", async () => {
    const { db: old, migrateRest } = await databaseBefore("20261125110000");
    const owner = await agencyOwner(old);
    const bot = (await chatbot(old, (await clientWorkspace(old, owner.agency)).id, owner.user.id)).id;
    const v = await visitor(old, bot);
    const made = await Promise.all(["2026-02-01T10:00:00Z", "2026-02-02T10:00:00Z", "2026-02-03T10:00:00Z"].map((at) => conversation(old, bot, { at, visitorId: v.id })));
    await old.conversation.update({ where: { id: made[0]!.id }, data: { unread: false } });
    await old.conversation.update({ where: { id: made[1]!.id }, data: { archived: true } });
    await migrateRest();
    const { stored, recount } = await storedAndRecounted([bot], old);
    expect(stored).toEqual([`${bot}:2/1/3`]);
    expect(stored).toEqual(recount);
  });
});
