import { documentText, extractDocx, extractHtmlDocument, extractPdf, extractPlainText, parseHtml, type ExtractedDocument, type LinkedDocument } from "@/server/training/retrieval/extract";
import { crawlFetch, FetchFailure, type FetchOptions } from "@/server/training/crawler/fetch";
import { headerNoindex, readPageMeta, type PageMeta } from "@/server/training/crawler/html-meta";
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

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export function fetchFailureReason(error: unknown, timeoutMs: number): string {
  const err = error as Error & { code?: string; cause?: { code?: string } };
  if (isBlockedError(err)) return "Blocked address: the URL points to a private or reserved network";
  if (err instanceof FetchFailure) return err.message;
  const code = err.cause?.code ?? err.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "DNS lookup failed: the host name does not exist";
  if (err.name === "TimeoutError" || err.name === "AbortError") return `Timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (code === "ECONNREFUSED") return "Connection refused";
  return `Could not connect: ${code ?? err.message}`;
}

const isHtmlType = (contentType: string) => contentType === "text/html" || contentType === "application/xhtml+xml";

/** `parsed`: the HTML page already parsed (by fetchDocument, for its links), which extraction uses up. */
export async function extractByType(contentType: string, body: Uint8Array, url: string, parsed?: LinkedDocument): Promise<ExtractedDocument | null> {
  if (isHtmlType(contentType)) return extractHtmlDocument(parsed ?? parseHtml(Buffer.from(body).toString("utf8")), url);
  if (contentType === "application/pdf") return extractPdf(body);
  if (contentType === DOCX) return extractDocx(body);
  if (contentType === "text/markdown" || contentType === "text/x-markdown") return extractPlainText(Buffer.from(body).toString("utf8"), "md");
  if (contentType === "text/plain") return extractPlainText(Buffer.from(body).toString("utf8"), "txt");
  return null;
}

export async function fetchDocument(
  url: string,
  opts: FetchOptions & { etag?: string | null; lastModified?: string | null; timeoutMs: number },
): Promise<FetchedDocument> {
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
  // An HTML page is parsed once: its links and robots meta first, then its text from the same document.
  const parsed = isHtmlType(res.contentType) ? parseHtml(Buffer.from(res.body).toString("utf8")) : undefined;
  const meta = parsed ? readPageMeta(parsed, res.finalUrl) : null;
  if (meta?.noindex || headerNoindex(res.headers["x-robots-tag"] ?? null)) return { kind: "skipped", finalUrl: res.finalUrl, reason: "noindex: the page asks not to be indexed", meta };
  let document: ExtractedDocument | null;
  try {
    document = await extractByType(res.contentType, res.body, res.finalUrl, parsed);
  } catch (error) {
    return { kind: "failed", reason: `Could not read the ${res.contentType} document: ${(error as Error).message}`.slice(0, 300), gone: false };
  }
  if (!document) return { kind: "skipped", finalUrl: res.finalUrl, reason: `Unsupported content type ${res.contentType || "(none)"}`, meta };
  const text = documentText(document).trim();
  if (!text) return { kind: "skipped", finalUrl: res.finalUrl, reason: "Empty page: no text to learn from", meta };
  if (meta?.title) document = { ...document, title: meta.title };
  return { kind: "document", finalUrl: res.finalUrl, document, text, meta, etag: res.headers.etag || null, lastModified: res.headers["last-modified"] || null };
}
