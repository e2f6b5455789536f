/**
 * `npm run bench -- analytics`: the analytics endpoint for one chatbot with
 * 100,000 conversations and 1,000,000 messages over a 366-day range.
 *
 * - Starts its own embedded PostgreSQL in `.data/bench/` and migrates it.
 * - Generates the data set once with bulk `INSERT … SELECT generate_series`
 *   (kept between runs; the range measured is the 366 days ending on the day
 *   it was generated, so later runs measure the same rows).
 * - Starts the production build (`next start`, needs `npx next build`) on it.
 * - Prints p50/p95 of sequential requests over HTTP next to p50/p95 of the
 *   aggregation alone (the service's SQL, in process), BENCH_RUNS times
 *   (default 3, each with the load average while it ran: the target must
 *   hold in every run), and once p50/p95 of a plain SQL aggregation over the
 *   raw tables (joining every message, no counters or rollups).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Logger, runMigrations } from "graphile-worker";
import pg from "pg";
import { createApiToken } from "@/server/access";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { startProductionServer, type ProductionServer } from "../lib/app-server";
import { migrate } from "@/server/kernel/db/migrate";
import { formatIsoDate, parseIsoDate, resolvePeriod, utcDay } from "@/server/analytics";
import { computeAnalytics } from "@/server/analytics";
import { createUser } from "@/server/accounts";

const DATA_DIR = path.resolve(".data/bench");
const DATABASE = "bench";
const CONVERSATIONS = 100_000;
const MESSAGES_PER_CONVERSATION = 10;
const VISITORS = 60_000;
const LINKS = 12;
const WARMUP = 5;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The bare-SQL baseline takes ~3 s a request: fewer of them, once. */
const PLAIN_REQUESTS = 10;
const BOT_NAME = "Benchmark bot";
const OWNER_EMAIL = "bench@bench.test";

const log = (m: string) => console.log(`[bench] ${m}`);

