import type { ExtractedDocument } from "@/server/training/extraction/extract";
import { crawlFetch, FetchFailure, type FetchedResource, type FetchOptions } from "@/server/training/crawler/fetch";
import type { PageMeta } from "@/server/training/crawler/html-meta";
import { readPageOffThread } from "@/server/training/crawler/page-pool";
import { OutboundError } from "@/server/kernel/net/client";
import { isBlockedError } from "@/server/kernel/net/guard";

/**
 * One URL fetched and turned into a document, or the human reason it was not
 * (what a page source's `status_reason` and the dashboard show).
 */
export type FetchedDocument =
  | { kind: "document"; finalUrl: string; document: ExtractedDocument; text: string; meta: PageMeta | null; etag: string | null; lastModified: string | null }
  | { kind: "unchanged"; finalUrl: string }
  /** Not kept (noindex, canonical elsewhere, not a page), but its links may still be followed. */
  | { kind: "skipped"; finalUrl: string; reason: string; meta: PageMeta | null }
  /** `gone`: the page no longer exists (404/410) so a page trained from it is removed. */
  | { kind: "failed"; reason: string; gone: boolean };

export function fetchFailureReason(error: unknown, timeoutMs: number): string {
  const err = error as Error;
  if (isBlockedError(err)) return "Blocked address: the URL points to a private or reserved network";
  if (err instanceof FetchFailure) return err.message;
  const code = err instanceof OutboundError ? err.detail.code : (err as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "DNS lookup failed: the host name does not exist";
  if (err instanceof OutboundError && err.kind === "timeout") return `Timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (code === "ECONNREFUSED") return "Connection refused";
  return `Could not connect: ${code ?? err.message}`;
}

/** A page's response, once the site has answered: what is left to do (reading it) needs nothing more from the site. */
export interface PageResponse {
  kind: "response";
  response: FetchedResource;
}

/**
 * The site's part of fetching a page: the (conditional) request and its body.
 * What needs no more of the site is left as a `response`, for readDocument.
 */
export async function requestDocument(
  url: string,
  opts: FetchOptions & { etag?: string | null; lastModified?: string | null; timeoutMs: number },
): Promise<Extract<FetchedDocument, { kind: "unchanged" | "failed" }> | PageResponse> {
  const headers: Record<string, string> = {};
  if (opts.etag) headers["if-none-match"] = opts.etag;
  if (opts.lastModified) headers["if-modified-since"] = opts.lastModified;
  let res;
  try {
    res = await crawlFetch(url, { ...opts, headers });
  } catch (error) {
    return { kind: "failed", reason: fetchFailureReason(error, opts.timeoutMs), gone: false };
  }
  if (res.status === 304) return { kind: "unchanged", finalUrl: res.finalUrl };
  if (res.status === 404 || res.status === 410) return { kind: "failed", reason: `HTTP ${res.status}: the page does not exist`, gone: true };
  if (res.status < 200 || res.status >= 300) return { kind: "failed", reason: `HTTP ${res.status}`, gone: false };
  return { kind: "response", response: res };
}

/** Reads a successful response on a page-reading thread (page-pool.ts): parse, links and robots meta, title and text. */
export async function readDocument(res: FetchedResource): Promise<Exclude<FetchedDocument, { kind: "unchanged" }>> {
  const read = await readPageOffThread({ body: res.body, contentType: res.contentType, finalUrl: res.finalUrl, robotsHeader: res.headers["x-robots-tag"] ?? null });
  if (read.kind === "failed") return { ...read, gone: false };
  if (read.kind === "skipped") return { ...read, finalUrl: res.finalUrl };
  // A page that declares no language in its markup may in its Content-Language header.
  const headerLanguage = res.headers["content-language"];
  const document = read.document.language || !headerLanguage ? read.document : { ...read.document, language: headerLanguage };
  return { ...read, document, finalUrl: res.finalUrl, etag: res.headers.etag || null, lastModified: res.headers["last-modified"] || null };
}

export async function fetchDocument(
  url: string,
  opts: FetchOptions & { etag?: string | null; lastModified?: string | null; timeoutMs: number },
): Promise<FetchedDocument> {
  const answer = await requestDocument(url, opts);
  return answer.kind === "response" ? readDocument(answer.response) : answer;
}
