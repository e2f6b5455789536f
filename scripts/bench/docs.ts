/**
 * `npm run bench -- docs`: retrieval on real documentation (docs/decisions/054-retrieval-on-real-documentation.md). The
 * Python 3.11 documentation (Debian's python3.11-doc) served from 127.0.0.1
 * with ETag/Last-Modified is crawled through the real jobs, then 200 terms
 * sampled from its general index are asked as "What is <term>?": is a page
 * that defines the term among the answer's cited sources, first among the
 * retrieved pages, among the first k? Printed next to MiniSearch (BM25+,
 * defaults) over the same pages' text at the same k, and the targets.
 *
 * - Needs `apt-get install -y python3.11-doc` (or BENCH_DOCS_DIR).
 * - Starts its own ephemeral embedded PostgreSQL in `.data/bench/docs/`.
 * - Serves the site from a child process (BENCH_DOCS_SITE=inline: from this one, as a shared test server would).
 * - BENCH_VERBOSE=1 prints every question whose right page was not cited (else the first 12).
 * - BENCH_CPU_PROFILE=<file.cpuprofile> writes a CPU profile of this process over the crawl only.
 * - Targets: cited ≥ 85 %, first ≥ 70 %, ≥ MiniSearch at the same k; crawl ≥ 20 pages/s.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pg from "pg";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { compareWithMiniSearch, DOCS_K, indexTerms, PYTHON_DOCS, sampleQuestions, serveDocs } from "./docs-site";
import { serveDocsInChild } from "./docs-site-process";
import { startCpuCount, withDescendants } from "./process-cpu";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 200);

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1).padStart(5)} %`;

/** Starts V8's sampling profiler in this process; the returned function stops it and gives the profile. */
async function startProfile(): Promise<() => Promise<unknown>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    return profile;
  };
}

