/**
 * `npm run bench -- inbox-search` (docs/decisions/057-the-inbox-as-a-daily-tool.md): the inbox's search by text and
 * e-mail on a large chatbot. One chatbot is bulk-loaded (BENCH_INBOX_SEARCH_SIZE
 * conversations, default 200,000, two messages each, a lead on one in twelve)
 * the way the volume benchmark loads (`app.bulk_import`, summaries rebuilt
 * set-wise); then the inbox's own statement (`listConversations` with a
 * `search`, as the dashboard and `GET /v1/{chatbot_id}/conversations?search=`
 * run it) is timed, sequentially (p50 / p95), for a rare text, an e-mail, a
 * name and a text found nowhere, and its plan is printed (EXPLAIN ANALYZE of
 * the exact statement the service sent).
 *
 * Its own embedded PostgreSQL (.data/bench/inbox-search), removed at the end.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { listConversations } from "@/server/conversations/inbox";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient, poolOf } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";

const DATA_DIR = path.resolve(".data/bench/inbox-search");
const SIZE = Number(process.env.BENCH_INBOX_SEARCH_SIZE ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const log = (m: string) => console.log(`[bench] ${m}`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

export async function runInboxSearchBenchmark() {
  console.log("\ninbox-search");
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  try {
    await ensureDatabase(server.url(), "bench_inbox_search");
    const url = server.url("bench_inbox_search");
    await migrate(url);
    const db = createPrismaClient(url);
    try {
      await measure(db, url);
    } finally {
      await db.$disconnect();
    }
  } finally {
    await server.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

async function measure(db: ReturnType<typeof createPrismaClient>, url: string) {
  const owner = await db.user.create({ data: { email: "bench-search@example.test", name: "Bench" } });
  const team = await db.team.create({ data: { kind: "client", name: "Search bakery", ownerId: owner.id, messageLimit: 1_000_000 } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Search Bot" } });
  // A second chatbot of the same size shares the tables: a search must not pay for another's rows.
  const other = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Other Bot" } });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [i, id] of [bot.id, other.id].entries()) {
      const t0 = performance.now();
      await bulkLoad(client, id, `b${i}`);
      log(`loaded ${SIZE.toLocaleString("en-US")} conversations (${(SIZE * 2).toLocaleString("en-US")} messages) into chatbot ${i + 1} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await client.query("VACUUM ANALYZE");

    // The exact statement the service sends, captured on its pool for EXPLAIN.
    const pool = poolOf(db);
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    let captured: { text: string; values: unknown[] } | null = null;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (config: unknown, ...rest: unknown[]) => {
      const c = config as { name?: string; text?: string; values?: unknown[] };
      if (typeof c === "object" && c?.name?.startsWith("conversations_narrowed")) captured = { text: c.text!, values: c.values ?? [] };
      return query(config, ...rest);
    };

    const searches = [
      ["a rare text (an order number)", `order ${100_000 + Math.floor(SIZE / 3)}`],
      ["an e-mail", `lead${12 * Math.floor(SIZE / 24)}@`],
      ["a lead's name", `Ada ${12 * Math.floor(SIZE / 36)}`],
      ["a text found nowhere", "zanzibar"],
    ] as const;
    for (const [label, search] of searches) {
      const run = () => listConversations(db, bot.id, { page: 1, per_page: 20, search });
      const first = await run();
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
      console.log(`  search ${label.padEnd(32)} "${search}": ${first.total} found   p50 ${pct(times, 50).toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms`);
      const statement = captured as { text: string; values: unknown[] } | null;
      if (statement && process.env.BENCH_EXPLAIN !== "false") {
        const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values);
        console.log(rows.map((r) => `      ${r["QUERY PLAN"]}`).join("\n"));
      }
    }
  } finally {
    await client.end();
  }
}

async function bulkLoad(client: pg.Client, chatbotId: string, tag: string) {
  const at = `(now() - ((g::bigint * 2654435761) % (365 * 86400)) * interval '1 second')`;
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL app.bulk_import = on");
    await client.query(
      `INSERT INTO visitors (id, chatbot_id, visitor_key, created_at, last_seen_at)
       SELECT md5('${tag}-visitor-' || g)::uuid, $1::uuid, '${tag}_' || g, ${at}, ${at} FROM generate_series(1, ${SIZE}) g`,
      [chatbotId],
    );
    await client.query(
      `INSERT INTO conversations (id, chatbot_id, visitor_id, source, created_at, updated_at, last_message_at)
       SELECT md5('${tag}-conv-' || g)::uuid, $1::uuid, md5('${tag}-visitor-' || g)::uuid, 'widget', ${at}, ${at}, ${at} + interval '1 minute'
         FROM generate_series(1, ${SIZE}) g`,
      [chatbotId],
    );
    // Varied text: an order number per conversation, a topic among several, a weekday.
    await client.query(
      `INSERT INTO messages (id, conversation_id, chatbot_id, role, content, answered, created_at)
       SELECT md5('${tag}-msg-' || g || '-' || m)::uuid, md5('${tag}-conv-' || g)::uuid, $1::uuid,
              CASE WHEN m = 1 THEN 'user' ELSE 'assistant' END,
              CASE WHEN m = 1
                   THEN 'Hello, my order ' || (100000 + g) || ' ' || (ARRAY['has not arrived yet','was damaged','is missing a cake','came late','has the wrong bread'])[1 + g % 5]
                        || ', can you check it before ' || (ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday','Saturday','Sunday'])[1 + g % 7] || '?'
                   ELSE 'Here is what I found about ' || (ARRAY['deliveries','refunds','opening hours','custom cakes','gift cards'])[1 + g % 5] || ' in our help pages.' END,
              CASE WHEN m = 2 THEN true END, ${at} + m * interval '20 seconds'
         FROM generate_series(1, ${SIZE}) g CROSS JOIN generate_series(1, 2) m`,
      [chatbotId],
    );
    await client.query(
      `INSERT INTO contacts (team_id, chatbot_id, visitor_id, conversation_id, email, first_name, last_name, created_at)
       SELECT (SELECT team_id FROM chatbots WHERE id = $1::uuid), $1::uuid, md5('${tag}-visitor-' || g)::uuid, md5('${tag}-conv-' || g)::uuid,
              'lead' || g || '@mail' || (g % 50) || '.test', 'Ada', g::text, ${at} + interval '3 minutes'
         FROM generate_series(1, ${SIZE}) g WHERE g % 12 = 0`,
      [chatbotId],
    );
    await client.query("SELECT analytics_rebuild($1::uuid)", [chatbotId]);
    await client.query("SELECT inbox_rebuild($1::uuid)", [chatbotId]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
