/**
 * The widget: loader size (gzipped) next to its 10 KB budget; time from the
 * `<script>` tag to the launcher in the DOM on a local page (real Chromium);
 * time to the first streamed token through the widget's chat endpoint next
 * to the REST chat endpoint on the same question (extractive answers, no LLM:
 * this measures our own path, not a model). Needs `npx next build`.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";
import pg from "pg";
import { createApiToken } from "@/server/access";
import { ensureDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import { migrate } from "@/server/kernel/db/migrate";
import { buildWidgetLoader, gzippedSize, LOADER_GZIP_BUDGET_BYTES } from "@/widget/build";
import { startProductionServer } from "../lib/app-server";
import { BAKERY_PAGES, trainedTextSource } from "../../tests/helpers/answers-fixtures";

const LOADS = Number(process.env.BENCH_WIDGET_LOADS ?? 20);
const QUESTIONS = Number(process.env.BENCH_WIDGET_QUESTIONS ?? 20);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function firstToken(url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "text/event-stream", ...headers }, body: JSON.stringify(body) });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let at = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!at && text.includes("event: delta")) at = performance.now() - started;
  }
  if (!at) throw new Error(`no delta frame from ${url}: ${res.status} ${text.slice(0, 200)}`);
  return at;
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
  for (const page of BAKERY_PAGES) await trainedTextSource(db, bot.id, page);
  const { token } = await createApiToken(db, owner.id, "bench");

  const app = await startProductionServer(url, "bench-secret-bench-secret-bench-secret-0");
  const host = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-store" });
    res.end(`<!doctype html><html><body><p>Host page</p>
<script>window.__t0=performance.now();new MutationObserver(function(){if(document.querySelector("[data-acp-widget]")&&!window.__t1)window.__t1=performance.now()}).observe(document.body,{childList:true})</script>
<script src="${app.baseUrl}/widget.js" data-chatbot-id="${bot.id}" async></script></body></html>`);
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
