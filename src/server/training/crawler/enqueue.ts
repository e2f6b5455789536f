import type { Db } from "@/server/kernel/db/client";
import type { Prisma } from "@/generated/prisma/client";

/**
 * Crawl and training jobs are enqueued from SQL (`graphile_worker.add_job`),
 * so a source and the job that trains it commit together. Job keys make
 * every enqueue idempotent: one pending job per source and kind.
 */
type Sql = Db | Prisma.TransactionClient;

export async function enqueueCrawl(db: Sql, websiteId: string) {
  await db.$executeRaw`
    SELECT graphile_worker.add_job('crawl_website', json_build_object('id', ${websiteId}::text), max_attempts := 3,
                                   job_key := 'crawl_website:' || ${websiteId}::text, job_key_mode := 'replace')`;
}

/** `loops` parallel fetch loops for one website (the per-host concurrency). */
export async function enqueueCrawlLoops(db: Sql, websiteId: string, loops: number) {
  await db.$executeRaw`
    SELECT graphile_worker.add_job('crawl_pages', json_build_object('id', ${websiteId}::text, 'loop', n), max_attempts := 3,
                                   job_key := 'crawl_pages:' || ${websiteId}::text || ':' || n, job_key_mode := 'replace')
      FROM generate_series(0, ${loops - 1}) AS n`;
}

export async function enqueueTraining(db: Sql, sourceId: string) {
  await db.$executeRaw`
    SELECT graphile_worker.add_job('train_source', json_build_object('id', ${sourceId}::text), max_attempts := 3,
                                   job_key := 'train_source:' || ${sourceId}::text, job_key_mode := 'replace')`;
}
