import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * The crawl frontier in PostgreSQL: one row per (website source, normalized
 * URL), so a URL is queued once however often it is linked; a row is claimed
 * with a lease (`FOR UPDATE SKIP LOCKED`), so parallel loops never fetch the
 * same page and a page held by a killed worker is fetched again once its
 * lease runs out. The statements of every page (claim, queue, settle) go to
 * the pg pool, not through Prisma: ~0.45 ms of CPU less each
 * (docs/decisions/100-a-loop-fetches-while-it-keeps-pages.md).
 */
export interface FrontierRow {
  id: string;
  url: string;
  normalized_url: string;
  depth: number;
  page_source_id: string | null;
  attempts: number;
}

/** A page that killed its worker this many times is given up (a poison page must not stall the crawl). */
export const MAX_ATTEMPTS = 3;

/**
 * Queues URLs not yet in the frontier (or stale from the previous sync), at
 * most `cap` live rows in all. Returns how many rows were queued.
 */
export async function queueUrls(db: Db, websiteId: string, urls: string[], depth: number, cap: number): Promise<number> {
  const unique = [...new Set(urls)];
  if (!unique.length) return 0;
  const { rowCount } = await poolOf(db).query(
    `WITH candidates AS (
       SELECT u, ord FROM unnest($2::text[]) WITH ORDINALITY AS t(u, ord)
        WHERE NOT EXISTS (SELECT 1 FROM crawl_frontier f
                           WHERE f.website_source_id = $1::uuid AND f.normalized_url = t.u AND f.status <> 'stale')
        ORDER BY ord
        LIMIT GREATEST(0, $4::int - (SELECT count(*) FROM crawl_frontier WHERE website_source_id = $1::uuid AND status <> 'stale'))
     )
     INSERT INTO crawl_frontier (website_source_id, url, normalized_url, depth)
     SELECT $1::uuid, u, u, $3::int FROM candidates
     ON CONFLICT (website_source_id, normalized_url) DO UPDATE
        SET status = 'queued', depth = LEAST(crawl_frontier.depth, EXCLUDED.depth), reason = NULL, attempts = 0, updated_at = now()
      WHERE crawl_frontier.status = 'stale'`,
    [websiteId, unique, depth, cap],
  );
  return rowCount ?? 0;
}

/** Claims the next page to fetch (shallowest first), or null when none is claimable. */
export async function claimNext(db: Db, websiteId: string, leaseMs: number): Promise<FrontierRow | null> {
  const { rows } = await poolOf(db).query<FrontierRow>(
    `UPDATE crawl_frontier SET status = 'fetching', lease_until = now() + make_interval(secs => $2::float8),
            attempts = attempts + 1, updated_at = now()
      WHERE id = (SELECT id FROM crawl_frontier
                   WHERE website_source_id = $1::uuid
                     AND (status = 'queued' OR (status = 'fetching' AND lease_until < now()))
                   ORDER BY depth, created_at, id
                   LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id::text, url, normalized_url, depth, page_source_id::text, attempts`,
    [websiteId, leaseMs / 1000],
  );
  return rows[0] ?? null;
}

/** Closes a claimed row, only while the lease is still ours (a slow loop whose lease ran out does not overwrite a newer outcome). */
export async function settle(db: Db, rowId: string, status: "done" | "skipped" | "failed", reason: string | null) {
  await poolOf(db).query(
    `UPDATE crawl_frontier SET status = $2, reason = $3, lease_until = NULL, updated_at = now()
      WHERE id = $1::uuid AND status = 'fetching'`,
    [rowId, status, reason],
  );
}

/**
 * Whether pages are still queued or held under a live lease, and how many rows belong to this sync (not
 * stale). No live row means a new sync's discovery has not queued its start page yet (see beginCrawl).
 */
export async function frontierState(db: Db, websiteId: string): Promise<{ claimable: number; leased: number; live: number }> {
  const [row] = await db.$queryRaw<{ claimable: number; leased: number; live: number }[]>`
    SELECT count(*) FILTER (WHERE status = 'queued' OR (status = 'fetching' AND lease_until < now()))::int AS claimable,
           count(*) FILTER (WHERE status = 'fetching' AND lease_until >= now())::int AS leased,
           count(*) FILTER (WHERE status <> 'stale')::int AS live
      FROM crawl_frontier WHERE website_source_id = ${websiteId}::uuid`;
  return row ?? { claimable: 0, leased: 0, live: 0 };
}

/**
 * Stops queuing: the rest of the queue is skipped with this reason (workspace limit reached). Pages already
 * kept by a previous sync stay queued: the limit stops new pages, it does not take trained ones away.
 */
export async function skipQueued(db: Db, websiteId: string, reason: string) {
  await db.$executeRaw`
    UPDATE crawl_frontier SET status = 'skipped', reason = ${reason}, updated_at = now()
     WHERE website_source_id = ${websiteId}::uuid AND status = 'queued' AND page_source_id IS NULL`;
}

/**
 * Queues again the rows of the previous sync that hold a trained page but were not rediscovered by this
 * one (no link or sitemap led to them): they are fetched (conditionally) before the crawl ends. Returns
 * how many were queued (0 once they have all been settled).
 */
export async function recheckUnvisitedPages(db: Db, websiteId: string): Promise<number> {
  return db.$executeRaw`
    UPDATE crawl_frontier SET status = 'queued', reason = NULL, attempts = 0, updated_at = now()
     WHERE website_source_id = ${websiteId}::uuid AND status = 'stale' AND page_source_id IS NOT NULL`;
}

/**
 * Counts for the dashboard while the crawl runs: URLs found (live rows) and pages kept. Only while the
 * website is crawling: once finishWebsite has claimed it, its totals (which count the pages kept from the
 * previous sync too) are final, and a loop's late refresh must not overwrite them.
 */
export async function refreshCounts(db: Db, websiteId: string) {
  await db.$executeRaw`
    UPDATE sources s SET pages_found = c.found, pages_indexed = c.indexed, crawl_heartbeat_at = now()
      FROM (SELECT count(*) FILTER (WHERE status <> 'stale')::int AS found,
                   count(*) FILTER (WHERE status = 'done' AND page_source_id IS NOT NULL)::int AS indexed
              FROM crawl_frontier WHERE website_source_id = ${websiteId}::uuid) c
     WHERE s.id = ${websiteId}::uuid AND s.status = 'crawling'`;
}
