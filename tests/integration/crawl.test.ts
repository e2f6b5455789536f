import { gzipSync } from "node:zlib";
import { Document, Packer, Paragraph, TextRun } from "docx";
import type { Runner } from "graphile-worker";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { runCrawlLoop } from "@/server/training/crawler/crawl-pages";
import { beginCrawl, discoverWebsite } from "@/server/training/crawler/discovery";
import { finishWebsite } from "@/server/training/crawler/finish";
import { refreshCounts } from "@/server/training/crawler/frontier";
import { startWorkers } from "@/server/transport/workers";
import { searchPassages } from "@/server/training/retrieval/search";
import { createSource, deleteSource, startSync } from "@/server/training/sources";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as makeChatbot, clientWorkspace } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { page, startTestSite } from "../helpers/test-site";

/** The crawler end to end: a real site on 127.0.0.1, the real queue and worker, the real index. */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
// Generous: a loaded 2-core CI machine must not time a local page out.
process.env.CRAWL_PAGE_TIMEOUT_MS = "15000";

let db: Db;
let url: string;
let runner: Runner;
let site: Awaited<ReturnType<typeof startTestSite>>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;

const prose = (topic: string, n = 6) =>
  Array.from({ length: n }, (_, i) => `${topic} paragraph ${i + 1}: our team explains ${topic} in plain words, with the details customers ask about most often, so that nobody has to call us to understand how ${topic} works.`);

async function pdfBytes(text: string) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const p = pdf.addPage();
  text.match(/.{1,80}(\s|$)/g)!.forEach((line, i) => p.drawText(line.trim(), { x: 40, y: 780 - i * 16, size: 11, font }));
  return pdf.save();
}

async function docxBytes(text: string) {
  const doc = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(text)] })] }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

async function newChatbot(sourceLimit: number | null = null) {
  const team = await clientWorkspace(db, owner.agency);
  if (sourceLimit !== null) await db.team.update({ where: { id: team.id }, data: { sourceLimit } });
  return makeChatbot(db, team.id, owner.user.id);
}

async function trainedWebsite(id: string) {
  return waitFor(async () => {
    const s = await db.source.findUniqueOrThrow({ where: { id } });
    return s.status === "trained" || s.status === "failed" ? s : null;
  }, 60_000, "the crawl to finish");
}

