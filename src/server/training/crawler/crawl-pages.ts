import { createHash } from "node:crypto";
import type { Source } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { readDocument, requestDocument } from "@/server/training/crawler/document";
import type { FetchedResource } from "@/server/training/crawler/fetch";
import type { PageMeta } from "@/server/training/crawler/html-meta";
import { robotsAllow, robotsFor } from "@/server/training/crawler/discovery";
import { claimNext, frontierState, MAX_ATTEMPTS, queueUrls, recheckUnvisitedPages, refreshCounts, settle, skipQueued, type FrontierRow } from "@/server/training/crawler/frontier";
import { isSameSite, looksLikePage, normalizeUrl, pathOf } from "@/server/training/crawler/urls";
import { finishWebsite } from "@/server/training/crawler/finish";
import { createPageSource, recordTrained } from "@/server/training/crawler/page-sources";
import { indexSource } from "@/server/training/retrieval/index-source";
import { PageBacklog } from "@/server/training/crawler/page-backlog";
import { SOURCE_LIMIT_COUNTS } from "@/shared/source-limit";

/** A loop job works this long, then hands over to a fresh job (so one crawl never pins a worker for hours). */
const LOOP_BUDGET_MS = 60_000;

const COUNTS_EVERY_MS = 1000;

const CLAIM_RACE_RETRY_MS = 25;

/**
 * A loop with nothing to claim while other loops hold pages looks again after this pause, doubled up to
 * WAIT_FOR_LINKS_MAX_MS: the pages being fetched are about to queue their links.
 */
const WAIT_FOR_LINKS_MAX_MS = 250;

/** A loop re-reads its website (stopped, deleted, re-synced?) at most this often, not before every page. */
const WEBSITE_EVERY_MS = 1000;

export const leaseMs = () => env().CRAWL_PAGE_TIMEOUT_MS * 2 + 10_000;

export const contentHash = (text: string) => createHash("sha256").update(text).digest("hex");

/** Links a loop has already put in the frontier (or seen refused by its cap), not sent again. */
const SENT_LINKS_MAX = 50_000;

async function followLinks(db: Db, website: Source, row: FrontierRow, links: string[], sent: Set<string>) {
  // Most of a page's links (its menus) were on the previous page too: only new ones cost a query.
  const fresh = links.filter((l) => !sent.has(l));
  if (!fresh.length) return;
  const robots = robotsFor(website.url!, website.robotsTxt);
  const keep = fresh.filter((l) => isSameSite(l, website.url!) && looksLikePage(l) && robotsAllow(robots, l));
  await queueUrls(db, website.id, keep, row.depth + 1, env().CRAWL_MAX_PAGES);
  // Queued now or before (a row's depth only matters for order), or refused by the cap, which only fills up.
  if (sent.size + fresh.length > SENT_LINKS_MAX) sent.clear();
  for (const l of fresh) sent.add(l);
}

/** Links kept per page for the next re-sync (a page with more is a site map: its first ones are kept). */
const KEPT_LINKS_MAX = 2000;

const pageLinks = (meta: PageMeta | null) => (meta?.links ?? []).slice(0, KEPT_LINKS_MAX);

export interface CrawlRowContext {
  /** The chatbot's default_language (read with the website, saves a look-up per page). */
  language?: string;
  /** Links this loop already followed (see followLinks). */
  sentLinks?: Set<string>;
}

/** What is left of a page once the site has answered: reading it, its links, its passages, the row's outcome. */
type PageWork = () => Promise<void>;

/**
 * The site's part of one claimed frontier row: the robots check and the (conditional) request. Returns the
 * rest of the row's work, which needs nothing more from the site, or null when the row is already settled.
 */
