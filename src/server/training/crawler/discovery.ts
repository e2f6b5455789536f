import robotsParser from "robots-parser";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { crawlFetch, sitemapText } from "@/server/training/crawler/fetch";
import { fetchFailureReason } from "@/server/training/crawler/document";
import { queueUrls } from "@/server/training/crawler/frontier";
import { parseSitemap } from "@/server/training/crawler/sitemaps";
import { isSameSite, looksLikePage, normalizeUrl } from "@/server/training/crawler/urls";

/** The user-agent token robots.txt groups are matched against. */
export const ROBOTS_AGENT = "AgencyChatbotBot";
const MAX_SITEMAP_DOCUMENTS = 50;
const MAX_CRAWL_DELAY_MS = 10_000;

export type Robots = ReturnType<typeof robotsParser>;

export function robotsFor(siteUrl: string, robotsTxt: string | null): Robots {
  return robotsParser(new URL("/robots.txt", siteUrl).toString(), robotsTxt ?? "");
}

export function robotsAllow(robots: Robots, url: string): boolean {
  return robots.isAllowed(url, ROBOTS_AGENT) !== false;
}

async function fetchText(url: string): Promise<{ status: number; text: string } | null> {
  const res = await crawlFetch(url, { timeoutMs: env().CRAWL_PAGE_TIMEOUT_MS, maxBytes: 20 * 1024 * 1024 });
  return { status: res.status, text: res.status === 200 ? sitemapText(res.body) : "" };
}

/** Sitemaps (robots.txt `Sitemap:` lines and `/sitemap.xml`), following sitemap indexes breadth-first. */
async function sitemapPages(siteUrl: string, declared: string[]): Promise<string[]> {
  const queue = [...new Set([...declared, new URL("/sitemap.xml", siteUrl).toString()])];
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length && seen.size < MAX_SITEMAP_DOCUMENTS) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    try {
      const res = await fetchText(next);
      if (!res || res.status !== 200) continue;
      const entries = parseSitemap(res.text);
      pages.push(...entries.pages);
      queue.push(...entries.sitemaps.filter((s) => isSameSite(s, siteUrl)));
    } catch {
      // A broken or unreachable sitemap leaves the links of the pages to find the site.
    }
  }
  return pages;
}

export type DiscoveryOutcome = { ok: true; queued: number; crawlDelayMs: number } | { ok: false; reason: string };

/**
 * The start of a sync, in one transaction: the website is `crawling` and the
 * rows of the previous sync are stale (a page nobody rediscovers is checked
 * again before the end, see recheckUnvisitedPages). Together, so a loop of the
 * previous sync that is still running never sees this sync's `crawling` over
 * the previous sync's settled rows, which look like a crawl with nothing left
 * to do: it would finish this sync before discovery queued its start page.
 * With every row stale, such a loop finds no live row and ends; and the sync's
 * start (crawl_started_at) differs from the one the loop began under, so it
 * ends at its next look at the website and can never finish this sync
 * (docs/decisions/098-a-crawl-loop-belongs-to-one-sync.md).
 */
export async function beginCrawl(db: Db, websiteId: string) {
  await db.$transaction([
    db.source.update({ where: { id: websiteId }, data: { status: "crawling", statusReason: null, crawlStartedAt: new Date(), crawlHeartbeatAt: new Date() } }),
    db.$executeRaw`UPDATE crawl_frontier SET status = 'stale', updated_at = now() WHERE website_source_id = ${websiteId}::uuid`,
  ]);
}

/**
 * Discovery of a website source, after beginCrawl: robots.txt (stored so
 * every page is checked against it), `Crawl-delay`, sitemaps; the start URL
 * and sitemap pages go into the frontier.
 */
export async function discoverWebsite(db: Db, websiteId: string, siteUrl: string): Promise<DiscoveryOutcome> {
  const { CRAWL_MAX_PAGES, CRAWL_PAGE_TIMEOUT_MS } = env();
  const start = normalizeUrl(siteUrl);
  if (!start) return { ok: false, reason: "The URL is not a crawlable http(s) address" };
  let robotsTxt = "";
  try {
    const res = await fetchText(new URL("/robots.txt", start).toString());
    if (res && res.status === 200) robotsTxt = res.text.slice(0, 500_000);
  } catch (error) {
    return { ok: false, reason: fetchFailureReason(error, CRAWL_PAGE_TIMEOUT_MS) };
  }
  const robots = robotsFor(start, robotsTxt);
  if (!robotsAllow(robots, start)) return { ok: false, reason: "robots.txt does not allow crawling this site" };
  const delaySeconds = Number(robots.getCrawlDelay(ROBOTS_AGENT) ?? 0);
  const crawlDelayMs = Math.min(MAX_CRAWL_DELAY_MS, Number.isFinite(delaySeconds) ? Math.round(delaySeconds * 1000) : 0);
  await db.source.update({ where: { id: websiteId }, data: { robotsTxt, crawlDelayMs, crawlHeartbeatAt: new Date() } });
  let queued = await queueUrls(db, websiteId, [start], 0, CRAWL_MAX_PAGES);
  const fromSitemaps = (await sitemapPages(start, robots.getSitemaps()))
    .map((u) => normalizeUrl(u))
    .filter((u): u is string => !!u && isSameSite(u, start) && looksLikePage(u) && robotsAllow(robots, u));
  queued += await queueUrls(db, websiteId, fromSitemaps, 1, CRAWL_MAX_PAGES);
  return { ok: true, queued, crawlDelayMs };
}
