/**
 * `npm run bench -- volume` (docs/decisions/067-reads-flat-with-volume.md): does every read stay flat as one
 * chatbot's history grows? One chatbot of the demo agency is bulk-loaded to
 * 10,000, 100,000 and 1,000,000 conversations (`--sizes=10000,100000` or BENCH_VOLUME_SIZES to choose)
 * the way a data import would be: each step is one transaction with
 * `SET LOCAL app.bulk_import = on` (the summary triggers do nothing) that ends
 * with `analytics_rebuild` and `inbox_rebuild` recounting the chatbot
 * set-wise (docs/analytics.md, "Bulk imports"); the load time is printed.
 *
 * The data: conversations spread over the 365 days ending today, two
 * messages each, one visitor in five returning, a rating on one in four, a
 * link click on two in five, a widget event each, a lead (contact) each; as many webhook
 * deliveries on the agency's webhook.
 *
 * At each size, one caller, sequential requests (p50 / p95, the better of
 * two passes): every documented
 * GET of the OpenAPI document, analytics over 365 days (asked again, so
 * answered from what the server keeps, and recomputed every time: 300
 * different 365-day periods in turn), and the dashboard's
 * inbox, analytics and contacts reads (their tRPC queries, with a session);
 * then both 365-day analytics reads and the no-op `/v1` route at 16 connections, and the lists at 16
 * connections (docs/decisions/127-lists-flat-at-a-million.md): conversations (all, open, archived), contacts
 * and webhook deliveries, first page and page DEEP_PAGE, each as a ratio to the no-op's rps (target ≥
 * 0.8×) and to its own 10k rps (within 1.5×). Printed
 * side by side with each p50 as a ratio to its 10k figure (target ≤ 1.5×) and
 * the 365-day analytics targets (p50 < 100 ms; ≥ 0.25× the no-op's rps).
 *
 * Everything lives in its own data folder and embedded PostgreSQL
 * (.data/bench/volume), removed at the end — unless BENCH_VOLUME_KEEP=1,
 * which keeps the folder (PostgreSQL's data directory included) for
 * profiling the largest size without loading it again. The machine is shared: the 1M size takes
 * minutes to load; run it sparingly.
 */
