import type { ServerResponse } from "node:http";
import { getDb } from "@/server/kernel/db/client";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/server/kernel/errors";

/**
 * The dashboard's pages during a database outage (docs/decisions/048-the-database-going-away.md): a server
 * component that cannot reach the database throws, and Next answers its 500 page, while the JSON surfaces
 * answer 503 with Retry-After. The front server (scripts/serve.ts) holds a page's 500 back, asks the database
 * once, and when it does not answer sends a "we'll be right back" page with 503 and Retry-After instead; a 500
 * with the database up is a fault of ours and goes out as Next wrote it.
 */
const PROBE_TIMEOUT_MS = 2_000;

export async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
  try {
    return await Promise.race([getDb().$queryRaw`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const OUTAGE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_SECONDS * 2}">
<title>We'll be right back</title>
</head>
<body>
<main>
<h1>We'll be right back</h1>
<p>The service is briefly unavailable. Nothing you saved is lost; this page reloads by itself in a few seconds.</p>
</main>
</body>
</html>
`;

type Args = unknown[];
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding", "cache-control", "etag", "vary", "transfer-encoding"]);

/** For a page request (not `/api`, `/v1` or Next's assets): a 500 becomes the outage page while the database is away. */
export function answerPageOutages(res: ServerResponse, probe: () => Promise<boolean> = databaseAnswers): void {
  let held: { head: Args | null; chunks: Args[] } | null = null;
  const writeHead = res.writeHead.bind(res) as (...args: Args) => ServerResponse;
  const write = res.write.bind(res) as (...args: Args) => boolean;
  const end = res.end.bind(res) as (...args: Args) => ServerResponse;
  const hold = (head: Args | null) => {
    if (held === null && !res.headersSent && (head ? head[0] : res.statusCode) === 500) held = { head, chunks: [] };
    return held !== null;
  };
  res.writeHead = ((...args: Args) => (hold(args) ? res : writeHead(...args))) as typeof res.writeHead;
  res.write = ((...args: Args) => {
    if (!hold(null)) return write(...args);
    held!.chunks.push(args.filter((a) => typeof a !== "function"));
    (args.find((a) => typeof a === "function") as (() => void) | undefined)?.();
    return true;
  }) as typeof res.write;
  res.end = ((...args: Args) => {
    if (!hold(null)) return end(...args);
    const { head, chunks } = held!;
    const last = args.filter((a) => typeof a !== "function");
    const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
    void probe().then((up) => {
      if (up) {
        if (head) writeHead(...head);
        for (const chunk of chunks) write(...chunk);
        return end(...last, callback);
      }
      // Next's security headers stay; what described its own body goes.
      const explicit = (head?.find((a) => a && typeof a === "object") ?? {}) as Record<string, unknown>;
      const kept = Object.fromEntries(Object.entries(explicit).filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())));
      for (const name of BODY_HEADERS) res.removeHeader(name);
      writeHead(503, { ...kept, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Content-Length": Buffer.byteLength(OUTAGE_PAGE) });
      end(res.req.method === "HEAD" ? undefined : OUTAGE_PAGE, callback);
    });
    return res;
  }) as typeof res.end;
}
