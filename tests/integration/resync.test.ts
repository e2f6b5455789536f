import { quickAddJob, type Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { beginCrawl, discoverWebsite } from "@/server/training/crawler/discovery";
import { searchPassages } from "@/server/training/retrieval/search";
import { startSync } from "@/server/training/sources";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { conditional, page } from "../helpers/test-site";
import { chatbotTrainedFrom, shopParagraphs as text, startShopSite, VELO_SHOP as SHOP } from "../helpers/website-fixtures";

/**
 * Re-syncing a website never loses what the site still has (docs/decisions/050-resync-never-loses-content.md): a real site on 127.0.0.1 that
 * answers conditional GETs as real servers do (ETag / If-None-Match, Last-Modified / If-Modified-Since),
 * the real queue and workers, the real index.
 */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
process.env.CRAWL_PAGE_TIMEOUT_MS = "15000";

let db: Db;
let url: string;
let runner: Runner;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

const livePaths = async (websiteId: string) =>
  (await db.source.findMany({ where: { indexerId: websiteId, deletedAt: null }, orderBy: { path: "asc" } })).map((p) => p.path);

/** The small shop (six pages, linked only from the home page), crawled into a chatbot. */
async function trainedShop() {
  const site = await startShopSite();
  const { bot, website } = await chatbotTrainedFrom(db, owner, site);
  expect(website).toMatchObject({ status: "trained", pagesIndexed: 6 });
  return { site, bot, websiteId: website.id };
}

async function resync(websiteId: string) {
  const before = (await db.source.findUniqueOrThrow({ where: { id: websiteId } })).lastSyncedAt!;
  expect((await startSync(db, websiteId))?.status).toBe("pending");
  return waitFor(async () => {
    const s = await db.source.findUniqueOrThrow({ where: { id: websiteId } });
    return (s.status === "trained" || s.status === "failed") && s.lastSyncedAt! > before ? s : null;
  }, 60_000, "the re-sync to finish");
}

const addressFound = async (chatbotId: string) => (await searchPassages(db, { chatbotId, query: "Harbour Street", topK: 3 })).some((p) => p.url?.endsWith("/contact"));

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  owner = await agencyOwner(db);
  runner = await startWorkers(url, { concurrency: 4 });
}, 60_000);

afterAll(async () => {
  await runner?.stop();
});

describe("re-sync of a website", () => {
  it("an unchanged site stays 6 of 6 pages: a 304 keeps the page's passages and its links are still followed", async () => {
    const { site, bot, websiteId } = await trainedShop();
    const ids = await db.source.findMany({ where: { indexerId: websiteId, deletedAt: null }, select: { id: true, trainedAt: true }, orderBy: { id: "asc" } });
    const done = await resync(websiteId);
    expect(done).toMatchObject({ status: "trained", pagesIndexed: 6 });
    expect(await livePaths(websiteId)).toEqual(Object.keys(SHOP).sort());
    // The same pages, not re-indexed: every one answered 304 to the validators of the first crawl.
    expect(await db.source.findMany({ where: { indexerId: websiteId, deletedAt: null }, select: { id: true, trainedAt: true }, orderBy: { id: "asc" } })).toEqual(ids);
    for (const path of Object.keys(SHOP)) expect(site.hits(path).at(-1)!.headers["if-none-match"], path).toMatch(/^"/);
    expect(await addressFound(bot.id)).toBe(true);
    await site.close();
  });

  it("a page no longer linked is checked again and kept; only pages the site says are gone are removed", async () => {
    const { site, bot, websiteId } = await trainedShop();
    // The home page changes and stops linking to /contact (still on the site); /repairs is gone; /gift-cards asks not to be indexed.
    site.route("/", conditional({ body: page("Velo Shop", text("bicycles for the city, now with e-bikes"), ["/delivery", "/loaners", "/gift-cards", "/repairs"]) }, new Date("2026-03-01T10:00:00Z")));
    site.route("/repairs", null);
    site.route("/gift-cards", conditional({ body: page("Gift cards", text("gift cards"), [], '<meta name="robots" content="noindex">') }, new Date("2026-03-01T10:00:00Z")));
    const done = await resync(websiteId);
    expect(done).toMatchObject({ status: "trained", pagesIndexed: 4 });
    expect(await livePaths(websiteId)).toEqual(["/", "/contact", "/delivery", "/loaners"]);
    expect(await addressFound(bot.id)).toBe(true);
    await site.close();
  });

  it("a re-sync that fails (the site answers 503) or is interrupted leaves the previous index answering", async () => {
    const { site, bot, websiteId } = await trainedShop();
    for (const path of Object.keys(SHOP)) site.route(path, { status: 503, body: "Service Unavailable" });
    const failed = await resync(websiteId);
    expect(await livePaths(websiteId)).toEqual(Object.keys(SHOP).sort());
    expect(failed.pagesIndexed).toBe(6);
    expect(await addressFound(bot.id)).toBe(true);

    // Interrupted right after discovery (the worker died): the previous pages still answer meanwhile.
    await beginCrawl(db, websiteId);
    await discoverWebsite(db, websiteId, site.url("/"));
    expect(await addressFound(bot.id)).toBe(true);
    expect(await livePaths(websiteId)).toEqual(Object.keys(SHOP).sort());
    await site.close();
  });

  it("runs by itself when its sync_frequency is due (the hourly resync_sources job)", async () => {
    const { site, websiteId } = await trainedShop();
    await db.source.update({ where: { id: websiteId }, data: { syncFrequency: "daily", lastSyncedAt: new Date(Date.now() - 25 * 3600 * 1000) } });
    const homeFetches = site.hits("/").length;
    await quickAddJob({ connectionString: url }, "resync_sources", {});
    const done = await waitFor(async () => {
      const s = await db.source.findUniqueOrThrow({ where: { id: websiteId } });
      return s.status === "trained" && s.lastSyncedAt!.getTime() > Date.now() - 3600 * 1000 ? s : null;
    }, 60_000, "the scheduled re-sync");
    expect(done.pagesIndexed).toBe(6);
    expect(site.hits("/").length).toBeGreaterThan(homeFetches);
    await site.close();
  });
});