async function requestRow(db: Db, website: Source, row: FrontierRow, context: CrawlRowContext = {}): Promise<PageWork | null> {
  const { CRAWL_PAGE_TIMEOUT_MS } = env();
  const settled = (status: "done" | "skipped" | "failed", reason: string | null) => settle(db, row.id, status, reason).then(() => null);
  if (row.attempts > MAX_ATTEMPTS) return settled("failed", `Gave up after ${MAX_ATTEMPTS} attempts`);
  if (!robotsAllow(robotsFor(website.url!, website.robotsTxt), row.url)) return settled("skipped", "robots.txt disallows this page");
  const existing = row.page_source_id ? await db.source.findFirst({ where: { id: row.page_source_id, deletedAt: null } }) : null;
  const answer = await requestDocument(row.url, { timeoutMs: CRAWL_PAGE_TIMEOUT_MS, etag: existing?.etag, lastModified: existing?.lastModified });
  if (answer.kind === "failed") return settled("failed", answer.reason);
  if (answer.kind === "unchanged") {
    // 304: the page and its passages stay as they are, and so do its links — the pages it leads to are still
    // part of the site (without them a re-sync would lose every page only reachable through this one).
    if (existing) {
      await followLinks(db, website, row, existing.links, context.sentLinks ?? new Set());
      await db.source.update({ where: { id: existing.id }, data: { lastSyncedAt: new Date() } });
    }
    return settled("done", "not modified");
  }
  return () => keepPage(db, website, row, existing, answer.response, context);
}

/** Reads a page the site answered with and keeps it (a page source with its passages), or says why not. */
async function keepPage(db: Db, website: Source, row: FrontierRow, existing: Source | null, response: FetchedResource, context: CrawlRowContext): Promise<void> {
  const fetched = await readDocument(response);
  if (fetched.kind === "failed") return settle(db, row.id, "failed", fetched.reason);

  const finalUrl = normalizeUrl(fetched.finalUrl) ?? row.normalized_url;
  if (finalUrl !== row.normalized_url) {
    // A redirect: the target is the page (queued once under its own URL), this address is not kept.
    if (isSameSite(finalUrl, website.url!)) await queueUrls(db, website.id, [finalUrl], row.depth, env().CRAWL_MAX_PAGES);
    return settle(db, row.id, "skipped", isSameSite(finalUrl, website.url!) ? `Redirects to ${finalUrl}` : "Redirects off the site");
  }
  if (fetched.meta) await followLinks(db, website, row, fetched.meta.links, context.sentLinks ?? new Set());
  if (fetched.kind === "skipped") return settle(db, row.id, "skipped", fetched.reason);
  const canonical = fetched.meta?.canonical;
  if (canonical && canonical !== finalUrl && isSameSite(canonical, website.url!)) {
    await queueUrls(db, website.id, [canonical], row.depth, env().CRAWL_MAX_PAGES);
    return settle(db, row.id, "skipped", `Canonical page is ${canonical}`);
  }

  const hash = contentHash(fetched.text);
  const title = (fetched.document.title || pathOf(finalUrl)).slice(0, 500);
  const links = pageLinks(fetched.meta);
  if (existing && existing.contentHash === hash) {
    // Same text as last time: not re-indexed (only the validators and links are refreshed).
    await db.source.update({ where: { id: existing.id }, data: { etag: fetched.etag, lastModified: fetched.lastModified, title, links, lastSyncedAt: new Date() } });
    return settle(db, row.id, "done", "unchanged");
  }
  let pageId = existing?.id ?? null;
  if (!pageId) {
    // Created and linked to its frontier row in one transaction, under the row's lock: a retry after a crash
    // (or a loop whose lease ran out meanwhile) reuses the page instead of making a second one. The limit is
    // checked under a per-workspace lock in the same transaction, so parallel loops cannot overshoot it.
    const created = await createPageSource(db, { rowId: row.id, chatbotId: website.chatbotId, websiteId: website.id, url: finalUrl, path: pathOf(finalUrl), title });
    if ("limit" in created) {
      const reason = `Stopped at the source limit (${created.limit} sources, counting ${SOURCE_LIMIT_COUNTS})`;
      await db.source.update({ where: { id: website.id }, data: { statusReason: reason } });
      await skipQueued(db, website.id, reason);
      return settle(db, row.id, "skipped", reason);
    }
    pageId = created.pageId;
  }
  const { chunkCount } = await indexSource(db, { sourceId: pageId, chatbotId: website.chatbotId, document: fetched.document, url: finalUrl, language: context.language });
  await recordTrained(db, pageId, { title, text: fetched.text, hash, chunkCount, etag: fetched.etag, lastModified: fetched.lastModified, links });
  await settle(db, row.id, "done", null);
}

/**
 * Pages a loop keeps working on (reading, passages) while it fetches the next one: the site still sees one
 * request at a time per loop, but the loop no longer waits on the site while it works, or the other way round.
 */
