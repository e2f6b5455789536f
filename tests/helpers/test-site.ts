import http from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";

/** One route of a test website: a fixed reply or one computed per request. */
export type SiteReply = { status?: number; headers?: Record<string, string>; body?: string | Uint8Array; delayMs?: number };
export type SiteRoute = SiteReply | ((req: http.IncomingMessage) => SiteReply);

/**
 * A real website on 127.0.0.1 for the crawler to crawl (port 0): routes can
 * be changed between crawls, and every request is recorded.
 */
export async function startTestSite(routes: Record<string, SiteRoute> = {}) {
  const table = new Map(Object.entries(routes));
  const hits: Array<{ path: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push({ path, headers: req.headers });
    const route = table.get(path) ?? table.get(path.split("?")[0]!);
    const reply: SiteReply = route ? (typeof route === "function" ? route(req) : route) : { status: 404, body: "Not found" };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, { "content-type": "text/html; charset=utf-8", ...reply.headers });
      res.end(reply.body ?? "");
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    url: (path: string) => `${base}${path}`,
    route: (path: string, reply: SiteRoute | null) => (reply ? table.set(path, reply) : table.delete(path)),
    hits: (path: string) => hits.filter((h) => h.path === path),
    allHits: () => hits,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A small HTML page with a title, some paragraphs and links. */
export function page(title: string, paragraphs: string[], links: string[] = [], head = ""): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</nav>
<main><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}</article></main></body></html>`;
}

/**
 * A page served as real servers serve static files: a strong `ETag` (hash of the body) and a
 * `Last-Modified`, and `304 Not Modified` (no body) when `If-None-Match` names the current ETag or,
 * without it, when `If-Modified-Since` is not older than the page (RFC 9110 §13.2.2's order).
 */
export function conditional(reply: SiteReply, lastModified = new Date("2026-01-05T10:00:00Z")): SiteRoute {
  const etag = `"${createHash("sha1").update(reply.body ?? "").digest("hex").slice(0, 16)}"`;
  const modified = lastModified.toUTCString();
  return (req) => {
    const validators = { etag, "last-modified": modified };
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const unchanged = ifNoneMatch
      ? ifNoneMatch.split(",").map((t) => t.trim()).includes(etag)
      : !!ifModifiedSince && Date.parse(ifModifiedSince) >= Math.floor(lastModified.getTime() / 1000) * 1000;
    if (unchanged) return { status: 304, headers: validators };
    return { ...reply, headers: { ...validators, ...reply.headers } };
  };
}
