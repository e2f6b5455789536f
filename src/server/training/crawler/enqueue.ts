import type { Db, Tx } from "@/server/kernel/db/client";
import { enqueue, jobName } from "@/server/kernel/jobs/registry";

/**
 * Crawl and training jobs are enqueued in the caller's transaction, so a
 * source and the job that trains it commit together. Job keys make every
 * enqueue idempotent: one pending job per source and kind.
 */
export async function enqueueCrawl(db: Db | Tx, websiteId: string) {
  await enqueue(db, "crawl_website", { id: websiteId }, { maxAttempts: 3, jobKey: `crawl_website:${websiteId}` });
}

/** `loops` parallel fetch loops for one website (the per-host concurrency), in one statement. */
export async function enqueueCrawlLoops(db: Db | Tx, websiteId: string, loops: number) {
  await db.$executeRaw`
    SELECT graphile_worker.add_job(${jobName("crawl_pages")}, json_build_object('id', ${websiteId}::text, 'loop', n), max_attempts := 3,
                                   job_key := 'crawl_pages:' || ${websiteId}::text || ':' || n, job_key_mode := 'replace')
      FROM generate_series(0, ${loops - 1}) AS n`;
}

export async function enqueueTraining(db: Db | Tx, sourceId: string) {
  await enqueue(db, "train_source", { id: sourceId }, { maxAttempts: 3, jobKey: `train_source:${sourceId}` });
}
