/**
 * `npm run bench -- training`: crawl + extract + index of a generated
 * 500-page website served on 127.0.0.1, through the real jobs (graphile-worker
 * in this process, CRAWL_CONCURRENCY_PER_HOST loops), next to the baseline:
 * a plain fetch of the same pages with the same concurrency.
 *
 * - Starts its own ephemeral embedded PostgreSQL in `.data/bench/training/`.
 * - Target: ≥ 20 pages/s on 2 cores.
 */
import http from "node:http";
import { cpus, loadavg } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";

const PAGES = Number(process.env.BENCH_PAGES ?? 500);
const WORDS = "bread oven flour butter harbour morning sourdough rye spelt cinnamon cardamom lemon cake bun loaf crust crumb dough yeast salt water honey seed oat barley coffee tea pier boat sail gull wind tide".split(" ");

function pageHtml(i: number): string {
  let seed = i * 7919 + 13;
  const word = () => WORDS[(seed = (seed * 1103515245 + 12345) % 2147483648) % WORDS.length]!;
  const paragraph = () => `${Array.from({ length: 60 }, word).join(" ")}.`;
  const sections = Array.from({ length: 4 }, (_, s) => `<h2>Section ${s + 1} of page ${i}</h2><p>${paragraph()}</p><p>${paragraph()}</p>`).join("");
  const links = Array.from({ length: 5 }, (_, k) => `<a href="/page/${(i * 31 + k * 97) % PAGES}">related ${k}</a>`).join(" ");
  return `<!doctype html><html><head><title>Page ${i} — Bench Bakery</title></head><body><nav>${links}</nav><main><article><h1>Page ${i}</h1>${sections}</article></main></body></html>`;
}

export async function runTrainingBenchmark() {
  process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.CRAWL_MAX_PAGES = String(PAGES + 10);
  const { env } = await import("@/server/kernel/env");
  const { startWorkers } = await import("@/server/transport/workers");
  const { crawlFetch } = await import("@/server/training/crawler/fetch");
  const { createSource } = await import("@/server/training/sources");
  const { parseHtml, extractHtmlDocument } = await import("@/server/training/extraction/extract");
  const { readPageMeta } = await import("@/server/training/crawler/html-meta");
  const { chunkDocument } = await import("@/server/training/retrieval/chunk");
  const { indexSource } = await import("@/server/training/retrieval/index-source");

  const bodies = Array.from({ length: PAGES }, (_, i) => pageHtml(i));
  const sitemap = `<?xml version="1.0"?><urlset>${bodies.map((_, i) => `<url><loc>BASE/page/${i}</loc></url>`).join("")}</urlset>`;
  const site = http.createServer((req, res) => {
    const m = /^\/page\/(\d+)$/.exec(req.url ?? "");
    if (req.url === "/" || m) return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(bodies[m ? Number(m[1]) : 0]);
    if (req.url === "/sitemap.xml") return res.writeHead(200, { "content-type": "application/xml" }).end(sitemap.replaceAll("BASE", base));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/training/pg"), ephemeral: true });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_training WITH (FORCE)");
  await admin.query("CREATE DATABASE bench_training");
  await admin.end();
  const url = server.url("bench_training");
  await migrate(url);
  const db = createPrismaClient(url);
  const owner = await db.user.create({ data: { email: "bench@example.test", name: "Bench" } });
  const team = await db.team.create({ data: { kind: "client", name: "Bench", ownerId: owner.id } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Bench" } });
  const loops = env().CRAWL_CONCURRENCY_PER_HOST;

  // Baseline: the same pages fetched plainly, `loops` at a time.
  const urls = [base + "/", ...bodies.map((_, i) => `${base}/page/${i}`)];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: loops }, async () => {
    while (next < urls.length) await crawlFetch(urls[next++]!);
  }));
  const baselineSeconds = (performance.now() - t0) / 1000;

  const runner = await startWorkers(url, { concurrency: Math.max(4, loops + 2) });
  const t1 = performance.now();
  const cpuAtStart = process.cpuUsage();
  const website = await createSource(db, bot, { type: "website", url: base + "/" });
  let done;
  for (;;) {
    done = await db.source.findUniqueOrThrow({ where: { id: website.id } });
    if (done.status === "trained" || done.status === "failed") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const crawlSeconds = (performance.now() - t1) / 1000;
  const crawlCpu = process.cpuUsage(cpuAtStart);
  const [chunks] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM source_chunks WHERE chatbot_id = ${bot.id}::uuid`;
  await runner.stop();

  // Where a page's time goes: the same pipeline, phase by phase, one page after the other (a second chatbot).
  const phases = { fetch: 0, "parse + links": 0, extract: 0, "chunk + token counts": 0, "index (tsvector, chunks, terms)": 0 };
  const other = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Bench phases" } });
  for (const pageUrl of urls.slice(1)) {
    let t = performance.now();
    const lap = (phase: keyof typeof phases) => {
      const now = performance.now();
      phases[phase] += now - t;
      t = now;
    };
    const res = await crawlFetch(pageUrl);
    lap("fetch");
    const parsed = parseHtml(Buffer.from(res.body).toString("utf8"));
    readPageMeta(parsed, pageUrl);
    lap("parse + links");
    const document = extractHtmlDocument(parsed, pageUrl);
    lap("extract");
    await chunkDocument(document);
    lap("chunk + token counts");
    const page = await db.source.create({ data: { chatbotId: other.id, type: "page", indexer: "crawler", url: pageUrl, title: document.title, status: "training" } });
    t = performance.now();
    await indexSource(db, { sourceId: page.id, chatbotId: other.id, document, url: pageUrl });
    lap("index (tsvector, chunks, terms)"); // chunks the document again (memoised token counts)
  }
  await db.$disconnect();
  await server.stop();
  site.close();

  const pages = done.pagesIndexed;
  console.log(`\ntraining: ${PAGES + 1}-page local site, ${loops} loops per host, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(`  status ${done.status}, ${pages} pages indexed, ${chunks?.n ?? 0} chunks`);
  console.log(`  crawl + extract + index : ${(pages / crawlSeconds).toFixed(1).padStart(7)} pages/s  (${crawlSeconds.toFixed(1)} s)   target ≥ 20 pages/s`);
  console.log(`  baseline: plain fetch   : ${(urls.length / baselineSeconds).toFixed(1).padStart(7)} pages/s  (${baselineSeconds.toFixed(1)} s)`);
  const nodeCpu = (crawlCpu.user + crawlCpu.system) / 1e6;
  console.log(`  this Node process (jobs + Prisma) was busy ${nodeCpu.toFixed(1)} s of the crawl's ${crawlSeconds.toFixed(1)} s (${((100 * nodeCpu) / crawlSeconds).toFixed(0)} % of one core)`);
  const perPage = crawlSeconds * 1000 / Math.max(1, pages);
  console.log(`  per page, phase by phase (one page at a time; the crawl above takes ${perPage.toFixed(1)} ms of wall time per page with ${loops} loops):`);
  for (const [phase, ms] of Object.entries(phases)) console.log(`    ${phase.padEnd(32)} ${(ms / PAGES).toFixed(2).padStart(7)} ms`);
}