const livePages = (websiteId: string) => db.source.findMany({ where: { indexerId: websiteId, deletedAt: null }, orderBy: { url: "asc" } });
const frontier = async (websiteId: string) =>
  Object.fromEntries((await db.crawlFrontier.findMany({ where: { websiteSourceId: websiteId } })).map((r) => [new URL(r.url).pathname, `${r.status}: ${r.reason ?? ""}`]));

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  owner = await agencyOwner(db);
  site = await startTestSite();
  const pdf = await pdfBytes("The warranty handbook says every kettle carries a seven year zanzibar warranty covering the heating element and the lid hinge.");
  const docx = await docxBytes("The returns policy document explains that quokka customers may return any appliance within forty days with the original receipt.");
  site.route("/robots.txt", { headers: { "content-type": "text/plain" }, body: `User-agent: *\nDisallow: /private/\n\nSitemap: ${site.url("/sitemap-index.xml")}\n` });
  site.route("/sitemap-index.xml", {
    headers: { "content-type": "application/xml" },
    body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.url("/sitemap-pages.xml.gz")}</loc></sitemap></sitemapindex>`,
  });
  const inSitemap = ["/", "/about", "/docs/warranty.pdf", "/docs/returns.docx", "/missing", "/private/secret", "/huge", "/old-page"];
  site.route("/sitemap-pages.xml.gz", {
    headers: { "content-type": "application/gzip" },
    body: gzipSync(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${inSitemap.map((p) => `<url><loc>${site.url(p)}</loc></url>`).join("")}</urlset>`),
  });
  site.route("/", { body: page("Acme Kettles", prose("kettle shopping"), ["/about?utm_source=nav#team", "/contact", "/noindex", "/private/secret", "/metadata", "/logo.png"]) });
  site.route("/about", { headers: { etag: '"about-v1"' }, body: page("About Acme", prose("company history")) });
  site.route("/contact", { body: page("Contact Acme", prose("contact hours"), ["/about"]) });
  site.route("/noindex", { body: page("Internal page", prose("internal notes"), ["/linked-from-noindex"], '<meta name="robots" content="noindex">') });
  site.route("/linked-from-noindex", { body: page("Delivery", prose("delivery times")) });
  site.route("/old-page", { status: 301, headers: { location: "/new-page" } });
  site.route("/new-page", { body: page("New page", prose("descaling instructions")) });
  site.route("/metadata", { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } });
  site.route("/private/secret", { body: page("Secret", prose("secrets")) });
  site.route("/huge", { body: page("Huge", ["x".repeat(6 * 1024 * 1024)]) });
  site.route("/docs/warranty.pdf", { headers: { "content-type": "application/pdf" }, body: pdf });
  site.route("/docs/returns.docx", { headers: { "content-type": "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }, body: docx });
  runner = await startWorkers(url, { concurrency: 4 });
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await site?.close();
});

describe("website crawl", () => {
  let websiteId: string;
  let chatbotId: string;

  it("keeps each allowed page once and says why the others were left out", async () => {
    const bot = await newChatbot();
    chatbotId = bot.id;
    const website = await createSource(db, bot, { type: "website", url: site.url("/") });
    websiteId = website.id;
    const done = await trainedWebsite(website.id);
    expect(done.status).toBe("trained");

    const pages = await livePages(website.id);
    expect(pages.map((p) => p.path).sort(), `frontier: ${JSON.stringify(await frontier(website.id))}`).toEqual(["/", "/about", "/contact", "/docs/returns.docx", "/docs/warranty.pdf", "/linked-from-noindex", "/new-page"]);
    for (const p of pages) {
      expect(p).toMatchObject({ type: "page", indexer: "crawler", status: "trained" });
      expect(p.chunkCount).toBeGreaterThan(0);
      expect(p.trainedAt).not.toBeNull();
    }
    expect(pages.find((p) => p.path === "/about")!.title).toBe("About Acme");
    expect(done).toMatchObject({ pagesIndexed: 7, chunkCount: pages.reduce((n, p) => n + p.chunkCount, 0) });

    const outcome = await frontier(website.id);
    expect(outcome["/noindex"]).toMatch(/^skipped: noindex/);
    expect(outcome["/missing"]).toMatch(/^failed: HTTP 404/);
    expect(outcome["/huge"]).toMatch(/^failed: Larger than 5 MB/);
    expect(outcome["/metadata"]).toMatch(/^failed: Blocked address/);
    expect(outcome["/old-page"]).toMatch(/^skipped: Redirects to/);
    expect(outcome["/private/secret"]).toBeUndefined();
    expect(outcome["/logo.png"]).toBeUndefined();
    expect(site.hits("/private/secret")).toHaveLength(0);
    expect(site.hits("/").every((h) => String(h.headers["user-agent"]).startsWith("AgencyChatbotBot/1.0"))).toBe(true);
    // Tracking parameters and fragments do not make a second page.
    expect(site.hits("/about?utm_source=nav")).toHaveLength(0);
  });

  it("indexes PDF and DOCX text so retrieval finds it", async () => {
    const [pdf] = await searchPassages(db, { chatbotId, query: "zanzibar warranty", topK: 3 });
    expect(pdf?.url).toBe(site.url("/docs/warranty.pdf"));
    const [docx] = await searchPassages(db, { chatbotId, query: "quokka return", topK: 3 });
    expect(docx?.url).toBe(site.url("/docs/returns.docx"));
  });

  it("re-syncs: a changed page is re-indexed, a removed one deleted, unchanged ones left alone", async () => {
    const before = Object.fromEntries((await livePages(websiteId)).map((p) => [p.path, p]));
    site.route("/about", (req) =>
      req.headers["if-none-match"] === '"about-v2"' ? { status: 304 } : { headers: { etag: '"about-v2"' }, body: page("About Acme", prose("company history with the new octopus factory")) },
    );
    site.route("/contact", null); // now 404
    site.route("/new-page", { body: page("New page", prose("descaling instructions")) });
    expect((await startSync(db, websiteId))?.status).toBe("pending");
    const done = await trainedWebsite(websiteId);
    expect(done.status).toBe("trained");
    const after = Object.fromEntries((await livePages(websiteId)).map((p) => [p.path, p]));
    expect(Object.keys(after).sort()).toEqual(["/", "/about", "/docs/returns.docx", "/docs/warranty.pdf", "/linked-from-noindex", "/new-page"]);
    expect(after["/about"]!.id).toBe(before["/about"]!.id);
    expect(after["/about"]!.trainedAt!.getTime()).toBeGreaterThan(before["/about"]!.trainedAt!.getTime());
    expect(after["/about"]!.etag).toBe('"about-v2"');
    expect(after["/"]!.trainedAt).toEqual(before["/"]!.trainedAt);
    expect(after["/new-page"]!.trainedAt).toEqual(before["/new-page"]!.trainedAt);
    // Conditional GET: the second sync sent the first ETag.
    expect(site.hits("/about").at(-1)!.headers["if-none-match"]).toBe('"about-v1"');
    expect((await db.source.findUniqueOrThrow({ where: { id: before["/contact"]!.id } })).deletedAt).not.toBeNull();
    expect(await searchPassages(db, { chatbotId, query: "contact hours", topK: 5 })).not.toContainEqual(expect.objectContaining({ sourceId: before["/contact"]!.id }));
    const [octopus] = await searchPassages(db, { chatbotId, query: "octopus factory", topK: 1 });
    expect(octopus?.url).toBe(site.url("/about"));
  });

  it("deleting the website deletes its pages and their passages", async () => {
    const bot = await db.chatbot.findUniqueOrThrow({ where: { id: chatbotId } });
    await deleteSource(db, bot, websiteId);
    expect(await livePages(websiteId)).toEqual([]);
    expect(await searchPassages(db, { chatbotId, query: "zanzibar warranty", topK: 3 })).toEqual([]);
  });

  it("stops at the workspace's source limit and says so", async () => {
    const bot = await newChatbot(3);
    const website = await createSource(db, bot, { type: "website", url: site.url("/") });
    const done = await trainedWebsite(website.id);
    expect(done.status).toBe("trained");
    expect(await livePages(website.id)).toHaveLength(2);
    expect(done.statusReason).toMatch(/source limit \(3/);
  });

  it("fails with a human reason when the site cannot be crawled", async () => {
    const bot = await newChatbot();
    const empty = await startTestSite(); // every path 404, no robots.txt, no sitemap
    const gone = await createSource(db, bot, { type: "website", url: empty.url("/") });
    expect(await trainedWebsite(gone.id)).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/HTTP 404/) });
    await empty.close();
    const robots = await createSource(db, bot, { type: "website", url: site.url("/private/secret") });
    expect(await trainedWebsite(robots.id)).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/robots\.txt/) });
  });
});

