import type { Db } from "@/server/kernel/db/client";
import { removePages } from "@/server/training/crawler/page-sources";

/**
 * The end of a crawl (run once: the status moves crawling → training under a
 * conditional update): pages the site says are gone (404/410, noindex,
 * robots.txt, redirected or canonical elsewhere) are removed — a page merely
 * not reached is rechecked before the end (recheckUnvisitedPages) and kept
 * when the site does not answer —, then the website source is
 * `trained` with its totals, or `failed` with the reason its start page gave.
 * `sync`: the crawl_started_at of the sync the caller crawled for.
 */
export async function finishWebsite(db: Db, websiteId: string, sync: Date | null) {
  // Only the sync the caller worked for (see beginCrawl): a loop of an earlier one finishes nothing.
  const claimed = await db.source.updateMany({ where: { id: websiteId, status: "crawling", deletedAt: null, crawlStartedAt: sync }, data: { status: "training" } });
  if (!claimed.count) return;
  const gone = await db.$queryRaw<{ page_source_id: string }[]>`
    WITH gone AS (
      SELECT id, page_source_id FROM crawl_frontier
       WHERE website_source_id = ${websiteId}::uuid AND page_source_id IS NOT NULL
         AND (status = 'skipped' OR (status = 'failed' AND (reason LIKE 'HTTP 404%' OR reason LIKE 'HTTP 410%')))
       FOR UPDATE)
    UPDATE crawl_frontier f SET page_source_id = NULL, updated_at = now() FROM gone WHERE f.id = gone.id
    RETURNING gone.page_source_id::text`;
  await removePages(db, gone.map((g) => g.page_source_id).filter(Boolean));
  await db.$executeRaw`DELETE FROM crawl_frontier WHERE website_source_id = ${websiteId}::uuid AND status = 'stale' AND page_source_id IS NULL`;

  const totals = await db.source.aggregate({ where: { indexerId: websiteId, deletedAt: null, status: "trained" }, _count: true, _sum: { chunkCount: true } });
  const [found] = await db.$queryRaw<{ found: number }[]>`SELECT count(*)::int AS found FROM crawl_frontier WHERE website_source_id = ${websiteId}::uuid`;
  const now = new Date();
  if (totals._count === 0) {
    const start = await db.crawlFrontier.findFirst({ where: { websiteSourceId: websiteId }, orderBy: [{ depth: "asc" }, { createdAt: "asc" }] });
    await db.source.update({
      where: { id: websiteId },
      data: { status: "failed", statusReason: start?.reason ?? "No page of the site could be indexed", pagesFound: found?.found ?? 0, pagesIndexed: 0, chunkCount: 0, lastSyncedAt: now },
    });
    return;
  }
  const title = await siteTitle(db, websiteId);
  await db.source.update({
    where: { id: websiteId },
    data: { status: "trained", trainedAt: now, lastSyncedAt: now, pagesFound: found?.found ?? 0, pagesIndexed: totals._count, chunkCount: totals._sum.chunkCount ?? 0, ...(title ? { title } : {}) },
  });
}

/**
 * The site's own name for a website still titled by its host name (the default when it was added, not a
 * title someone gave it): its start page's title, so two sites on one host, or a site on an IP address, do not
 * look alike in the list. Null to keep the title as it is.
 */
async function siteTitle(db: Db, websiteId: string): Promise<string | null> {
  const site = await db.source.findUnique({ where: { id: websiteId }, select: { title: true, url: true } });
  if (!site?.url || site.title !== hostOf(site.url)) return null;
  const start = await db.crawlFrontier.findFirst({ where: { websiteSourceId: websiteId, pageSourceId: { not: null } }, orderBy: [{ depth: "asc" }, { createdAt: "asc" }], select: { pageSourceId: true } });
  const page = start?.pageSourceId ? await db.source.findUnique({ where: { id: start.pageSourceId }, select: { title: true } }) : null;
  // A page without a <title> is named by its path ("/"): no better than the host.
  const title = page?.title?.trim() ?? "";
  return title && !title.startsWith("/") ? title.slice(0, 500) : null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