const PAGES_KEPT_WHILE_FETCHING = 2;

/**
 * One crawl loop of a website: claims pages one after the other (honouring
 * Crawl-delay) until none is left or the time budget is spent. Returns
 * "more" when a successor job should continue. A page's reading and indexing
 * run while the loop fetches the next page (PageBacklog); the loop ends only
 * once they are done.
 */
export async function runCrawlLoop(db: Db, websiteId: string): Promise<"more" | "finished" | "idle"> {
  const backlog = new PageBacklog(PAGES_KEPT_WHILE_FETCHING);
  try {
    return await crawlLoop(db, websiteId, backlog);
  } finally {
    await backlog.drain();
  }
}

async function crawlLoop(db: Db, websiteId: string, backlog: PageBacklog): Promise<"more" | "finished" | "idle"> {
  const startedAt = Date.now();
  let countedAt = 0;
  let website: (Source & { chatbot: { defaultLanguage: string } }) | null = null;
  let readAt = 0;
  const sentLinks = new Set<string>();
  let waitMs = CLAIM_RACE_RETRY_MS;
  /** The sync this loop works for (when it began): a loop never works for, or finishes, the next one. */
  let sync: Date | null | undefined;
  const pause = async (ms: number) => {
    await new Promise((r) => setTimeout(r, ms));
    readAt = 0; // a loop that waited looks at its website again before it claims (a new sync may have begun)
  };
  for (;;) {
    if (Date.now() - readAt > WEBSITE_EVERY_MS) {
      website = await db.source.findFirst({ where: { id: websiteId, deletedAt: null }, include: { chatbot: { select: { defaultLanguage: true } } } });
      readAt = Date.now();
      if (sync === undefined) sync = website?.crawlStartedAt ?? null;
      else if ((website?.crawlStartedAt?.getTime() ?? null) !== (sync?.getTime() ?? null)) return "idle";
    }
    if (!website || website.status !== "crawling" || !website.url) return "idle";
    if (Date.now() - startedAt > LOOP_BUDGET_MS) return "more";
    await backlog.makeRoom();
    const row = await claimNext(db, websiteId, leaseMs());
    if (!row) {
      if (backlog.size > 0) {
        // This loop's own pages are still being read: their links may be what comes next.
        await backlog.next();
        continue;
      }
      const state = await frontierState(db, websiteId);
      // Every row stale: a new sync has begun and its discovery has not queued the start page yet (this loop
      // is left over from the previous sync). Discovery starts this sync's loops; this one must not finish it.
      if (state.live === 0) return "idle";
      if (state.leased > 0) {
        // Other loops are fetching pages whose links will fill the queue: wait for them rather than end, or a
        // site that starts with one page (no sitemap) is crawled by the one loop that claimed it. (A lease
        // left by a dead loop runs out and its page becomes claimable here.) The budget still applies.
        await pause(waitMs);
        waitMs = Math.min(2 * waitMs, WAIT_FOR_LINKS_MAX_MS);
        continue;
      }
      if (state.claimable > 0) {
        // A row we skipped because another loop is claiming it right now (its UPDATE not yet committed): finishing
        // here would close the crawl under that page. Look again in a moment; it is leased (or free) by then.
        await pause(CLAIM_RACE_RETRY_MS);
        continue;
      }
      // Pages of the previous sync that no link led to this time are asked for once more before the crawl
      // ends: a page is removed only when the site says it is gone, never because it was not reached.
      if (await recheckUnvisitedPages(db, websiteId)) continue;
      await refreshCounts(db, websiteId);
      await finishWebsite(db, websiteId, sync ?? null);
      return "finished";
    }
    waitMs = CLAIM_RACE_RETRY_MS;
    const failed = (error: unknown) => settle(db, row.id, "failed", `Could not be processed: ${(error as Error).message}`.slice(0, 300));
    try {
      const rest = await requestRow(db, website, row, { language: website.chatbot.defaultLanguage, sentLinks });
      if (rest) backlog.add(rest, failed);
    } catch (error) {
      await failed(error);
    }
    // The dashboard's counts (and the heartbeat the sweeper watches), at most about once a second per loop.
    if (Date.now() - countedAt > COUNTS_EVERY_MS) {
      await refreshCounts(db, websiteId);
      countedAt = Date.now();
    }
    const delayMs = website.crawlDelayMs;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
  }
}
