import path from "node:path";
import { env } from "@/server/kernel/env";
import { movableBuffer, threadLimitReason, threadPool } from "@/server/kernel/lib/thread-pool";
import { readPage, type PageBody, type PageReading } from "./page-reading";

/**
 * Where crawled pages are read (parse, page meta, extraction): a worker
 * thread, so that the crawl loops' fetches and writes on the main
 * thread go on while a page is read — reading is most of a page's CPU, and
 * on the main thread it capped the crawl at one core
 * (docs/decisions/099-crawled-pages-read-off-the-main-thread.md).
 * `CRAWL_READ_THREADS` threads (0: read here), each started when a page waits
 * for one and stopped after a minute idle (kernel/lib/thread-pool.ts), each
 * with its own heap bound and a time limit per page.
 */

const TIME_LIMIT_MS = 60_000;

export const pagePool = () =>
  threadPool<PageBody, PageReading>({
    compiled: "page-worker",
    dev: () => path.join(process.cwd(), "src/server/training/crawler/page-worker-dev.mjs"),
    maxThreads: env().CRAWL_READ_THREADS,
    heapMb: 512,
  });

/**
 * Reads a fetched page on a reading thread (or here when CRAWL_READ_THREADS
 * is 0). The body's bytes move to the thread when they own their buffer. A
 * page the thread cannot read (too slow, too much memory) is `failed` with
 * the reason, like a page extraction throws on.
 */
export async function readPageOffThread(page: PageBody): Promise<PageReading> {
  if (env().CRAWL_READ_THREADS === 0) return readPage(page);
  try {
    return await pagePool().run(page, { transferList: movableBuffer(page.body), signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  } catch (error) {
    const limit = threadLimitReason(error);
    const why = limit === "too slow" ? `took more than ${TIME_LIMIT_MS / 1000} s to read` : limit === "too much memory" ? "needs too much memory to read" : (error as Error).message;
    return { kind: "failed", reason: `Could not read the ${page.contentType} document: ${why}`.slice(0, 300) };
  }
}

const WARM_PAGE = new TextEncoder().encode("<!doctype html><title>warm</title><p>A page read to start a thread.</p>");

/**
 * Starts `threads` reading threads (at most the pool's) ahead of a crawl, while discovery runs: a thread's
 * start (its modules, ~0.3 s) then overlaps the site's robots.txt and sitemaps instead of
 * delaying the first page. Nothing waits for it; a failure shows again, with its reason, on the first page.
 */
export function warmPageReading(threads: number) {
  const n = Math.min(threads, env().CRAWL_READ_THREADS);
  for (let i = 0; i < n; i++) pagePool().run({ body: WARM_PAGE.slice(), contentType: "text/html", finalUrl: "http://warm.invalid/", robotsHeader: null }).catch(() => {});
}