export async function runDocsBenchmark() {
  if (!existsSync(path.join(PYTHON_DOCS, "genindex-all.html"))) {
    console.error(`docs: ${PYTHON_DOCS} not found — apt-get install -y python3.11-doc (or set BENCH_DOCS_DIR)`);
    process.exitCode = 1;
    return;
  }
  process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.CRAWL_MAX_PAGES = process.env.CRAWL_MAX_PAGES ?? "2000";
  const { startWorkers } = await import("@/server/transport/workers");
  const { createSource } = await import("@/server/training/sources");
  const { loadTokenCounter } = await import("@/server/training/retrieval/tokenizer");

  // The site is another machine's work: served from a child process unless BENCH_DOCS_SITE=inline.
  const inline = process.env.BENCH_DOCS_SITE === "inline";
  const site = inline ? await serveDocs(PYTHON_DOCS) : await serveDocsInChild(PYTHON_DOCS);
  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/docs/pg"), ephemeral: true });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_docs WITH (FORCE)");
  await admin.query("CREATE DATABASE bench_docs");
  await admin.end();
  const url = server.url("bench_docs");
  await migrate(url);
  const db = createPrismaClient(url);
  const owner = await db.user.create({ data: { email: "bench@example.test", name: "Bench" } });
  const team = await db.team.create({ data: { kind: "client", name: "Bench", ownerId: owner.id } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Python docs" } });

  const runner = await startWorkers(url, { concurrency: 6 });
  // As the worker processes of `npm start` and `npm run worker` do when they start (a process's cost, not a crawl's).
  await loadTokenCounter();
  const profile = process.env.BENCH_CPU_PROFILE ? await startProfile() : null;
  const t0 = performance.now();
  // The crawl's CPU in this process (the jobs and the docs site it serves): on a shared machine, a per-page
  // cost that does not move with the load (docs/decisions/088-crawl-speed-is-extraction-bound.md).
  const cpu0 = process.cpuUsage();
  // The machine's share: with its cores busy, pages/s measures the machine, CPU per page the crawl.
  const machineCpu = startCpuCount({ bench: () => [process.pid], children: () => withDescendants(process.pid).filter((pid) => pid !== process.pid) });
  // How long the crawling process's event loop (which in `npm start` also answers HTTP) is held up by the crawl.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const website = await createSource(db, bot, { type: "website", url: `${site.base}/index.html` });
  let done;
  for (;;) {
    done = await db.source.findUniqueOrThrow({ where: { id: website.id } });
    if (done.status === "trained" || done.status === "failed") break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const crawlSeconds = (performance.now() - t0) / 1000;
  const crawlCpu = process.cpuUsage(cpu0);
  loopDelay.disable();
  const machine = machineCpu();
  if (profile) writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(await profile()));
  await runner.stop();

  const pages = await db.source.findMany({ where: { indexerId: website.id, deletedAt: null }, select: { id: true, url: true } });
  // Start-up (the site's discovery, the loops' jobs) and wind-down are part of the crawl's seconds; the pages
  // between the first and the last one trained show its steady rate.
  const [span] = await db.$queryRaw<{ first_s: number; last_s: number }[]>`
    SELECT extract(epoch FROM min(p.trained_at) - w.created_at)::float8 AS first_s, extract(epoch FROM max(p.trained_at) - w.created_at)::float8 AS last_s
      FROM sources p JOIN sources w ON w.id::text = p.indexer_id::text WHERE w.id = ${website.id}::uuid GROUP BY w.created_at`;
  const pathOf = new Map(pages.map((p) => [p.id, p.url!.slice(site.base.length + 1)]));
  const [chunks] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM source_chunks WHERE chatbot_id = ${bot.id}::uuid`;
  const kept = new Set(pathOf.values());
  const questions = sampleQuestions(indexTerms(readFileSync(path.join(PYTHON_DOCS, "genindex-all.html"), "utf8")), QUESTIONS, (p) => kept.has(p));
  const score = await compareWithMiniSearch(db, { chatbotId: bot.id, topK: bot.topK, root: PYTHON_DOCS, pathOf, questions });
  await db.$disconnect();
  await server.stop();
  await site.close();

  const { n } = score;
  console.log(`\ndocs: Python 3.11 documentation on 127.0.0.1, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(`  crawl: status ${done.status}, ${done.pagesIndexed} pages indexed of ${done.pagesFound} found, ${chunks?.n ?? 0} chunks, ${(done.pagesIndexed / crawlSeconds).toFixed(1)} pages/s (${crawlSeconds.toFixed(1)} s)   target ≥ 20 pages/s`);
  if (span) console.log(`  first page trained after ${span.first_s.toFixed(1)} s, last after ${span.last_s.toFixed(1)} s: ${((done.pagesIndexed - 1) / Math.max(0.001, span.last_s - span.first_s)).toFixed(1)} pages/s in between`);
  console.log(`  crawl CPU in this process: ${((crawlCpu.user + crawlCpu.system) / 1000 / Math.max(1, done.pagesIndexed)).toFixed(1)} ms per page indexed (docs site served ${inline ? "in this process" : "by a child process"})`);
  const ms = (ns: number) => (ns / 1e6).toFixed(0);
  console.log(`  event loop held up during the crawl: p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms (CRAWL_READ_THREADS ${process.env.CRAWL_READ_THREADS ?? "unset: one per core"})`);
  const others = Math.max(0, machine.machineBusy * cpus().length * machine.seconds - machine.cpu.bench! - machine.cpu.children!);
  console.log(
    `  machine during the crawl: ${(100 * machine.machineBusy).toFixed(0)} % of ${cpus().length} cores busy — this process ${(machine.cpu.bench! / machine.seconds).toFixed(2)} cores, its children (PostgreSQL, docs site) ${(machine.cpu.children! / machine.seconds).toFixed(2)}, other work ${(others / machine.seconds).toFixed(2)}`,
  );
  console.log(`  ${n} index terms asked as "What is <term>?" (a right page defines the term per genindex-all.html)`);
  console.log(`  right page among the answer's cited sources (top_k ${bot.topK}): ${pct(score.cited, n)}   target ≥ 85 %`);
  console.log(`                         ours        MiniSearch (BM25+, defaults)`);
  DOCS_K.forEach((k, i) => console.log(`  right page in first ${k}: ${pct(score.ours[i]!, n)}     ${pct(score.miniSearch[i]!, n)}${k === 1 ? "   target ≥ 70 % and ≥ MiniSearch" : "   target ≥ MiniSearch"}`));
  // BENCH_VERBOSE=1 prints every miss (to study them), otherwise the first 12.
  const shown = process.env.BENCH_VERBOSE ? score.misses : score.misses.slice(0, 12);
  console.log(`  ${shown.length === score.misses.length ? "misses" : "first misses"}:\n${shown.join("\n")}`);
}
