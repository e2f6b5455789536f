import { compiledFile, runningCompiled } from "../../../../scripts/lib/freshness.mjs";
import path from "node:path";
import { Piscina } from "piscina";
import { env } from "@/server/kernel/env";
import { readPage, type PageBody, type PageReading } from "./page-reading";

/**
 * Where crawled pages are read (parse, page meta, extraction): a worker
 * thread, so that the crawl loops' fetches and writes on the main
 * thread go on while a page is read — reading is most of a page's CPU, and
 * on the main thread it capped the crawl at one core
 * (docs/decisions/099-crawled-pages-read-off-the-main-thread.md).
 * `CRAWL_READ_THREADS` threads (0: read here), started on the first page and
 * stopped after a minute idle, each with its own heap bound and a time limit
 * per page.
 */

/** The thread's entry: the compiled one (scripts/build-runtime.ts) when running compiled, else the TypeScript one through tsx. */
const workerFile = () => (runningCompiled() ? compiledFile("page-worker") : path.join(process.cwd(), "src/server/training/crawler/page-worker-dev.mjs"));
const TIME_LIMIT_MS = 60_000;
const HEAP_LIMIT_MB = 512;

// On globalThis: Next instantiates a module once per bundle layer, and one pool per process is the point.
const holder = globalThis as unknown as { pagePool?: Piscina<PageBody, PageReading> };

export function pagePool(): Piscina<PageBody, PageReading> {
  holder.pagePool ??= new Piscina<PageBody, PageReading>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: env().CRAWL_READ_THREADS,
    idleTimeout: 60_000,
    // The process's own flags (`--import tsx`, `--cpu-prof`) are not for the thread: the dev entry registers tsx.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
  });
  return holder.pagePool;
}

/**
 * Reads a fetched page on a reading thread (or here when CRAWL_READ_THREADS
 * is 0). The body's bytes move to the thread when they own their buffer. A
 * page the thread cannot read (too slow, too much memory) is `failed` with
 * the reason, like a page extraction throws on.
 */
export async function readPageOffThread(page: PageBody): Promise<PageReading> {
  if (env().CRAWL_READ_THREADS === 0) return readPage(page);
  const { body } = page;
  const movable = body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  try {
    return await pagePool().run(page, { transferList: movable ? [body.buffer as ArrayBuffer] : [], signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  } catch (error) {
    const err = error as Error & { code?: string };
    const why =
      err.name === "AbortError" || err.name === "TimeoutError"
        ? `took more than ${TIME_LIMIT_MS / 1000} s to read`
        : err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? "needs too much memory to read"
          : err.message;
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
