import { enqueueFromTask, job } from "@/server/kernel/jobs/registry";
import { env } from "@/server/kernel/env";
import { leaseMs, runCrawlLoop } from "@/server/training/crawler/crawl-pages";
import { beginCrawl, discoverWebsite } from "@/server/training/crawler/discovery";
import { warmPageReading } from "@/server/training/crawler/page-pool";
import { enqueueCrawl, enqueueCrawlLoops, enqueueTraining } from "@/server/training/crawler/enqueue";
import { trainSource } from "@/server/training/crawler/train-source";
import { readSourcesAgain } from "@/server/training/retrieval/index-source";
import { startSync } from "@/server/training/sources";

/** Discovery of a website source (robots.txt, sitemaps), then its fetch loops. */
export const crawlWebsiteJob = job("crawl_website", async (db, { id }) => {
  const website = await db.source.findFirst({ where: { id, deletedAt: null, type: "website" } });
  if (!website?.url) return;
  // The reading threads start while discovery runs rather than in front of the first page.
  warmPageReading(env().CRAWL_CONCURRENCY_PER_HOST);
  await beginCrawl(db, id);
  const outcome = await discoverWebsite(db, id, website.url);
  if (!outcome.ok) {
    await db.source.update({ where: { id }, data: { status: "failed", statusReason: outcome.reason, lastSyncedAt: new Date() } });
    return;
  }
  // Crawl-delay means one request at a time; otherwise a few loops in parallel per host.
  await enqueueCrawlLoops(db, id, outcome.crawlDelayMs > 0 ? 1 : env().CRAWL_CONCURRENCY_PER_HOST);
});

/** One fetch loop; hands over to a successor job when its time budget is spent. */
export const crawlPagesJob = job("crawl_pages", async (db, { id, loop }, helpers) => {
  const outcome = await runCrawlLoop(db, id);
  if (outcome === "more") await enqueueFromTask(helpers, "crawl_pages", { id, loop }, { jobKey: `crawl_pages:${id}:${loop}`, maxAttempts: 3 });
});

export const trainSourceJob = job("train_source", async (db, { id }) => {
  await trainSource(db, id);
});

/**
 * Every minute and at start: crawls whose loops died with their worker (no
 * heartbeat for longer than a page lease) get fresh loops, or a fresh
 * discovery when the frontier is empty; sources waiting without a job are
 * enqueued. Job keys make this harmless for crawls that are fine.
 */
export const sweepCrawlsJob = job("sweep_crawls", async (db, _payload, helpers) => {
  const staleAfter = new Date(Date.now() - leaseMs());
  const stalled = await db.$queryRaw<{ id: string; has_frontier: boolean; crawl_delay_ms: number }[]>`
    SELECT s.id::text, EXISTS (SELECT 1 FROM crawl_frontier f WHERE f.website_source_id = s.id AND f.status <> 'stale') AS has_frontier, s.crawl_delay_ms
      FROM sources s
     WHERE s.deleted_at IS NULL AND s.type = 'website' AND s.status = 'crawling' AND COALESCE(s.crawl_heartbeat_at, s.updated_at) < ${staleAfter}`;
  for (const s of stalled) {
    if (s.has_frontier) await enqueueCrawlLoops(db, s.id, s.crawl_delay_ms > 0 ? 1 : env().CRAWL_CONCURRENCY_PER_HOST);
    else await enqueueCrawl(db, s.id);
  }
  const waiting = await db.$queryRaw<{ id: string; type: string }[]>`
    SELECT id::text, type FROM sources
     WHERE deleted_at IS NULL AND indexer_id IS NULL
       AND ((type = 'website' AND status = 'pending' AND url IS NOT NULL)
         OR (type = 'page' AND status IN ('pending', 'training') AND url IS NOT NULL)
         OR (type IN ('text', 'file') AND status IN ('pending', 'training') AND body_text IS NOT NULL))
       AND updated_at < ${staleAfter}`;
  for (const s of waiting) await (s.type === "website" ? enqueueCrawl(db, s.id) : enqueueTraining(db, s.id));
  if (stalled.length + waiting.length) helpers.logger.info(`re-queued ${stalled.length} crawls and ${waiting.length} sources`);
});

const FREQUENCY_DAYS: Record<string, number> = { daily: 1, weekly: 7, monthly: 30 };

/** Hourly: sources whose `sync_frequency` says they are due are synced again (website pages go with their website). */
export const resyncSourcesJob = job("resync_sources", async (db, _payload, helpers) => {
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM sources
     WHERE deleted_at IS NULL AND indexer_id IS NULL AND status IN ('trained', 'failed')
       AND sync_frequency IN ('daily', 'weekly', 'monthly')
       AND COALESCE(last_synced_at, created_at) < now() - make_interval(days => CASE sync_frequency WHEN 'daily' THEN ${FREQUENCY_DAYS.daily}::int WHEN 'weekly' THEN ${FREQUENCY_DAYS.weekly}::int ELSE ${FREQUENCY_DAYS.monthly}::int END)
     LIMIT 500`;
  for (const s of due) await startSync(db, s.id);
  if (due.length) helpers.logger.info(`re-syncing ${due.length} sources`);
});

/** Sources a batch of reread_passages reads (each in its own transaction). */
const REREAD_BATCH = 50;

/**
 * Passages whose languages an earlier rule read (docs/decisions/149-passages-read-again.md), read again by the
 * current one, a batch of sources at a time; each batch queues the next (the same key: one pending at a time)
 * until none is left. Queued when a worker starts: an upgraded installation reads its passages again on its own.
 * Its progress is the sources' marks, so a batch lost with its worker is run again by the next start.
 */
export const rereadPassagesJob = job("reread_passages", async (db, { after }, helpers) => {
  const { sources, passages, next } = await readSourcesAgain(db, after ?? null, REREAD_BATCH);
  if (passages) helpers.logger.info(`read ${sources} sources' passages again: ${passages} now in another language`);
  if (next) await enqueueFromTask(helpers, "reread_passages", { after: next }, { jobKey: "reread_passages", maxAttempts: 5 });
});