export async function runAnalyticsBenchmark() {
  mkdirSync(DATA_DIR, { recursive: true });
  log(`starting embedded PostgreSQL in ${path.relative(process.cwd(), DATA_DIR)}/postgres`);
  const server = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: true });
  let app: ProductionServer | undefined;
  try {
    await ensureDatabase(server.url(), DATABASE);
    const url = server.url(DATABASE);
    await migrate(url);
    await runMigrations({ connectionString: url, logger: new Logger(() => () => undefined) });

    const { chatbotId, token, lastDay } = await ensureDataSet(url);
    const to = formatIsoDate(lastDay);
    const from = formatIsoDate(lastDay - 365);
    const resolved = resolvePeriod({ from, to }, new Date());
    if (!resolved.ok) throw new Error("bad period");
    const period = resolved.period;

    app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-01");
    const endpoint = `${app.baseUrl}/v1/${chatbotId}/analytics?from=${from}&to=${to}`;

    const db = createPrismaClient(url);
    const raw = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const check = await fetch(endpoint, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await check.json()) as { totalConversations?: number; messagesPerConversation?: number };
      if (check.status !== 200 || body.totalConversations !== CONVERSATIONS) {
        throw new Error(`unexpected answer ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
      }

      log(`measuring ${REQUESTS} sequential requests each (after ${WARMUP} warm-up), range ${from}..${to} (366 days), ${RUNS} runs`);
      const cpu = cpus();
      const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ");
      console.log(`
Analytics benchmark: 1 chatbot, ${fmt(CONVERSATIONS)} conversations, ${fmt(CONVERSATIONS * MESSAGES_PER_CONVERSATION)} messages, 366-day range
machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}, PostgreSQL ${await serverVersion(raw)} (embedded, fsync off)

| run | GET /v1/{id}/analytics over HTTP p50 / p95 | the service's queries in process p50 / p95 | load (1/5/15 min) before → after |
|----:|-----------------:|-----------------:|-----------------------------------|`);
      const endpointP50s: number[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const before = load();
        const http = await measure(REQUESTS, async () => {
          const res = await fetch(endpoint, { headers: { Authorization: `Bearer ${token}` } });
          if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
          await res.arrayBuffer();
        });
        const service = await measure(REQUESTS, () => computeAnalytics(db, chatbotId, period, { includeLeads: true }));
        endpointP50s.push(http.p50);
        console.log(`| ${run}/${RUNS} | ${ms(http.p50)} / ${ms(http.p95)} | ${ms(service.p50)} / ${ms(service.p95)} | ${before} → ${load()} |`);
      }
      const plain = await measure(PLAIN_REQUESTS, () => raw.query(PLAIN_SQL, [chatbotId, period.previousFrom, period.to]), 1);
      const met = endpointP50s.filter((p) => p < 300).length;
      console.log(`
baseline, bare SQL over the raw tables (messages joined, no counters or rollups), ${PLAIN_REQUESTS} requests: p50 ${ms(plain.p50)} / p95 ${ms(plain.p95)}
target: endpoint p50 < 300 ms on 2 cores in every run → ${met === RUNS ? "met" : "NOT met"} (${met} of ${RUNS} runs)
`);
    } finally {
      await db.$disconnect();
      await raw.end();
    }
  } finally {
    await app?.stop();
    await server.stop();
  }
}

/**
 * The headline aggregation written the obvious way: every conversation of
 * both periods joined to every one of its messages.
 */
const PLAIN_SQL = `
  SELECT (c.created_at AT TIME ZONE 'UTC')::date AS day,
         count(DISTINCT c.id) AS conversations,
         count(DISTINCT c.id) FILTER (WHERE c.sentiment = 'negative') AS negative,
         count(m.id) AS messages,
         count(m.id) FILTER (WHERE m.role = 'assistant' AND m.answered IS NOT NULL) AS questions,
         count(m.id) FILTER (WHERE m.role = 'assistant' AND m.answered) AS answered
    FROM conversations c LEFT JOIN messages m ON m.conversation_id = c.id
   WHERE c.chatbot_id = $1::uuid
     AND c.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
     AND c.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
   GROUP BY 1`;

async function measure(requests: number, fn: () => Promise<unknown>, warmup = WARMUP): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const fmt = (n: number) => n.toLocaleString("en-US");
const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(6);

async function serverVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>("SHOW server_version");
  return rows[0]?.server_version ?? "?";
}

/** The chatbot, a token for its owner and the last day of its traffic; generates everything the first time. */
async function ensureDataSet(url: string): Promise<{ chatbotId: string; token: string; lastDay: number }> {
  const db = createPrismaClient(url);
  try {
    const tokenFile = path.join(DATA_DIR, "token");
    const existing = await db.chatbot.findFirst({ where: { name: BOT_NAME }, select: { id: true, description: true, userId: true } });
    const generatedFor = existing?.description?.match(/last day (\d{4}-\d{2}-\d{2})/)?.[1];
    const complete = existing && generatedFor && (await db.conversation.count({ where: { chatbotId: existing.id } })) === CONVERSATIONS;
    if (existing && complete) {
      log(`reusing the data set (366 days ending ${generatedFor})`);
      let token = existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : "";
      if (!token) {
        token = (await createApiToken(db, existing.userId, "bench")).token;
        writeFileSync(tokenFile, token, { mode: 0o600 });
      }
      return { chatbotId: existing.id, token, lastDay: parseIsoDate(generatedFor)! };
    }
    // An interrupted generation: start again from nothing.
    await db.chatbot.deleteMany({ where: { name: BOT_NAME } });
    await db.team.deleteMany({ where: { owner: { email: OWNER_EMAIL } } });
    await db.user.deleteMany({ where: { email: OWNER_EMAIL } });

    const lastDay = utcDay(new Date());
    const { user } = await createUser(db, { email: OWNER_EMAIL, name: "Bench Owner", password: "bench-password" });
    const bot = await db.chatbot.create({
      data: { teamId: user.currentTeamId!, userId: user.id, name: BOT_NAME, description: `Benchmark data: 366 days, last day ${formatIsoDate(lastDay)}` },
    });
    const { token } = await createApiToken(db, user.id, "bench");
    writeFileSync(tokenFile, token, { mode: 0o600 });
    await generate(url, bot.id, bot.teamId, formatIsoDate(lastDay - 365));
    return { chatbotId: bot.id, token, lastDay };
  } finally {
    await db.$disconnect();
  }
}

async function generate(url: string, chatbotId: string, teamId: string, firstDay: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const { rowCount } = await client.query(sql, params);
    log(`  ${label}: ${fmt(rowCount ?? 0)} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  log(`generating ${fmt(CONVERSATIONS)} conversations and ${fmt(CONVERSATIONS * MESSAGES_PER_CONVERSATION)} messages (once)…`);
  const t0 = performance.now();
  try {
    await client.query("BEGIN");
    // A bulk load: the summary triggers are off for this transaction (app.bulk_import) and the summaries are
    // recounted set-wise at the end, as a data import does (docs/decisions/067-reads-flat-with-volume.md).
    await client.query("SET LOCAL app.bulk_import = on");
    // Deterministic "random" spreads: multiplicative hashing of the row number.
    const start = `(($2::date)::timestamp AT TIME ZONE 'UTC')`;
    await step(
      "visitors",
      `INSERT INTO visitors (id, chatbot_id, visitor_key, country, country_code, created_at, last_seen_at)
       SELECT md5('bench-visitor-' || g)::uuid, $1::uuid, 'bv_' || g,
              (ARRAY['United States','United Kingdom','Canada','Germany','France','India','Australia','Spain','Brazil','Japan','Ireland','Netherlands'])[1 + (g * 7) % 12],
              (ARRAY['US','GB','CA','DE','FR','IN','AU','ES','BR','JP','IE','NL'])[1 + (g * 7) % 12],
              ${start}, ${start}
         FROM generate_series(1, ${VISITORS}) g`,
      [chatbotId, firstDay],
    );
    await step(
      "conversations",
      `INSERT INTO conversations (id, chatbot_id, visitor_id, archived, unread, category, sentiment, created_at, updated_at, last_message_at)
       SELECT md5('bench-conv-' || g)::uuid, $1::uuid, md5('bench-visitor-' || (1 + (g * 31) % ${VISITORS}))::uuid,
              g % 3 = 0, g % 7 = 0,
              (ARRAY['Delivery','Orders','Billing','Returns','Product questions','Opening hours','Account','Pricing'])[1 + (g * 13) % 8],
              CASE WHEN g % 100 < 12 THEN 'negative' WHEN g % 100 < 47 THEN 'positive' ELSE 'neutral' END,
              t, t, t + interval '5 minutes'
         FROM (SELECT g, ${start} + ((g::bigint * 2654435761) % (366 * 86400)) * interval '1 second' AS t
                 FROM generate_series(1, ${CONVERSATIONS}) g) s`,
      [chatbotId, firstDay],
    );
    await step(
      "messages",
      `INSERT INTO messages (id, conversation_id, chatbot_id, role, content, answered, created_at)
       SELECT md5('bench-msg-' || g || '-' || m)::uuid, c.id, $1::uuid,
              CASE WHEN m % 2 = 1 THEN 'user' ELSE 'assistant' END,
              CASE WHEN m % 2 = 1
                   THEN (ARRAY['Do you deliver on Sundays?','Where is my order?','How do I return an item?','Can I get an invoice?',
                               'What are your opening hours?','Is this in stock?','How much is shipping?','Can I change my address?'])[1 + (g + m) % 8]
                   ELSE 'Here is what I found in our help pages.' END,
              CASE WHEN m % 2 = 0 THEN (g * 17 + m) % 100 < 84 END,
              c.created_at + m * interval '20 seconds'
         FROM generate_series(1, ${CONVERSATIONS}) g
         JOIN conversations c ON c.id = md5('bench-conv-' || g)::uuid
        CROSS JOIN generate_series(1, ${MESSAGES_PER_CONVERSATION}) m`,
      [chatbotId],
    );
    await step(
      "feedback",
      `INSERT INTO feedback (chatbot_id, conversation_id, message_id, rating, created_at)
       SELECT $1::uuid, md5('bench-conv-' || g)::uuid, md5('bench-msg-' || g || '-2')::uuid,
              CASE WHEN g % 10 < 7 THEN 'positive' ELSE 'negative' END, c.created_at + interval '1 minute'
         FROM generate_series(2, ${CONVERSATIONS}, 2) g JOIN conversations c ON c.id = md5('bench-conv-' || g)::uuid`,
      [chatbotId],
    );
    await step(
      "links",
      `INSERT INTO chatbot_links (id, chatbot_id, url, title)
       SELECT md5('bench-link-' || l)::uuid, $1::uuid, 'https://shop.bench.test/page-' || l, 'Help page ' || l FROM generate_series(1, ${LINKS}) l`,
      [chatbotId],
    );
    await step(
      "link clicks",
      `INSERT INTO link_clicks (chatbot_id, link_id, conversation_id, visitor_id, created_at)
       SELECT $1::uuid, md5('bench-link-' || (1 + (g * 5) % ${LINKS}))::uuid, c.id, c.visitor_id, c.created_at + interval '2 minutes'
         FROM generate_series(1, ${CONVERSATIONS}) g JOIN conversations c ON c.id = md5('bench-conv-' || g)::uuid
        WHERE g % 5 < 2`,
      [chatbotId],
    );
    await step(
      "widget events",
      `INSERT INTO widget_events (chatbot_id, conversation_id, visitor_id, value, created_at)
       SELECT $1::uuid, c.id, c.visitor_id,
              CASE WHEN e = 1 THEN 'launcher_opened' ELSE (ARRAY['suggested_message:Delivery','suggested_message:Returns','link:Shop','suggested_message:Hours'])[1 + g % 4] END,
              c.created_at - interval '10 seconds'
         FROM generate_series(1, ${CONVERSATIONS}) g JOIN conversations c ON c.id = md5('bench-conv-' || g)::uuid
        CROSS JOIN generate_series(1, 2) e
        WHERE e = 1 OR g % 2 = 0`,
      [chatbotId],
    );
    await step(
      "contacts",
      `INSERT INTO contacts (team_id, chatbot_id, visitor_id, conversation_id, email, created_at)
       SELECT $2::uuid, $1::uuid, c.visitor_id, c.id, 'lead' || g || '@bench.test', c.created_at + interval '3 minutes'
         FROM generate_series(12, ${CONVERSATIONS}, 12) g JOIN conversations c ON c.id = md5('bench-conv-' || g)::uuid`,
      [chatbotId, teamId],
    );
    await step("analytics_rebuild", "SELECT analytics_rebuild($1::uuid)", [chatbotId]);
    await step("inbox_rebuild", "SELECT inbox_rebuild($1::uuid)", [chatbotId]);
    await client.query("COMMIT");
    await step("vacuum analyze", "VACUUM ANALYZE");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  log(`data set ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
