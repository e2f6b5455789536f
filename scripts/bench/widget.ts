/**
 * The widget: loader size (gzipped) next to its 10 KB budget; time from the
 * `<script>` tag to the launcher in the DOM on a local page (real Chromium);
 * what the host page pays for the loader before any click (main-thread
 * blocking, next to the same page without it); the panel's first open — its
 * bytes (HTML, JS, CSS, fonts, gzipped) and click → panel usable on a cold
 * cache, next to their targets; time to the first streamed token through the
 * widget's chat endpoint next to the REST chat endpoint on the same question
 * (extractive answers, no LLM: this measures our own path, not a model).
 * Needs `npm run build`.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import pg from "pg";
import { createApiToken } from "@/server/access";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { readSseEvents } from "@/shared/sse";
import { buildWidgetLoader, gzippedSize, LOADER_GZIP_BUDGET_BYTES } from "@/widget/build";
import { startProductionServer } from "../lib/app-server";
import { trainOnBakeryPages } from "../../tests/helpers/answers-fixtures";

const LOADS = Number(process.env.BENCH_WIDGET_LOADS ?? 20);
const OPENS = Number(process.env.BENCH_WIDGET_OPENS ?? 10);
/** The targets for the panel's first open (docs/decisions/078-a-light-visitor-panel.md). */
const PANEL_BYTES_TARGET = 40 * 1024;
const PANEL_USABLE_TARGET_MS = 300;
/** What counts as the panel's weight: what a browser must fetch to draw it, not the API calls it then makes. */
const PANEL_RESOURCES = new Set(["document", "script", "stylesheet", "font"]);
const QUESTIONS = Number(process.env.BENCH_WIDGET_QUESTIONS ?? 20);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function firstToken(url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "text/event-stream", ...headers }, body: JSON.stringify(body) });
  if (!res.ok || !res.body) throw new Error(`no stream from ${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  let at = 0;
  for await (const event of readSseEvents(res.body)) if (!at && event.event === "delta") at = performance.now() - started;
  if (!at) throw new Error(`no delta frame from ${url}`);
  return at;
}

type Marks = { __click?: number; __ready?: number };

/**
 * One first open on a cold cache (a new browser context): the host page loads, the launcher shows, the
 * visitor clicks; "usable" is the panel's `ready` message to the host page (src/widget/protocol.ts), sent
 * once the panel listens and its message box takes input. Bytes are every document, script, stylesheet
 * and font the panel's frame fetched, each body gzipped as a server would send it.
 */
async function firstOpen(browser: Browser, hostUrl: string, appOrigin: string): Promise<{ usableMs: number; bytes: number; files: number; raw: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(hostUrl);
  const launcher = page.locator("[data-acp-widget] button.launcher");
  await launcher.waitFor();
  await page.evaluate(() => {
    const w = window as unknown as Marks;
    document.addEventListener("click", () => (w.__click ??= performance.now()), true);
    window.addEventListener("message", (e: MessageEvent<{ source?: string; type?: string }>) => {
      if (e.data?.source === "acp-widget" && e.data.type === "ready") w.__ready ??= performance.now();
    });
  });
  const bodies: Promise<{ gz: number; raw: number }>[] = [];
  page.on("response", (res) => {
    const req = res.request();
    if (!res.url().startsWith(appOrigin) || !PANEL_RESOURCES.has(req.resourceType()) || req.frame() === page.mainFrame()) return;
    bodies.push(res.body().then((b) => ({ gz: gzipSync(b).length, raw: b.length }), () => ({ gz: 0, raw: 0 })));
  });
  await launcher.click();
  await page.waitForFunction(() => (window as unknown as Marks).__ready !== undefined, undefined, { timeout: 30_000 });
  const usableMs = await page.evaluate(() => (window as unknown as Required<Marks>).__ready - (window as unknown as Required<Marks>).__click);
  // Whatever the panel still fetches after it is usable (lazy chunks, fonts) is part of its first open.
  await page.frameLocator("iframe").locator("body").waitFor();
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all(bodies);
  await context.close();
  return { usableMs, bytes: sizes.reduce((a, s) => a + s.gz, 0), raw: sizes.reduce((a, s) => a + s.raw, 0), files: sizes.length };
}

/**
 * The main thread the host page spends from navigation until its load settles (2 s after `load`), with
 * and without the loader: long-task blocking time (PerformanceObserver `longtask`, the part of each task
 * over 50 ms) and Chromium's own task and script time (CDP `Performance.getMetrics`).
 */
async function hostCost(browser: Browser, url: string): Promise<{ blocking: number; task: number; script: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __blocking: number };
    w.__blocking = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__blocking += Math.max(0, e.duration - 50)))).observe({ type: "longtask", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const metric = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { task: get("TaskDuration"), script: get("ScriptDuration") };
  };
  const before = await metric();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(2000);
  const after = await metric();
  const blocking = await page.evaluate(() => (window as unknown as { __blocking: number }).__blocking);
  await context.close();
  return { blocking, task: after.task - before.task, script: after.script - before.script };
}

export async function runWidgetBenchmark() {
  const source = await buildWidgetLoader();
  console.log("\nwidget");
  console.log(`  loader size          ${gzippedSize(source)} bytes gzipped (${source.length} minified)   budget ${LOADER_GZIP_BUDGET_BYTES} bytes`);

  process.on("uncaughtException", (error: Error & { code?: string }) => {
    if (error.code === "57P01") return; // pooled connections end when the database stops
    throw error;
  });
  const server = await startEmbeddedPostgres({ dataDir: path.resolve(".data/bench/widget-pg"), ephemeral: true });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS bench_widget WITH (FORCE)");
  await admin.end();
  await ensureDatabase(server.url(), "bench_widget");
  const url = server.url("bench_widget");
  await migrate(url);
  const db = createPrismaClient(url);
  const owner = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, name: "Bench" } });
  const team = await db.team.create({ data: { kind: "client", name: "Bench bakery", ownerId: owner.id, messageLimit: 1_000_000 } });
  await db.membership.create({ data: { teamId: team.id, userId: owner.id, role: "admin" } });
  const bot = await db.chatbot.create({ data: { teamId: team.id, userId: owner.id, name: "Bench Bot" } });
  await trainOnBakeryPages(db, bot.id);
  const { token } = await createApiToken(db, owner.id, "bench");

  const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-0");
  const host = createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-store" });
    // `/plain`: the same page without the embed line, the baseline of what the loader costs the host.
    const embed = req.url?.startsWith("/plain") ? "" : `<script src="${app.baseUrl}/widget.js" data-chatbot-id="${bot.id}" async></script>`;
    res.end(`<!doctype html><html><body><p>Host page</p>
<script>window.__t0=performance.now();new MutationObserver(function(){if(document.querySelector("[data-acp-widget]")&&!window.__t1)window.__t1=performance.now()}).observe(document.body,{childList:true})</script>
${embed}</body></html>`);
  });
  await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p): p is string => Boolean(p && existsSync(p)));
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      for (const bucket of [cold, warm]) {
        await page.goto(hostUrl);
        await page.waitForFunction(() => (window as unknown as { __t1?: number }).__t1 !== undefined);
        bucket.push(await page.evaluate(() => (window as unknown as { __t1: number; __t0: number }).__t1 - (window as unknown as { __t0: number }).__t0));
      }
      await context.close();
    }
    console.log(`  script → launcher    first visit p50 ${ms(pct(cold, 50))} p95 ${ms(pct(cold, 95))}; cached loader p50 ${ms(pct(warm, 50))} p95 ${ms(pct(warm, 95))}   (${LOADS} loads each, Chromium, loopback)`);

    const withLoader: Awaited<ReturnType<typeof hostCost>>[] = [];
    const without: Awaited<ReturnType<typeof hostCost>>[] = [];
    for (let i = 0; i < 5; i++) {
      withLoader.push(await hostCost(browser, hostUrl));
      without.push(await hostCost(browser, `${hostUrl}plain`));
    }
    const p50 = (xs: Awaited<ReturnType<typeof hostCost>>[], key: "blocking" | "task" | "script") => ms(pct(xs.map((x) => x[key]), 50));
    console.log(
      `  host page, no click  blocking time p50 ${p50(withLoader, "blocking")}, main-thread tasks ${p50(withLoader, "task")} (script ${p50(withLoader, "script")})   ` +
        `baseline without the loader: blocking ${p50(without, "blocking")}, tasks ${p50(without, "task")} (script ${p50(without, "script")})   (5 cold loads each)`,
    );

    const opens: Awaited<ReturnType<typeof firstOpen>>[] = [];
    for (let i = 0; i < OPENS; i++) opens.push(await firstOpen(browser, hostUrl, app.baseUrl));
    const bytes = pct(opens.map((o) => o.bytes), 50);
    const usable = pct(opens.map((o) => o.usableMs), 50);
    const first = opens[0]!;
    console.log(
      `  panel first open     ${bytes} bytes gzipped in ${first.files} files (${first.raw} raw)   target ≤ ${PANEL_BYTES_TARGET} bytes ${bytes <= PANEL_BYTES_TARGET ? "(met)" : "(MISSED)"}`,
    );
    console.log(
      `  click → usable       cold cache p50 ${ms(usable)} p95 ${ms(pct(opens.map((o) => o.usableMs), 95))}   target ≤ ${PANEL_USABLE_TARGET_MS} ms ${usable <= PANEL_USABLE_TARGET_MS ? "(met)" : "(MISSED)"}   (${OPENS} opens, Chromium, loopback)`,
    );

    const question = { message: "Is delivery free?" };
    await firstToken(`${app.baseUrl}/api/widget/${bot.id}/chat`, {}, question); // warm both paths
    await firstToken(`${app.baseUrl}/v1/${bot.id}/chat`, { Authorization: `Bearer ${token}` }, { ...question, stream: true });
    const widget: number[] = [];
    const rest: number[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      widget.push(await firstToken(`${app.baseUrl}/api/widget/${bot.id}/chat`, {}, question));
      rest.push(await firstToken(`${app.baseUrl}/v1/${bot.id}/chat`, { Authorization: `Bearer ${token}` }, { ...question, stream: true }));
    }
    console.log(`  first token (widget) p50 ${ms(pct(widget, 50))} p95 ${ms(pct(widget, 95))}   baseline REST /v1/{id}/chat p50 ${ms(pct(rest, 50))} p95 ${ms(pct(rest, 95))}   (${QUESTIONS} questions each)`);
  } finally {
    await browser.close();
    host.close();
    await app.stop();
    await db.$disconnect();
    await server.stop();
  }
}
