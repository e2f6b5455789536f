import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { leaseMs } from "@/server/training/crawler/crawl-pages";
import { createSource } from "@/server/training/sources";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { page, startTestSite } from "../helpers/test-site";
import { killWorkerProcess, killWorkerProcesses, startWorkerProcess } from "../helpers/worker-process";

/**
 * A real worker process killed mid-crawl: a restarted worker finishes the crawl, every page exactly once.
 * The pages answer in 150 ms; the page timeout leaves room for a loaded machine (a fetch that times out is a
 * failed page, not what this test is about), and sets how long the dead worker's leases last.
 */
const PAGE_TIMEOUT_MS = 4000;
process.env.CRAWL_PAGE_TIMEOUT_MS = String(PAGE_TIMEOUT_MS);
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";

let db: Db;
let url: string;
let site: Awaited<ReturnType<typeof startTestSite>>;
const PAGES = 40;

function startWorker() {
  return startWorkerProcess(url, { CRAWLER_ALLOW_PRIVATE_NETWORKS: "true", CRAWL_PAGE_TIMEOUT_MS: String(PAGE_TIMEOUT_MS) });
}

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  site = await startTestSite();
  const links = Array.from({ length: PAGES }, (_, i) => `/p/${i}`);
  site.route("/", { body: page("Home", ["Welcome to the shop of many pages, where every page tells a different story about our products."], links) });
  // Slow pages: the worker is surely in the middle of the crawl when it is killed.
  links.forEach((l, i) => site.route(l, { delayMs: 150, body: page(`Page ${i}`, [`Page ${i} describes product number ${i} in detail, with its size, its colour and its price.`]) }));
}, 60_000);
afterEach(killWorkerProcesses);
afterAll(() => site?.close());

describe("crawl worker processes", () => {
  it("a crawl whose worker is killed finishes after a restart with every page exactly once", async () => {
    const { agency, user } = await agencyOwner(db);
    const team = await clientWorkspace(db, agency);
    const bot = await chatbot(db, team.id, user.id);
    const worker = await startWorker();
    const website = await createSource(db, bot, { type: "website", url: site.url("/") });
    await waitFor(async () => (await db.source.count({ where: { indexerId: website.id, status: "trained" } })) >= 5, 60_000, "a few pages");
    await killWorkerProcess(worker);
    const atKill = await db.source.count({ where: { indexerId: website.id, status: "trained" } });
    expect(atKill).toBeLessThan(PAGES + 1);
    expect((await db.source.findUniqueOrThrow({ where: { id: website.id } })).status).toBe("crawling");

    // The dead worker's page leases run out; a new worker's sweep then gives the crawl fresh loops.
    await new Promise((r) => setTimeout(r, leaseMs() + 500));
    await startWorker();
    const done = await waitFor(async () => {
      const s = await db.source.findUniqueOrThrow({ where: { id: website.id } });
      return s.status === "trained" ? s : null;
    }, 90_000, "the crawl to finish");
    const pages = await db.source.findMany({ where: { indexerId: website.id, deletedAt: null } });
    const notDone = await db.crawlFrontier.findMany({ where: { websiteSourceId: website.id, status: { not: "done" } }, select: { url: true, status: true, reason: true } });
    expect(pages, `pages not crawled: ${JSON.stringify(notDone)}`).toHaveLength(PAGES + 1);
    expect(new Set(pages.map((p) => p.url)).size).toBe(PAGES + 1);
    const untrained = pages.filter((p) => p.status !== "trained" || p.chunkCount === 0).map((p) => ({ url: p.url, status: p.status, chunks: p.chunkCount, reason: p.statusReason }));
    expect(untrained, "pages not trained").toEqual([]);
    expect(done.pagesIndexed).toBe(PAGES + 1);
    // Each page's passages are there once (a page retried after the kill replaced its chunks, it did not add to them).
    const [chunks] = await db.$queryRaw<{ n: number; sources: number }[]>`
      SELECT count(*)::int AS n, count(DISTINCT source_id)::int AS sources FROM source_chunks WHERE chatbot_id = ${bot.id}::uuid`;
    expect(chunks).toEqual({ n: pages.reduce((n, p) => n + p.chunkCount, 0), sources: PAGES + 1 });
  }, 180_000);
});
