import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { contentHash } from "@/server/training/crawler/crawl-pages";
import { fetchDocument } from "@/server/training/crawler/document";
import { recordTrained } from "@/server/training/crawler/page-sources";
import { extractPlainText, type ExtractedDocument } from "@/server/training/extraction/extract";
import { indexSource, removeSourceChunks } from "@/server/training/retrieval/index-source";
import { pathOf } from "@/server/training/crawler/urls";

/**
 * Training of a source that is not a website: a single page (fetched through
 * the SSRF guard, conditional GET), or text / a file's extracted text.
 * Unchanged content (same hash) is not re-indexed.
 */
export async function trainSource(db: Db, sourceId: string): Promise<void> {
  const source = await db.source.findFirst({ where: { id: sourceId, deletedAt: null } });
  if (!source || source.type === "website") return;
  const fail = (reason: string) => db.source.update({ where: { id: source.id }, data: { status: "failed", statusReason: reason, lastSyncedAt: new Date() } });

  let document: ExtractedDocument;
  let text: string;
  let validators: { etag: string | null; lastModified: string | null } = { etag: null, lastModified: null };
  let title = source.title;
  if (source.type === "page") {
    if (!source.url) return void (await fail("The page has no URL"));
    const fetched = await fetchDocument(source.url, { timeoutMs: env().CRAWL_PAGE_TIMEOUT_MS, etag: source.contentHash ? source.etag : null, lastModified: source.contentHash ? source.lastModified : null });
    if (fetched.kind === "unchanged") {
      await db.source.update({ where: { id: source.id }, data: { status: "trained", statusReason: null, lastSyncedAt: new Date() } });
      return;
    }
    if (fetched.kind === "failed" || fetched.kind === "skipped") {
      // A page that is gone answers nothing any more; a passing failure keeps what was learnt.
      if (fetched.kind === "skipped" || fetched.gone) await removeSourceChunks(db, [source.id]);
      await fail(fetched.reason);
      return;
    }
    ({ document, text } = fetched);
    validators = { etag: fetched.etag, lastModified: fetched.lastModified };
    title = source.title || fetched.document.title || pathOf(fetched.finalUrl);
  } else {
    document = extractPlainText(source.bodyText ?? "", "md", source.title);
    text = (source.bodyText ?? "").trim();
    if (!text) return void (await fail("Empty text: nothing to learn from"));
  }
  const hash = contentHash(text);
  if (source.contentHash === hash && source.trainedAt) {
    await db.source.update({ where: { id: source.id }, data: { status: "trained", statusReason: null, lastSyncedAt: new Date(), ...validators } });
    return;
  }
  const { chunkCount } = await indexSource(db, { sourceId: source.id, chatbotId: source.chatbotId, document, url: source.url });
  await recordTrained(db, source.id, { title, text, hash, chunkCount, ...validators });
}
