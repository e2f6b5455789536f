import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase, databaseBefore } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { conversation, feedback, spansNotMatchingDays, visitor, widgetEvent } from "../helpers/analytics-fixtures";

/**
 * The per-conversation message counters (migration 20261121120000_analytics)
 * and the daily rollups (20261123220000_analytics_rollups) against a
 * recount from the base rows themselves, after concurrent writes from many
 * connections: no lost update, no deadlock, no writer waiting on a rollup row.
 */
let db: Db;
let url: string;
let botId: string;
let teamId: string;
let userId: string;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  const owner = await agencyOwner(db);
  teamId = (await clientWorkspace(db, owner.agency)).id;
  userId = owner.user.id;
  botId = (await chatbot(db, teamId, userId)).id;
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

describe("a statement's conversations", () => {
  it("are locked in id order whatever the order of its rows, the reply SLA's row trigger included", async () => {
    // Two conversations a person has taken, nobody's answer due: a visitor's message on either makes the
    // reply SLA's row trigger (src/server/conversations/sql/reply-sla.sql) start its clock, row by row.
    const v = await visitor(db, botId);
    const pair = await Promise.all([0, 1].map((i) => conversation(db, botId, { at: `2026-04-0${i + 1}T10:00:00Z`, visitorId: v.id })));
    await db.conversation.updateMany({ where: { id: { in: pair.map((c) => c.id) } }, data: { status: "human" } });
    const [low, high] = pair.map((c) => c.id).sort();
    const clients = [0, 1, 2].map(() => new pg.Client({ connectionString: url }));
    await Promise.all(clients.map((c) => c.connect()));
    const [holder, writer, probe] = clients as [pg.Client, pg.Client, pg.Client];
    try {
      // The lower conversation held elsewhere; a batch whose first row is the higher one's waits for it…
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM conversations WHERE id = $1::uuid FOR NO KEY UPDATE`, [low]);
      const { rows: pid } = await writer.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const batch = writer.query(
        `INSERT INTO messages (conversation_id, chatbot_id, role, content) VALUES ($1::uuid, $3::uuid, 'user', 'first'), ($2::uuid, $3::uuid, 'user', 'second')`,
        [high, low, botId],
      );
      batch.catch(() => undefined); // awaited below; not unhandled if the lock test fails first
      await expect.poll(async () => (await probe.query("SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1", [pid[0]!.pid])).rows[0]?.wait_event_type).toBe("Lock");
      // …without holding the higher one meanwhile: another statement locking the two in id order is not
      // drawn into a cycle (two such batches in opposite orders deadlocked when the first row's was taken first).
      await probe.query("BEGIN");
      await expect(probe.query(`SELECT 1 FROM conversations WHERE id = $1::uuid FOR NO KEY UPDATE NOWAIT`, [high])).resolves.toBeDefined();
      await probe.query("ROLLBACK");
      await holder.query("COMMIT");
      await batch;
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const rows = await countersMatchMessages();
    for (const r of rows) expect(r.stored, r.id).toBe(r.actual);
    // The reply SLA's clock started on both, as row by row.
    expect(await db.conversation.count({ where: { id: { in: pair.map((c) => c.id) }, awaitingSince: { not: null } } })).toBe(2);
  });
});

/**
 * Every rollup key with a non-zero sum, next to the same figures computed
 * from the base tables (zero keys are what a raw GROUP BY never shows).
 */
async function rollupsAndRaw(chatbotId: string, on: Db = db) {
  const [rollup, raw] = await Promise.all([
    on.$queryRaw<{ key: string }[]>`
      SELECT concat_ws('|', 'day', day, sum(conversations), sum(classified), sum(negative), sum(messages), sum(questions), sum(answered)) AS key
        FROM analytics_days WHERE chatbot_id = ${chatbotId}::uuid GROUP BY day
      HAVING sum(conversations) <> 0 OR sum(classified) <> 0 OR sum(negative) <> 0 OR sum(messages) <> 0 OR sum(questions) <> 0 OR sum(answered) <> 0
      UNION ALL
      SELECT concat_ws('|', 'feedback', day, sum(positive_feedback), sum(negative_feedback))
        FROM analytics_days WHERE chatbot_id = ${chatbotId}::uuid GROUP BY day HAVING sum(positive_feedback) <> 0 OR sum(negative_feedback) <> 0
      UNION ALL
      SELECT concat_ws('|', kind, day, value, sum(count))
        FROM analytics_day_values WHERE chatbot_id = ${chatbotId}::uuid GROUP BY kind, day, value HAVING sum(count) <> 0
      ORDER BY 1`,
    on.$queryRaw<{ key: string }[]>`
      SELECT concat_ws('|', 'day', day, count(*), count(sentiment), count(*) FILTER (WHERE sentiment = 'negative'),
                       sum(messages), sum(questions), sum(answered)) AS key
        FROM (SELECT (c.created_at AT TIME ZONE 'UTC')::date AS day, c.sentiment, count(m.id) AS messages,
                     count(m.id) FILTER (WHERE m.role = 'assistant' AND m.answered IS NOT NULL) AS questions,
                     count(m.id) FILTER (WHERE m.role = 'assistant' AND m.answered) AS answered
                FROM conversations c LEFT JOIN messages m ON m.conversation_id = c.id
               WHERE c.chatbot_id = ${chatbotId}::uuid GROUP BY c.id) per_conversation
       GROUP BY day
      UNION ALL
      SELECT concat_ws('|', 'feedback', (created_at AT TIME ZONE 'UTC')::date, count(*) FILTER (WHERE rating = 'positive'),
                       count(*) FILTER (WHERE rating = 'negative'))
        FROM feedback WHERE chatbot_id = ${chatbotId}::uuid GROUP BY (created_at AT TIME ZONE 'UTC')::date
      UNION ALL
      SELECT concat_ws('|', 'category', (created_at AT TIME ZONE 'UTC')::date, category, count(*))
        FROM conversations WHERE chatbot_id = ${chatbotId}::uuid AND category <> '' GROUP BY (created_at AT TIME ZONE 'UTC')::date, category
      UNION ALL
      SELECT concat_ws('|', 'event', (created_at AT TIME ZONE 'UTC')::date, value, count(*))
        FROM widget_events WHERE chatbot_id = ${chatbotId}::uuid AND value <> '' GROUP BY (created_at AT TIME ZONE 'UTC')::date, value
      ORDER BY 1`,
  ]);
  return { rollup: rollup.map((r) => r.key), raw: raw.map((r) => r.key) };
}

describe("daily rollups", () => {
  it("equal a recount from the base tables after concurrent writes, moves and deletions across days", async () => {
    const bot = (await chatbot(db, teamId, userId, "Rollup bot")).id;
    const v = await visitor(db, bot);
    // Three days, two of them at the edges of the UTC day.
    const starts = ["2026-05-01T00:00:00Z", "2026-05-01T23:59:59Z", "2026-05-02T12:00:00Z", "2026-05-03T23:59:59.999Z"];
    const convs = await Promise.all(
      starts.map((at, i) =>
        conversation(db, bot, {
          at,
          visitorId: v.id,
          category: ["Delivery", "Billing", null, ""][i],
          sentiment: ["negative", null, "positive", "neutral"][i],
          messages: [{ role: "user", content: "q" }, { role: "assistant", answered: i % 2 === 0 }],
        }),
      ),
    );
    const ids = convs.map((c) => c.id);
    const message = (conversationId: string, i: number) => ({
      conversationId,
      chatbotId: bot,
      role: i % 2 ? "assistant" : "user",
      content: `m${i}`,
      answered: i % 2 ? i % 3 !== 0 : null,
    });

    await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => db.message.create({ data: message(ids[i % 4]!, i) })),
      ...Array.from({ length: 6 }, (_, i) =>
        db.message.createMany({ data: (i % 2 ? [...ids] : [...ids].reverse()).flatMap((id) => [message(id, i), message(id, i + 1)]) }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        db.widgetEvent.createMany({
          data: [
            { chatbotId: bot, value: i % 2 ? "launcher_opened" : "suggested_message:Hours", createdAt: new Date(starts[i % 4]!) },
            { chatbotId: bot, value: "", createdAt: new Date(starts[i % 4]!) },
          ],
        }),
      ),
      ...convs.map((c, i) => feedback(db, { ...c.messages[1]!, chatbotId: bot }, i % 2 ? "negative" : "positive", starts[3 - i]!)),
      db.conversation.update({ where: { id: ids[1] }, data: { sentiment: "negative", category: "Delivery" } }),
      db.conversation.update({ where: { id: ids[2] }, data: { category: "Billing", unread: false } }),
    ]);

    await Promise.all([
      db.message.updateMany({ where: { chatbotId: bot, role: "assistant", content: "m1" }, data: { answered: false } }),
      db.message.deleteMany({ where: { chatbotId: bot, content: "m4" } }),
      db.feedback.updateMany({ where: { chatbotId: bot, rating: "negative" }, data: { rating: "positive" } }),
      db.widgetEvent.deleteMany({ where: { chatbotId: bot, value: "launcher_opened", createdAt: new Date(starts[1]!) } }),
      // A conversation moved to another day.
      db.conversation.update({ where: { id: ids[3] }, data: { createdAt: new Date("2026-04-30T08:00:00Z"), sentiment: null } }),
    ]);
    // One deleted with its messages and ratings (cascade). Not alongside message deletes: the cascade and the
    // message counter trigger lock messages and conversation in opposite orders.
    await db.conversation.delete({ where: { id: ids[0] } });

    const { rollup, raw } = await rollupsAndRaw(bot);
    expect(rollup.length).toBeGreaterThan(8);
    expect(rollup).toEqual(raw);
    expect(await spansNotMatchingDays(db, bot)).toEqual([]);
  });

  it("never makes a writer wait for another transaction's rollup row", async () => {
    const bot = (await chatbot(db, teamId, userId, "Busy bot")).id;
    const v = await visitor(db, bot);
    const a = await conversation(db, bot, { at: "2026-06-01T10:00:00Z", visitorId: v.id });
    const b = await conversation(db, bot, { at: "2026-06-01T11:00:00Z", visitorId: v.id });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // An open transaction whose message (and so its day's rollup row) is not committed yet…
      await holder.query("BEGIN");
      await holder.query(`INSERT INTO messages (conversation_id, chatbot_id, role, content) VALUES ($1, $2, 'user', 'held')`, [a.id, bot]);
      // …does not hold back a message of another conversation of the same day: it lands on another row.
      await db.message.create({ data: { conversationId: b.id, chatbotId: bot, role: "user", content: "not held" } });
      expect(await db.analyticsDay.count({ where: { chatbotId: bot } })).toBe(2);
      await holder.query("COMMIT");
    } finally {
      await holder.end();
    }
    const { rollup, raw } = await rollupsAndRaw(bot);
    expect(rollup).toEqual(raw);
    expect(await spansNotMatchingDays(db, bot)).toEqual([]);
  });

  it("go with their chatbot when it is deleted", async () => {
    const bot = (await chatbot(db, teamId, userId, "Doomed bot")).id;
    const v = await visitor(db, bot);
    const c = await conversation(db, bot, { at: "2026-07-01T10:00:00Z", visitorId: v.id, category: "Delivery", messages: [{ role: "user", content: "q" }] });
    await db.widgetEvent.create({ data: { chatbotId: bot, value: "launcher_opened", conversationId: c.id } });
    await db.chatbot.delete({ where: { id: bot } });
    expect(await db.analyticsDay.count({ where: { chatbotId: bot } })).toBe(0);
    expect(await db.analyticsDayValue.count({ where: { chatbotId: bot } })).toBe(0);
  });
});

describe("the rollup migration", () => {
  it("backfills the rollups from the rows stored before it", async () => {
    const { db: old, migrateRest } = await databaseBefore("20261123220000");
    const owner = await agencyOwner(old);
    const bot = (await chatbot(old, (await clientWorkspace(old, owner.agency)).id, owner.user.id)).id;
    const v = await visitor(old, bot);
    for (const [i, at] of ["2026-02-01T00:00:00Z", "2026-02-01T23:59:59Z", "2026-02-03T10:00:00Z"].entries()) {
      const c = await conversation(old, bot, {
        at,
        visitorId: v.id,
        category: i ? "Delivery" : "Billing",
        sentiment: i === 1 ? null : "negative",
        messages: [{ role: "user", content: "q" }, { role: "assistant", answered: i !== 2 }, { role: "assistant", answered: null }],
      });
      await feedback(old, { ...c.messages[1]!, chatbotId: bot }, i ? "positive" : "negative", at);
      await widgetEvent(old, bot, i === 2 ? "" : "launcher_opened", at);
    }
    await migrateRest();
    const { rollup, raw } = await rollupsAndRaw(bot, old);
    expect(rollup.length).toBe(8);
    expect(rollup).toEqual(raw);
    expect(await spansNotMatchingDays(old, bot)).toEqual([]);
  });
});