import { rmSync, mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { DEMO_OWNER } from "@/server/demo/seed";
import { startProductionServer } from "../lib/app-server";
import { seedRestFixture } from "./rest-fixtures";
import { documentedGets, ensureProductionBuild, measure as measureLoad, nextPath, noopTarget, recomputedAnalytics, type Target } from "./rest";

const DATA_DIR = path.resolve(".data/bench/volume");
const DATABASE = "bench_volume";
const sizesArg = process.argv.find((a) => a.startsWith("--sizes="))?.slice("--sizes=".length);
const SIZES = (sizesArg ?? process.env.BENCH_VOLUME_SIZES ?? "10000,100000,1000000").split(",").map(Number);
/** A deep page of every list: page 100 of 25 (offset 2,475), within the smallest size's archived third. */
const DEEP_PAGE = Number(process.env.BENCH_VOLUME_DEEP_PAGE ?? 100);
const LIST_NOOP_RATIO = 0.8;
// 100: reads now take 1–3 ms, and 30 samples of that on a shared machine moved a p50 by up to 1.6× between runs.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
// A read slower than this per pass stops sampling there (at least 10 requests): the value report reads its period's
// conversations (about 2 s a call at a million), and 100 calls of each report, twice, would take most of an hour.
const SAMPLING_SECONDS = Number(process.env.BENCH_SAMPLING_SECONDS ?? 20);
const MIN_REQUESTS = 10;
const WARMUP = 5;
const PASSES = 2;
const FLAT = 1.5;
const ANALYTICS_P50_MS = 100;
const ANALYTICS_NOOP_RATIO = 0.25;
const LOAD_SECONDS = 3;
/** Rounds of (no-op, list) per list; the median ratio is kept. */
const LIST_ROUNDS = 3;
const KEEP = process.env.BENCH_VOLUME_KEEP === "1";
const log = (m: string) => console.log(`[bench] ${m}`);

interface Sample {
  p50: number;
  p95: number;
  /** Requests sampled (fewer than REQUESTS for a read past SAMPLING_SECONDS). */
  n?: number;
}
interface SizeFigures {
  size: number;
  loadSeconds: number;
  reads: Map<string, Sample>;
  analyticsRps: number;
  /** The same at 16 connections, every request recomputed (no kept result). */
  recomputedRps: number;
  noopRps: number;
  /** Each list's rps at 16 connections, and the no-op's measured right before that list. */
  lists: Map<string, number>;
  listNoops: Map<string, number>;
  load: string;
}

export async function runVolumeBenchmark() {
  ensureProductionBuild();
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const pgServer = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, "postgres"), ephemeral: !KEEP });
  const stops: (() => Promise<void>)[] = [() => pgServer.stop()];
  try {
    await ensureDatabase(pgServer.url(), DATABASE);
    const url = pgServer.url(DATABASE);
    await migrate(url);
    const db = createPrismaClient(url);
    stops.unshift(() => db.$disconnect());
    const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-volu", { DATA_DIR, WORKERS_ENABLED: "false" });
    stops.unshift(() => app.stop());
    log(`seeding the demo agency (database ${url})`);
    const fixture = await seedRestFixture(db, app.baseUrl);
    const chatbotId = fixture.params.chatbot_id!;
    const session = await signIn(app.baseUrl);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    stops.unshift(() => client.end());

    const auth = { Authorization: `Bearer ${fixture.token}` };
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const analytics365: Target = { label: "GET /v1/{chatbot_id}/analytics, 365 days", url: `${app.baseUrl}/v1/${chatbotId}/analytics?from=${yearAgo}&to=${today}`, headers: auth, expect: 200 };
    // The same read recomputed every time (300 different 365-day periods in turn, more than the server keeps).
    const recomputed = recomputedAnalytics(app.baseUrl, chatbotId, auth, 365);
    const trpc = (procedure: string, input: unknown): Target => ({
      label: `dashboard ${procedure}`,
      url: `${app.baseUrl}/api/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`,
      headers: { Cookie: session, "Sec-Fetch-Site": "same-origin" },
      expect: 200,
    });
    const reads: Target[] = [
      ...(await answering(await documentedGets(app.baseUrl, fixture, { onlyWithFixture: true }))),
      analytics365,
      recomputed,
      trpc("conversations.inbox", { chatbot_id: chatbotId, filter: "all", page: 1, per_page: 20 }),
      trpc("analytics.dashboard", { chatbot_id: chatbotId }),
      trpc("conversations.contacts", { chatbot_id: chatbotId, page: 1, per_page: 25 }),
    ];
    const noop = noopTarget(app.baseUrl, fixture);
    const lists = listTargets(app.baseUrl, auth, chatbotId, fixture.params.webhook_id!);

    const figures: SizeFigures[] = [];
    let loaded = (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM conversations WHERE chatbot_id = $1", [chatbotId])).rows[0]!.n;
    for (const size of SIZES) {
      const t0 = performance.now();
      await bulkLoad(client, chatbotId, fixture.params.webhook_id!, loaded, size);
      const loadSeconds = (performance.now() - t0) / 1000;
      loaded = size;
      // What autovacuum does after a large import in production: statistics, and the visibility map the lists'
      // deep pages skip over index-only (docs/decisions/138-deep-pages-by-their-keys.md).
      await client.query("VACUUM ANALYZE");
      // Two passes over every read, the lower p50 kept: on a shared machine a few-ms read is easily
      // doubled by another job's burst during its pass.
      const sample = new Map<string, Sample>();
      for (let pass = 1; pass <= PASSES; pass++) {
        for (const target of reads) {
          const s = await sequential(target);
          const kept = sample.get(target.label);
          if (!kept || s.p50 < kept.p50) sample.set(target.label, s);
          log(`${size} pass ${pass}: ${target.label}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms${s.n !== undefined && s.n < REQUESTS ? ` (${s.n} requests)` : ""}`);
        }
      }
      const noopRun = await measureLoad(noop, LOAD_SECONDS);
      const analyticsRun = await measureLoad(analytics365, LOAD_SECONDS);
      const recomputedRun = await measureLoad(recomputed, LOAD_SECONDS);
      // Each list right after a no-op run of its own, LIST_ROUNDS times, the round of the median ratio kept: on a
      // shared machine the load moves within seconds, and a list compared with a no-op measured ten runs earlier
      // (or during another job's burst) reads that move as its own speed.
      const listRps = new Map<string, number>();
      const listNoops = new Map<string, number>();
      for (const target of lists) {
        const rounds: { rps: number; noop: number }[] = [];
        for (let round = 0; round < LIST_ROUNDS; round++) {
          const before = await measureLoad(noop, LOAD_SECONDS);
          const run = await measureLoad(target, LOAD_SECONDS);
          rounds.push({ rps: run.rps, noop: before.rps });
        }
        rounds.sort((a, b) => a.rps / a.noop - b.rps / b.noop);
        const median = rounds[Math.floor(rounds.length / 2)]!;
        listRps.set(target.label, median.rps);
        listNoops.set(target.label, median.noop);
        const ratios = rounds.map((r) => (r.rps / r.noop).toFixed(2)).join(", ");
        log(`${size}: ${target.label}: ${median.rps.toFixed(0)} rps (${(median.rps / median.noop).toFixed(2)}× the no-op's ${median.noop.toFixed(0)} just before; rounds ${ratios})`);
      }
      figures.push({
        size,
        loadSeconds,
        reads: sample,
        analyticsRps: analyticsRun.rps,
        recomputedRps: recomputedRun.rps,
        noopRps: noopRun.rps,
        lists: listRps,
        listNoops,
        load: loadavg().map((l) => l.toFixed(2)).join(" "),
      });
    }
    report(figures, reads.map((r) => r.label), analytics365.label, recomputed.label);
    reportLists(figures, lists.map((l) => l.label));
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    if (KEEP) log(`kept ${DATA_DIR}`);
    else rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

/** Adds conversations `from + 1` … `to` (and their rows) to the chatbot in one transaction, summaries recounted at the end. */
async function bulkLoad(client: pg.Client, chatbotId: string, webhookId: string, from: number, to: number) {
  if (to <= from) return;
  log(`loading conversations ${fmt(from + 1)}…${fmt(to)}`);
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const { rowCount } = await client.query(sql, params);
    log(`  ${label}: ${fmt(rowCount ?? 0)} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const range = `generate_series(${from + 1}, ${to}) g`;
  // Deterministic spreads (multiplicative hashing of the row number) over the 365 days ending now.
  const at = `(now() - ((g::bigint * 2654435761) % (365 * 86400)) * interval '1 second')`;
  // Rows are written in the order of their time, oldest first, as a year of conversations writes them: a list in
  // time order then reads its rows' heap pages in order. Written in row-number order instead, a deep page's
  // index-only skip over a million conversations (39,000 heap pages, two visibility-map pages) went back and forth
  // between the map's pages: 1,113 buffer visits for 2,500 entries, against 22 in time order
  // (docs/decisions/138-deep-pages-by-their-keys.md).
  const inTime = `ORDER BY ((g::bigint * 2654435761) % (365 * 86400)) DESC, g`;
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL app.bulk_import = on");
    await step(
      "links",
      `INSERT INTO chatbot_links (chatbot_id, url, title)
       SELECT $1::uuid, 'https://shop.volume.test/page-' || l, 'Help page ' || l FROM generate_series(1, 12) l ON CONFLICT DO NOTHING`,
      [chatbotId],
    );
    await step(
      "visitors",
      `INSERT INTO visitors (id, chatbot_id, visitor_key, country, country_code, created_at, last_seen_at)
       SELECT md5('vol-visitor-' || g)::uuid, $1::uuid, 'vol_' || g,
              (ARRAY['United States','United Kingdom','Canada','Germany','France','India','Australia','Spain','Brazil','Japan','Ireland','Netherlands'])[1 + (g * 7) % 12],
              (ARRAY['US','GB','CA','DE','FR','IN','AU','ES','BR','JP','IE','NL'])[1 + (g * 7) % 12], ${at}, ${at}
         FROM generate_series(${Math.max(from, 1)}, ${to}) g WHERE g % 5 <> 0 OR g = ${from}
       ON CONFLICT DO NOTHING`,
      [chatbotId],
    );
    // One conversation in five is the previous visitor's return.
    await step(
      "conversations",
      `INSERT INTO conversations (id, chatbot_id, visitor_id, archived, unread, category, sentiment, created_at, updated_at, last_message_at)
       SELECT md5('vol-conv-' || g)::uuid, $1::uuid, md5('vol-visitor-' || CASE WHEN g % 5 = 0 THEN g - 1 ELSE g END)::uuid,
              g % 3 = 0, g % 7 = 0,
              (ARRAY['Delivery','Orders','Billing','Returns','Product questions','Opening hours','Account','Pricing'])[1 + (g * 13) % 8],
              CASE WHEN g % 100 < 12 THEN 'negative' WHEN g % 100 < 47 THEN 'positive' ELSE 'neutral' END,
              ${at}, ${at}, ${at} + interval '1 minute'
         FROM ${range} ${inTime}`,
      [chatbotId],
    );
    await step(
      "messages",
      `INSERT INTO messages (id, conversation_id, chatbot_id, role, content, answered, created_at)
       SELECT md5('vol-msg-' || g || '-' || m)::uuid, md5('vol-conv-' || g)::uuid, $1::uuid,
              CASE WHEN m = 1 THEN 'user' ELSE 'assistant' END,
              CASE WHEN m = 1 THEN 'Do you deliver on Sundays?' ELSE 'Here is what I found in our help pages.' END,
              CASE WHEN m = 2 THEN g % 10 < 8 END, ${at} + m * interval '20 seconds'
         FROM ${range} CROSS JOIN generate_series(1, 2) m ${inTime}, m`,
      [chatbotId],
    );
    await step(
      "feedback",
      `INSERT INTO feedback (chatbot_id, conversation_id, message_id, rating, created_at)
       SELECT $1::uuid, md5('vol-conv-' || g)::uuid, md5('vol-msg-' || g || '-2')::uuid, CASE WHEN g % 8 < 6 THEN 'positive' ELSE 'negative' END, ${at} + interval '1 minute'
         FROM ${range} WHERE g % 4 = 0`,
      [chatbotId],
    );
    await step(
      "link clicks",
      `INSERT INTO link_clicks (chatbot_id, link_id, conversation_id, visitor_id, created_at)
       SELECT $1::uuid, (SELECT id FROM chatbot_links WHERE chatbot_id = $1::uuid AND url = 'https://shop.volume.test/page-' || (1 + (g * 5) % 12)),
              md5('vol-conv-' || g)::uuid, md5('vol-visitor-' || CASE WHEN g % 5 = 0 THEN g - 1 ELSE g END)::uuid, ${at} + interval '2 minutes'
         FROM ${range} WHERE g % 5 < 2`,
      [chatbotId],
    );
    await step(
      "widget events",
      `INSERT INTO widget_events (chatbot_id, conversation_id, value, created_at)
       SELECT $1::uuid, md5('vol-conv-' || g)::uuid, CASE WHEN g % 2 = 0 THEN 'launcher_opened' ELSE 'suggested_message:Delivery' END, ${at} - interval '10 seconds'
         FROM ${range}`,
      [chatbotId],
    );
    await step(
      "contacts",
      `INSERT INTO contacts (team_id, chatbot_id, visitor_id, conversation_id, email, created_at)
       SELECT (SELECT team_id FROM chatbots WHERE id = $1::uuid), $1::uuid, md5('vol-visitor-' || CASE WHEN g % 5 = 0 THEN g - 1 ELSE g END)::uuid,
              md5('vol-conv-' || g)::uuid, 'lead' || g || '@volume.test', ${at} + interval '3 minutes'
         FROM ${range} ${inTime}`,
      [chatbotId],
    );
    await step(
      "webhook deliveries",
      `INSERT INTO webhook_deliveries (id, webhook_id, event, payload, response_status, attempts, delivered_at, created_at, updated_at)
       SELECT md5('vol-delivery-' || g)::uuid, $1::uuid, 'conversation.created', jsonb_build_object('conversation_id', md5('vol-conv-' || g)::uuid),
              200, 1, ${at} + interval '5 seconds', ${at}, ${at} + interval '5 seconds'
         FROM ${range} ${inTime}`,
      [webhookId],
    );
    await step("analytics_rebuild", "SELECT analytics_rebuild($1::uuid)", [chatbotId]);
    await step("inbox_rebuild", "SELECT inbox_rebuild($1::uuid)", [chatbotId]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** The targets that answer as expected on the fixture (one naming a resource it does not have, e.g. a subscription, is left out). */
async function answering(targets: Target[]): Promise<Target[]> {
  const kept: Target[] = [];
  for (const target of targets) {
    const res = await fetch(target.url, { headers: target.headers });
    await res.arrayBuffer();
    if (res.status === target.expect) kept.push(target);
    else log(`left out (${res.status} on the fixture): ${target.label}`);
  }
  return kept;
}

/** p50 / p95 of sequential requests, after a warm-up. */
async function sequential(target: Target): Promise<Sample> {
  const once = async () => {
    const url = target.rotate ? new URL(nextPath(target.rotate), target.url).href : target.url;
    const res = await fetch(url, { headers: target.headers });
    const text = await res.text();
    if (res.status !== target.expect) throw new Error(`${target.label}: expected ${target.expect}, got ${res.status}: ${text.slice(0, 300)}`);
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  const until = performance.now() + SAMPLING_SECONDS * 1000;
  for (let i = 0; i < REQUESTS && (i < MIN_REQUESTS || performance.now() < until); i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: q(0.5), p95: q(0.95), n: times.length };
}

/** A dashboard session for the demo owner, the way next-auth's `signIn()` gets one. */
async function signIn(base: string): Promise<string> {
  const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ email: DEMO_OWNER.email, password: DEMO_OWNER.password, csrfToken, json: "true" }),
  });
  const session = cookiesOf(res).filter((c) => c.includes("session-token"));
  if (!session.length) throw new Error(`sign-in failed: ${res.status}`);
  return session.join("; ");
}

const fmt = (n: number) => n.toLocaleString("en-US");

function report(figures: SizeFigures[], labels: string[], analyticsLabel: string, recomputedLabel: string) {
  const base = figures[0]!;
  const cpu = cpus();
  const head = figures.map((f) => `${fmt(f.size).padStart(10)} p50 (×${fmt(base.size)})`.padStart(26)).join(" ");
  const lines = labels.map((label) => {
    const cells = figures.map((f) => {
      const s = f.reads.get(label)!;
      const ratio = s.p50 / base.reads.get(label)!.p50;
      return `${`${s.p50.toFixed(1)} ms`.padStart(11)} ${`(${ratio.toFixed(2)}×)`.padStart(9)}${ratio <= FLAT ? "  " : " !"}`.padStart(26);
    });
    const worst = Math.max(...figures.map((f) => f.reads.get(label)!.p50 / base.reads.get(label)!.p50));
    return `  ${label.padEnd(58)} ${cells.join(" ")}  ${worst <= FLAT ? "flat" : `NOT flat (${worst.toFixed(2)}×)`}`;
  });
  const largest = figures.at(-1)!;
  const analyticsP50 = largest.reads.get(analyticsLabel)!.p50;
  const ratio = largest.analyticsRps / largest.noopRps;
  const recomputedP50 = largest.reads.get(recomputedLabel)!.p50;
  const recomputedRatio = largest.recomputedRps / largest.noopRps;
  console.log(`
volume benchmark — ${cpu.length} × ${cpu[0]?.model.trim() ?? "cpu"}; one chatbot, sequential requests (${REQUESTS} after ${WARMUP} warm-up, the better of ${PASSES} passes), p50 and its ratio to ${fmt(base.size)}

  ${"load (one transaction, summaries rebuilt set-wise)".padEnd(58)} ${figures.map((f) => `${f.loadSeconds.toFixed(1)} s`.padStart(26)).join(" ")}
  ${"read".padEnd(58)} ${head}
${lines.join("\n")}
  ${"365-day analytics at 16 connections, rps / no-op rps".padEnd(58)} ${figures.map((f) => `${f.analyticsRps.toFixed(0)} / ${f.noopRps.toFixed(0)} (${(f.analyticsRps / f.noopRps).toFixed(2)}×)`.padStart(26)).join(" ")}
  ${"the same, recomputed every time".padEnd(58)} ${figures.map((f) => `${f.recomputedRps.toFixed(0)} / ${f.noopRps.toFixed(0)} (${(f.recomputedRps / f.noopRps).toFixed(2)}×)`.padStart(26)).join(" ")}
  ${"load average (1 5 15 min) after the size".padEnd(58)} ${figures.map((f) => f.load.padStart(26)).join(" ")}

  targets: every read ≤ ${FLAT}× its ${fmt(base.size)} p50; at ${fmt(largest.size)}: 365-day analytics p50 ${analyticsP50.toFixed(1)} ms (< ${ANALYTICS_P50_MS} ms: ${analyticsP50 < ANALYTICS_P50_MS ? "met" : "NOT met"}),
  ${ratio.toFixed(2)}× the no-op at 16 connections (≥ ${ANALYTICS_NOOP_RATIO}×: ${ratio >= ANALYTICS_NOOP_RATIO ? "met" : "NOT met"});
  recomputed every time: p50 ${recomputedP50.toFixed(1)} ms (${recomputedP50 < ANALYTICS_P50_MS ? "met" : "NOT met"}), ${recomputedRatio.toFixed(2)}× the no-op (${recomputedRatio >= ANALYTICS_NOOP_RATIO ? "met" : "NOT met"})
`);
}

/** The lists at 16 connections: first page and page DEEP_PAGE of each, by REST with the fixture's token. */
function listTargets(base: string, headers: Record<string, string>, chatbotId: string, webhookId: string): Target[] {
  const lists: [string, string][] = [
    ["conversations", `/v1/${chatbotId}/conversations?`],
    ["open conversations", `/v1/${chatbotId}/conversations?archived=false&`],
    ["archived conversations", `/v1/${chatbotId}/conversations?archived=true&`],
    ["contacts", `/v1/${chatbotId}/contacts?`],
    ["webhook deliveries", `/v1/agency/webhooks/${webhookId}/deliveries?`],
  ];
  return lists.flatMap(([name, path]) => [
    { label: `${name}, first page`, url: `${base}${path.replace(/[?&]$/, "")}`, headers, expect: 200 },
    { label: `${name}, page ${DEEP_PAGE}`, url: `${base}${path}page=${DEEP_PAGE}`, headers, expect: 200 },
  ]);
}

function reportLists(figures: SizeFigures[], labels: string[]) {
  const base = figures[0]!;
  let met = true;
  const lines = labels.map((label) => {
    const cells = figures.map((f) => {
      const rps = f.lists.get(label)!;
      const noop = rps / f.listNoops.get(label)!;
      const flat = base.lists.get(label)! / base.listNoops.get(label)! / noop;
      const ok = noop >= LIST_NOOP_RATIO && flat <= FLAT;
      met &&= ok;
      return `${rps.toFixed(0)} rps ${noop.toFixed(2)}× ${flat.toFixed(2)}×${ok ? " " : "!"}`.padStart(30);
    });
    return `  ${label.padEnd(40)} ${cells.join(" ")}`;
  });
  const noops = (f: SizeFigures) => `${Math.min(...f.listNoops.values()).toFixed(0)}–${Math.max(...f.listNoops.values()).toFixed(0)} rps`;
  console.log(`lists at 16 connections (the median of ${LIST_ROUNDS} rounds) — rps, × the rps of the no-op run just before it (target ≥ ${LIST_NOOP_RATIO}×), that ratio at ${fmt(base.size)} ÷ this one (target ≤ ${FLAT}×)

  ${"size".padEnd(40)} ${figures.map((f) => fmt(f.size).padStart(30)).join(" ")}
  ${"no-op /v1 route (the runs' range)".padEnd(40)} ${figures.map((f) => noops(f).padStart(30)).join(" ")}
${lines.join("\n")}

  targets ${met ? "met" : "NOT met (marked !)"}
`);
}
