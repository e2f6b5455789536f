import { inTransaction, poolOf, type Db } from "@/server/kernel/db/client";
import { removeSourceChunks } from "@/server/training/retrieval/index-source";

export const PREVIEW_CHARS = 2000;

/**
 * The page source of a crawled frontier row: made and linked to the row, or
 * the one a previous attempt made (`FOR UPDATE` on the row), or none when the
 * workspace has reached its source_limit (counted like `usage.sources`, under
 * the workspace's lock, so parallel loops cannot overshoot it). Three
 * statements on the pg pool: a page costs a few of them, and through Prisma
 * each took ~0.45 ms more CPU (docs/decisions/100-a-loop-fetches-while-it-keeps-pages.md).
 */
export async function createPageSource(
  db: Db,
  page: { rowId: string; chatbotId: string; websiteId: string; url: string; path: string; title: string },
): Promise<{ pageId: string } | { limit: number }> {
  return inTransaction(db, async (client) => {
    const { rows: [locked] } = await client.query<{ page_source_id: string | null }>(
      `SELECT f.page_source_id::text, pg_advisory_xact_lock(hashtextextended(c.team_id::text, 0))
         FROM crawl_frontier f, chatbots c WHERE f.id = $1::uuid AND c.id = $2::uuid FOR UPDATE OF f`,
      [page.rowId, page.chatbotId],
    );
    if (locked?.page_source_id) return { pageId: locked.page_source_id };
    const { rows: [made] } = await client.query<{ id: string | null; source_limit: number | null }>(
      `WITH workspace AS (
         SELECT t.source_limit, (SELECT count(*)::int FROM sources s JOIN chatbots o ON o.id = s.chatbot_id
                                  WHERE o.team_id = t.id AND o.deleted_at IS NULL AND s.deleted_at IS NULL) AS live
           FROM chatbots c JOIN teams t ON t.id = c.team_id WHERE c.id = $2::uuid
       ), page AS (
         INSERT INTO sources (chatbot_id, type, indexer, indexer_id, url, path, title, status, sync_frequency)
         SELECT $2::uuid, 'page', 'crawler', $3, $4, $5, $6, 'training', 'never'
           FROM workspace WHERE source_limit IS NULL OR live < source_limit
         RETURNING id
       ), linked AS (
         UPDATE crawl_frontier f SET page_source_id = page.id FROM page WHERE f.id = $1::uuid
       )
       SELECT (SELECT id::text FROM page) AS id, (SELECT source_limit FROM workspace) AS source_limit`,
      [page.rowId, page.chatbotId, page.websiteId, page.url, page.path, page.title],
    );
    return made?.id ? { pageId: made.id } : { limit: made?.source_limit ?? 0 };
  });
}

/** A source whose text is now in the index: what the dashboard shows about it (one statement on the pg pool, as above). */
export async function recordTrained(
  db: Db,
  sourceId: string,
  data: { title?: string; text: string; hash: string; chunkCount: number; etag?: string | null; lastModified?: string | null; links?: string[] },
) {
  await poolOf(db).query(
    `UPDATE sources SET title = coalesce($2, title), status = 'trained', status_reason = NULL, trained_at = now(), last_synced_at = now(),
            chunk_count = $3, text_preview = $4, content_hash = $5, etag = $6, last_modified = $7, links = coalesce($8, links), updated_at = now()
      WHERE id = $1::uuid`,
    [sourceId, data.title ?? null, data.chunkCount, data.text.slice(0, PREVIEW_CHARS), data.hash, data.etag ?? null, data.lastModified ?? null, data.links ?? null],
  );
}

/** Soft-deletes sources and takes their passages out of the index (nothing answers from them any more). */
export async function removePages(db: Db, sourceIds: string[]) {
  if (!sourceIds.length) return;
  await removeSourceChunks(db, sourceIds);
  await db.source.updateMany({ where: { id: { in: sourceIds }, deletedAt: null }, data: { deletedAt: new Date() } });
}