describe("crawl loops", () => {
  it("a loop that skips a page another loop is claiming waits for it instead of finishing the crawl under it", async () => {
    const bot = await newChatbot();
    const website = await db.source.create({ data: { chatbotId: bot.id, type: "website", url: site.url("/"), status: "crawling", syncFrequency: "never" } });
    const row = await db.crawlFrontier.create({ data: { websiteSourceId: website.id, url: site.url("/about"), normalizedUrl: site.url("/about"), depth: 0 } });
    // Another loop's claim in flight: the queued row is locked, not yet committed as leased.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const claim = db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM crawl_frontier WHERE id = ${row.id}::uuid FOR UPDATE`;
      locked();
      await held;
    }, { timeout: 10_000 });
    await isLocked;
    const loop = runCrawlLoop(db, website.id);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await claim;
    expect(await loop).toBe("finished");
    expect((await livePages(website.id)).map((p) => p.path)).toEqual(["/about"]);
    expect(await db.source.findUniqueOrThrow({ where: { id: website.id } })).toMatchObject({ status: "trained", pagesIndexed: 1 });
  });
});

describe("a loop's pages", () => {
  it("are read and indexed while the loop fetches the next one, and the site is still asked one page at a time", async () => {
    // The first page is long (hundreds of milliseconds to read and index); every page takes 50 ms to answer.
    let inFlight = 0;
    let mostInFlight = 0;
    const askedAt = new Map<string, number>();
    const answer = (path: string, paragraphs: string[]) => () => {
      askedAt.set(path, Date.now());
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      setTimeout(() => inFlight--, 50);
      return { body: page(`Page ${path}`, paragraphs), delayMs: 50 };
    };
    const paths = ["/long", "/short-1", "/short-2"];
    const own = await startTestSite({
      "/long": answer("/long", Array.from({ length: 60 }, (_, i) => prose(`topic ${i}`).join(" "))),
      "/short-1": answer("/short-1", prose("the first short page")),
      "/short-2": answer("/short-2", prose("the second short page")),
    });
    try {
      const bot = await newChatbot();
      const website = await db.source.create({ data: { chatbotId: bot.id, type: "website", url: own.url("/long"), status: "crawling", syncFrequency: "never" } });
      // Claimed in this order (same depth: the older row first).
      const queuedAt = Date.now();
      await db.crawlFrontier.createMany({ data: paths.map((p, i) => ({ websiteSourceId: website.id, url: own.url(p), normalizedUrl: own.url(p), depth: 0, createdAt: new Date(queuedAt + i) })) });
      expect(await runCrawlLoop(db, website.id)).toBe("finished");
      const pages = await livePages(website.id);
      expect(pages.map((p) => p.path).sort()).toEqual([...paths].sort());
      const long = pages.find((p) => p.path === "/long")!;
      // The next page was asked for before the long one was indexed…
      expect(askedAt.get("/short-1")!).toBeLessThan(long.trainedAt!.getTime());
      // …and never while another request of this loop was open.
      expect(mostInFlight).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe("crawl loops working together", () => {
  it("a site that starts with one page is crawled by every loop: a loop with nothing to claim waits for the pages being fetched", async () => {
    // Each page takes a while to answer, so the loops' fetches overlap when both loops work.
    let inFlight = 0;
    let mostInFlight = 0;
    const slow = (title: string, links: string[] = []) => () => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      setTimeout(() => inFlight--, 300);
      return { body: page(title, prose(title.toLowerCase()), links), delayMs: 300 };
    };
    const pages = ["/p1", "/p2", "/p3", "/p4", "/p5", "/p6"];
    const own = await startTestSite({ "/": slow("Start", pages), ...Object.fromEntries(pages.map((p) => [p, slow(`Page ${p.slice(2)}`)])) });
    try {
      const bot = await newChatbot();
      const website = await db.source.create({ data: { chatbotId: bot.id, type: "website", url: own.url("/"), status: "crawling", syncFrequency: "never" } });
      await db.crawlFrontier.create({ data: { websiteSourceId: website.id, url: own.url("/"), normalizedUrl: own.url("/"), depth: 0 } });
      const outcomes = await Promise.all([runCrawlLoop(db, website.id), runCrawlLoop(db, website.id)]);
      // One finishes the crawl; the other finishes too, or sees it finished when it looks again ("idle").
      expect(outcomes).toContain("finished");
      expect(outcomes).not.toContain("more");
      expect((await livePages(website.id)).map((p) => p.path)).toEqual(["/", ...pages]);
      // The second loop did not end while the first fetched the start page: it fetched pages alongside it.
      expect(mostInFlight).toBe(2);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("a loop of the previous sync", () => {
  /** A site of two pages, the start page linking to the other (answering after `startDelayMs`). */
  const twoPages = (startDelayMs = 0) =>
    startTestSite({ "/": { body: page("Start", prose("the start page"), ["/next"]), delayMs: startDelayMs }, "/next": { body: page("Next", prose("the next page")) } });

  /** A website of that site being crawled: `crawling`, its start page queued. */
  async function crawlingFromStart(own: Awaited<ReturnType<typeof twoPages>>) {
    const bot = await newChatbot();
    const website = await db.source.create({ data: { chatbotId: bot.id, type: "website", url: own.url("/"), status: "crawling", syncFrequency: "never" } });
    await db.crawlFrontier.create({ data: { websiteSourceId: website.id, url: own.url("/"), normalizedUrl: own.url("/"), depth: 0 } });
    return website;
  }

  it("does not finish a sync that has begun but whose discovery has not queued its start page yet", async () => {
    const own = await twoPages();
    try {
      const website = await crawlingFromStart(own);
      expect(await runCrawlLoop(db, website.id)).toBe("finished");
      expect(await db.source.findUniqueOrThrow({ where: { id: website.id } })).toMatchObject({ status: "trained", pagesIndexed: 2 });

      // A re-sync begins (crawling, every row stale) while a loop of the previous sync still runs: that loop sees
      // nothing to claim, and must end without finishing the new sync under its discovery.
      await beginCrawl(db, website.id);
      expect(await runCrawlLoop(db, website.id)).toBe("idle");
      expect((await db.source.findUniqueOrThrow({ where: { id: website.id } })).status).toBe("crawling");
      await discoverWebsite(db, website.id, own.url("/"));
      expect(await runCrawlLoop(db, website.id)).toBe("finished");
      expect(own.hits("/next").length).toBe(2);
    } finally {
      await own.close();
    }
  });

  it("ends once a new sync has begun, and cannot finish it", async () => {
    // The start page takes longer than the loop's look at its website (every second) to answer.
    const own = await twoPages(1200);
    try {
      const website = await crawlingFromStart(own);
      await beginCrawl(db, website.id);
      await discoverWebsite(db, website.id, own.url("/"));
      const previous = runCrawlLoop(db, website.id);
      await waitFor(async () => own.hits("/").length > 0, 10_000, "the first loop to fetch the start page");
      // A re-sync begins while that loop fetches: the loop of the previous sync ends instead of crawling this one.
      await beginCrawl(db, website.id);
      await discoverWebsite(db, website.id, own.url("/"));
      expect(await previous).toBe("idle");
      expect(own.hits("/next")).toHaveLength(0);
      const { crawlStartedAt } = await db.source.findUniqueOrThrow({ where: { id: website.id } });
      await finishWebsite(db, website.id, new Date(crawlStartedAt!.getTime() - 1000));
      expect((await db.source.findUniqueOrThrow({ where: { id: website.id } })).status).toBe("crawling");
      expect(await runCrawlLoop(db, website.id)).toBe("finished");
      expect(await db.source.findUniqueOrThrow({ where: { id: website.id } })).toMatchObject({ status: "trained", pagesIndexed: 2 });
    } finally {
      await own.close();
    }
  });

  it("does not overwrite the finished totals with its late count of this sync's rows", async () => {
    const own = await twoPages();
    try {
      const website = await crawlingFromStart(own);
      expect(await runCrawlLoop(db, website.id)).toBe("finished");
      // A re-sync during which the site answers 503: no row of this sync is done, the two pages are kept.
      own.route("/", { status: 503, body: "Service Unavailable" });
      own.route("/next", { status: 503, body: "Service Unavailable" });
      await beginCrawl(db, website.id);
      await discoverWebsite(db, website.id, own.url("/"));
      expect(await runCrawlLoop(db, website.id)).toBe("finished");
      expect(await db.source.findUniqueOrThrow({ where: { id: website.id } })).toMatchObject({ status: "trained", pagesIndexed: 2 });
      // Another loop's count, a moment after the finish (it settled its row just before): the totals stand.
      await refreshCounts(db, website.id);
      expect(await db.source.findUniqueOrThrow({ where: { id: website.id } })).toMatchObject({ status: "trained", pagesIndexed: 2 });
    } finally {
      await own.close();
    }
  });
});

describe("single sources", () => {
  it("trains a page, a text, and fails a noindex page with its reason", async () => {
    const bot = await newChatbot();
    const single = await createSource(db, bot, { type: "page", url: site.url("/linked-from-noindex") });
    const text = await createSource(db, bot, { type: "text", title: "Opening hours", text: "We open at nine on weekdays and at ten on saturdays." });
    const noindex = await createSource(db, bot, { type: "page", url: site.url("/noindex") });
    const settled = (id: string) => waitFor(async () => {
      const s = await db.source.findUniqueOrThrow({ where: { id } });
      return s.status === "trained" || s.status === "failed" ? s : null;
    }, 30_000, "training");
    expect(await settled(single.id)).toMatchObject({ status: "trained", title: "Delivery" });
    expect(await settled(text.id)).toMatchObject({ status: "trained", textPreview: expect.stringContaining("nine on weekdays") });
    expect(await settled(noindex.id)).toMatchObject({ status: "failed", statusReason: expect.stringMatching(/noindex/) });
  });

  it("indexes a page in the language its markup or its Content-Language header declares, else in the one its text is in; a passage that tells its own, in that", async () => {
    const bot = await newChatbot();
    const german = "Wir versenden alle Bestellungen innerhalb von zwei Werktagen. Die Lieferung dauert danach meist ein bis drei Tage.";
    // A passage of figures tells no language: it is indexed in its page's (docs/decisions/144-passages-in-their-own-language.md).
    const figures = "4471 2290 1180 19.90 24.50 31.00";
    site.route("/lang/header", { headers: { "content-language": "fr-FR" }, body: page("Livraison", [figures]) });
    site.route("/lang/markup", { headers: { "content-language": "fr-FR" }, body: page("Levering", [figures]).replace("<html", '<html lang="nl"') });
    site.route("/lang/text", { body: page("Versand", [german]) });
    site.route("/lang/passage", { body: page("Livraison", [german]).replace("<html", '<html lang="fr"') });
    const languages: Record<string, string> = {};
    for (const path of ["/lang/header", "/lang/markup", "/lang/text", "/lang/passage"]) {
      const source = await createSource(db, bot, { type: "page", url: site.url(path) });
      await waitFor(async () => ((await db.source.findUniqueOrThrow({ where: { id: source.id } })).status === "trained" ? true : null), 30_000, "training");
      const chunk = await db.sourceChunk.findFirstOrThrow({ where: { sourceId: source.id } });
      languages[path] = `${chunk.language}/${chunk.searchConfig}`;
    }
    expect(languages).toEqual({ "/lang/header": "fr/french", "/lang/markup": "nl/dutch", "/lang/text": "de/german", "/lang/passage": "de/german" });
  });
});
