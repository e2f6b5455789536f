import { headerNoindex, readPageMeta, type PageMeta } from "@/server/training/crawler/html-meta";
import { documentText, extractDocx, extractHtmlDocument, extractPdf, extractPlainText, parseHtml, type ExtractedDocument, type LinkedDocument } from "@/server/training/extraction/extract";

/** A fetched response's body, to be read (on a thread, page-pool.ts, or here). */
export interface PageBody {
  body: Uint8Array;
  contentType: string;
  finalUrl: string;
  /** The X-Robots-Tag header, if any. */
  robotsHeader: string | null;
}

/** What a page says once read: plain data (it crosses from the reading thread). */
export type PageReading =
  | { kind: "document"; document: ExtractedDocument; text: string; meta: PageMeta | null }
  /** Not kept (noindex, not a page, no text), but its links may still be followed. */
  | { kind: "skipped"; reason: string; meta: PageMeta | null }
  | { kind: "failed"; reason: string };

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const isHtmlType = (contentType: string) => contentType === "text/html" || contentType === "application/xhtml+xml";

/** `parsed`: the HTML page already parsed (by readPage, for its links), which extraction uses up. */
async function extractByType(contentType: string, body: Uint8Array, url: string, parsed?: LinkedDocument): Promise<ExtractedDocument | null> {
  if (isHtmlType(contentType)) return extractHtmlDocument(parsed ?? parseHtml(Buffer.from(body).toString("utf8")), url);
  if (contentType === "application/pdf") return extractPdf(body);
  if (contentType === DOCX) return extractDocx(body);
  if (contentType === "text/markdown" || contentType === "text/x-markdown") return extractPlainText(Buffer.from(body).toString("utf8"), "md");
  if (contentType === "text/plain") return extractPlainText(Buffer.from(body).toString("utf8"), "txt");
  return null;
}

/**
 * Reads a fetched page: its links and robots meta, its title and text blocks
 * — or the human reason it is not kept. An HTML page is parsed once: its
 * links and robots meta first, then its text from the same document.
 * (Chunking stays with the caller: the tokenizer takes a second to load, once
 * per thread that counts, docs/decisions/099-crawled-pages-read-off-the-main-thread.md.)
 */
export async function readPage({ body, contentType, finalUrl, robotsHeader }: PageBody): Promise<PageReading> {
  const parsed = isHtmlType(contentType) ? parseHtml(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8")) : undefined;
  const meta = parsed ? readPageMeta(parsed, finalUrl) : null;
  if (meta?.noindex || headerNoindex(robotsHeader)) return { kind: "skipped", reason: "noindex: the page asks not to be indexed", meta };
  let extracted: ExtractedDocument | null;
  try {
    extracted = await extractByType(contentType, body, finalUrl, parsed);
  } catch (error) {
    return { kind: "failed", reason: `Could not read the ${contentType} document: ${(error as Error).message}`.slice(0, 300) };
  }
  if (!extracted) return { kind: "skipped", reason: `Unsupported content type ${contentType || "(none)"}`, meta };
  const text = documentText(extracted).trim();
  if (!text) return { kind: "skipped", reason: "Empty page: no text to learn from", meta };
  return { kind: "document", document: meta?.title ? { ...extracted, title: meta.title } : extracted, text, meta };
}
